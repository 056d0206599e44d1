import { UserError } from '../../core/errors';
import type { LinkResult } from '../linking/link-types';

/** Manchester syntax's own words: never names. */
const KEYWORDS = new Set([
  'and',
  'or',
  'not',
  'some',
  'only',
  'value',
  'min',
  'max',
  'exactly',
  'that',
  'inverse',
  'self',
]);

export interface NameResolver {
  linkConcept(text: string): LinkResult;
  linkRelation(text: string): LinkResult;
}

export interface ManchesterToken {
  kind: 'keyword' | 'name' | 'iri' | 'punct' | 'number' | 'literal';
  text: string;
  start: number;
  end: number;
}

/** Splits a class expression into keywords, names ('quoted names' too), <IRIs>, numbers and brackets. */
export function tokenizeManchester(text: string): ManchesterToken[] {
  const out: ManchesterToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if ('(){},[]'.includes(c)) {
      out.push({ kind: 'punct', text: c, start, end: ++i });
      continue;
    }
    if (c === '<' || c === "'" || c === '"') {
      const close = c === '<' ? '>' : c;
      const j = text.indexOf(close, i + 1);
      if (j < 0) throw new UserError('manchester-syntax', `Column ${i + 1}: ${c} is never closed.`);
      const kind = c === '<' ? 'iri' : c === "'" ? 'name' : 'literal';
      out.push({ kind, text: kind === 'name' ? text.slice(i + 1, j) : text.slice(i, j + 1), start, end: j + 1 });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < text.length && !/[\s(){},[\]<'"]/.test(text[j])) j++;
    const word = text.slice(i, j);
    const kind = KEYWORDS.has(word.toLowerCase()) ? 'keyword' : /^\d+$/.test(word) ? 'number' : 'name';
    out.push({ kind, text: word, start, end: j });
    i = j;
  }
  return out;
}

/**
 * The expression with every name replaced by its entity's <IRI>: a name right before a restriction
 * keyword (some, only, value, min, max, exactly) or after "inverse" is a relation, any other a class.
 * A name the ontology does not have, or has twice, is a clear error that suggests the closest ones.
 */
export function resolveManchester(text: string, names: NameResolver): string {
  const toks = tokenizeManchester(text);
  if (!toks.length)
    throw new UserError('manchester-syntax', 'Give a class expression, e.g. Pizza and hasTopping some MeatTopping.');
  return toks
    .map((t, i) => {
      if (t.kind === 'keyword') return t.text.toLowerCase();
      if (t.kind !== 'name') return t.text;
      const next = toks[i + 1];
      const prev = toks[i - 1];
      const relation =
        (next?.kind === 'keyword' && /^(some|only|value|min|max|exactly)$/i.test(next.text)) ||
        (prev?.kind === 'keyword' && /^inverse$/i.test(prev.text));
      const r = relation ? names.linkRelation(t.text) : names.linkConcept(t.text);
      if (r.status === 'ok') return `<${r.entity.iri}>`;
      const what = relation ? 'relation' : 'class';
      const near = r.candidates.slice(0, 3).map((x) => `'${x.name}'`);
      throw new UserError(
        r.status === 'ambiguous' ? 'ambiguous-name' : 'unknown-name',
        r.status === 'ambiguous'
          ? `"${t.text}" names more than one ${what}: ${near.join(', ')}. Quote the one you mean.`
          : `No ${what} is called "${t.text}" in this ontology${near.length ? ` (closest: ${near.join(', ')})` : ''}.`,
      );
    })
    .join(' ');
}
