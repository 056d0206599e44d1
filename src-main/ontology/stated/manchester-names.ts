import type { AxiomSegment } from './stated-types';

const BARE = /^(?:[A-Za-z_][\w.-]*|[A-Za-z][\w-]*:[\w.-]+)$/;
const KEYWORDS = new Set([
  'some',
  'only',
  'value',
  'min',
  'max',
  'exactly',
  'and',
  'or',
  'not',
  'that',
  'inverse',
  'Self',
]);

/** A name as Manchester syntax writes it: bare when it is one word, else in single quotes (as Protégé does). */
export function manchesterName(name: string): string {
  return BARE.test(name) && !KEYWORDS.has(name) ? name : `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Names the entities of Manchester syntax the bridge wrote with full IRIs (`<iri>`): the text to copy
 * gets each entity's name (quoted where needed), the segments keep each entity's IRI for a link. Only
 * the IRIs the bridge listed count, and never inside a quoted literal.
 */
export function nameManchester(
  text: string,
  entities: readonly string[],
  nameOf: (iri: string) => { name: string; kind: 'class' | 'property' | 'other' },
): { manchester: string; segments: AxiomSegment[] } {
  const known = new Set(entities);
  const segments: AxiomSegment[] = [];
  let plain = '';
  let out = '';
  let i = 0;
  const flush = () => {
    if (plain) segments.push({ text: plain });
    plain = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const end = literalEnd(text, i);
      plain += text.slice(i, end);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '<') {
      const close = text.indexOf('>', i + 1);
      const iri = close > i ? text.slice(i + 1, close) : '';
      if (iri && known.has(iri)) {
        const { name, kind } = nameOf(iri);
        flush();
        segments.push({ iri, name, kind });
        out += manchesterName(name);
        i = close + 1;
        continue;
      }
    }
    plain += ch;
    out += ch;
    i++;
  }
  flush();
  return { manchester: out, segments };
}

/** The index just past a double-quoted literal starting at `start` (backslash escapes honoured). */
function literalEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
