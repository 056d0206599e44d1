import { normalizeName } from '../../ontology/names/normalize';
import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { FrameTerm } from './frame-types';

/** What the frame reader needs of the ontology's names. */
export interface Lexicon {
  /** Live classes and properties one of whose readable names (label, exact synonym, ID) normalises to `norm`. */
  exact(norm: string): { iri: string; name: string; kind: 'class' | 'property' }[];
  /** The live properties' readable names, normalised. */
  relationNames(): { iri: string; name: string; norm: string }[];
}

export interface Mention {
  kind: 'concept' | 'relation';
  term: FrameTerm;
  /** Word positions, end exclusive. */
  start: number;
  end: number;
  /** Other entities the same words name (a label shared by several classes). */
  others: FrameTerm[];
  /** A relation named by its head alone ("located" for "located in"): a weaker reading. */
  partial?: boolean;
  /** Written between double quotes: the question names it exactly. */
  quoted?: boolean;
  /** "is a" said from the other end ("superclass of X"): the concept named is the subclass. */
  inverse?: boolean;
}

export interface Scan {
  words: string[];
  mentions: Mention[];
  /** Word positions of a blank ("[?]", "___") the question asks to fill. */
  blanks: number[];
  /** Word positions of which / what / where / who. */
  asks: number[];
}

const MAX_WORDS = 8;
const IS_A = 'is a';
/** Phrases that say "subclass of" in English; "is a" only when no relation follows it closely. */
const ISA_PHRASES = new Set([
  'is a',
  'is an',
  'kind of',
  'kinds of',
  'type of',
  'types of',
  'sort of',
  'sorts of',
  'subclass of',
  'subclasses of',
  'subtype of',
  'subtypes of',
  'child of',
  'children of',
  'descendant of',
  'descendants of',
  'more specific than',
  'narrower than',
]);
/** Phrases that say "superclass of": "X is a superclass of Y" states Y is a X. */
const INVERSE_ISA_PHRASES = new Set([
  'superclass of',
  'superclasses of',
  'supertype of',
  'supertypes of',
  'parent of',
  'parents of',
  'parent class of',
  'parent classes of',
  'ancestor of',
  'ancestors of',
  'generalization of',
  'generalisation of',
  'more general than',
  'broader than',
]);
/** Single words never read as a concept, whatever an ontology labels with them. */
const FUNCTION_WORDS = new Set(
  'a an the of in on at to by for from with and or not no is are be was were which what where who how these those this that some every each any all it its does do has have'.split(
    ' ',
  ),
);
const PREPOSITIONS = new Set(['of', 'in', 'to', 'by', 'at', 'on', 'from', 'with', 'into', 'during']);
const ASK_WORDS = new Set(['which', 'what', 'where', 'who', 'whom']);
const TOKEN = /\[\s*\?\s*\]|_{2,}|"[^"\n]{1,300}"|[A-Za-z][A-Za-z0-9]*:[A-Za-z0-9_]+|[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * The concepts and relations a text names, longest names first and without overlaps; quoted names
 * are taken whole. Only exact names count (after normalisation): a guess at a misspelt name would
 * make the frame, and every check made against it, about something the question did not say.
 */
export function scanText(text: string, lex: Lexicon): Scan {
  const words: string[] = [];
  const quoted = new Map<number, string>();
  const blanks: number[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    if (t.startsWith('[') || t.startsWith('_')) {
      blanks.push(words.length);
      words.push('[?]');
    } else if (t.startsWith('"')) {
      quoted.set(words.length, t.slice(1, -1));
      words.push(t.slice(1, -1));
    } else words.push(t);
  }
  const partials = partialRelations(lex);
  const mentions: Mention[] = [];
  for (let i = 0; i < words.length;) {
    const found = quoted.has(i) ? (exactAt(words, i, 1, lex) ?? isAAt(words, i)) : longestAt(words, i, lex, partials);
    if (found) {
      mentions.push(...found.map((m) => (quoted.has(i) ? { ...m, quoted: true } : m)));
      i = found[0].end;
    } else i++;
  }
  const asks = words.flatMap((w, i) => (ASK_WORDS.has(w.toLowerCase()) ? [i] : []));
  const kept = dropLooseIsA(mentions);
  return { words, mentions: withHeadedNames(words, kept, asks, lex), blanks, asks };
}

/** Words a question uses about itself ("which of the following options"), never a concept it asks about. */
const QUESTION_WORDS = new Set(
  'following options option one ones listed below above true correct best statement statements answer answers choice choices concept concepts class classes term terms entity entities thing things item items'.split(
    ' ',
  ),
);

/** Runs of words no mention covers that say something of their own, as [start, end) word positions. */
export function unlinkedRuns(scan: Pick<Scan, 'words' | 'mentions'>): [number, number][] {
  const covered = new Set(scan.mentions.flatMap((m) => range(m.start, m.end)));
  const runs: [number, number][] = [];
  scan.words.forEach((w, i) => {
    const lw = w.toLowerCase();
    const content =
      !covered.has(i) && w !== '[?]' && !isFunctionWord(w) && !ASK_WORDS.has(lw) && !QUESTION_WORDS.has(lw);
    if (!content) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === i) last[1] = i + 1;
    else runs.push([i, i + 1]);
  });
  return runs;
}

/**
 * "Which of these cells is a kind of photoreceptor?": a word the ontology does not name alone may be
 * the start of a name the question's own noun completes ("photoreceptor cell"); it is linked to that
 * name when exactly one class has it.
 */
function withHeadedNames(words: string[], ms: Mention[], asks: number[], lex: Lexicon): Mention[] {
  const heads = ms.filter((m) => m.kind === 'concept' && asks.some((a) => m.start > a && m.start - a <= 3));
  if (!heads.length) return ms;
  const added: Mention[] = [];
  for (const [start, end] of unlinkedRuns({ words, mentions: ms })) {
    if (end - start > 4) continue;
    const run = words.slice(start, end).join(' ');
    const hits = [...new Set(heads.map((h) => h.term.name))].flatMap((head) =>
      classesNamed(normalizeName(`${run} ${head}`), lex),
    );
    const iris = new Set(hits.map((h) => h.iri));
    if (iris.size !== 1) continue;
    added.push({ kind: 'concept', term: { iri: hits[0].iri, name: hits[0].name, from: run }, start, end, others: [] });
  }
  return added.length ? [...ms, ...added].sort((a, b) => a.start - b.start) : ms;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

function longestAt(words: string[], i: number, lex: Lexicon, partials: Map<string, FrameTerm>): Mention[] | null {
  for (let n = Math.min(MAX_WORDS, words.length - i); n >= 1; n--) {
    if (words.slice(i, i + n).includes('[?]')) continue;
    const hit = exactAt(words, i, n, lex);
    if (hit) return hit;
    const norm = normalizeName(words.slice(i, i + n).join(' '));
    if (ISA_PHRASES.has(norm) || INVERSE_ISA_PHRASES.has(norm)) {
      const m: Mention = {
        kind: 'relation',
        term: isA(words.slice(i, i + n).join(' ')),
        start: i,
        end: i + n,
        others: [],
      };
      return [INVERSE_ISA_PHRASES.has(norm) ? { ...m, inverse: true } : m];
    }
    const p = partials.get(norm);
    if (p)
      return [
        {
          kind: 'relation',
          term: { ...p, from: words.slice(i, i + n).join(' ') },
          start: i,
          end: i + n,
          others: [],
          partial: true,
        },
      ];
  }
  return null;
}

function isAAt(words: string[], i: number): Mention[] | null {
  const from = words[i];
  const norm = normalizeName(from);
  if (INVERSE_ISA_PHRASES.has(norm))
    return [{ kind: 'relation', term: isA(from), start: i, end: i + 1, others: [], inverse: true }];
  return ISA_PHRASES.has(norm) || norm === 'subclass'
    ? [{ kind: 'relation', term: isA(from), start: i, end: i + 1, others: [] }]
    : null;
}

function exactAt(words: string[], i: number, n: number, lex: Lexicon): Mention[] | null {
  const from = words.slice(i, i + n).join(' ');
  const norm = normalizeName(from);
  if (!norm || (n === 1 && FUNCTION_WORDS.has(norm))) return null;
  const hits = lex.exact(norm);
  const rel = hits.filter((h) => h.kind === 'property');
  // "Which heart diseases …": a plural names the class its singular names (else "heart" alone would).
  const cls = hits.length
    ? hits.filter((h) => h.kind === 'class')
    : singulars(norm).flatMap((x) => classesNamed(x, lex));
  // A name that is both a relation and a class is read as the relation: questions state relations in words.
  const use = rel.length ? rel : cls;
  if (!use.length) return null;
  const terms = use.map((h) => ({ iri: h.iri, name: h.name, from }));
  return [{ kind: rel.length ? 'relation' : 'concept', term: terms[0], start: i, end: i + n, others: terms.slice(1) }];
}

/** Property names without their final preposition ("located" for "located in"), when that head is a word of its own. */
function partialRelations(lex: Lexicon): Map<string, FrameTerm> {
  const out = new Map<string, FrameTerm>();
  const clash = new Set<string>();
  for (const r of lex.relationNames()) {
    const ws = r.norm.split(' ');
    if (ws.length < 2 || !PREPOSITIONS.has(ws[ws.length - 1])) continue;
    const head = ws.slice(0, -1).join(' ');
    if (head.length < 4 || FUNCTION_WORDS.has(head)) continue;
    const prev = out.get(head);
    if (prev && prev.iri !== r.iri) clash.add(head);
    else out.set(head, { iri: r.iri, name: r.name, from: head });
  }
  for (const c of clash) out.delete(c);
  return out;
}

/**
 * "is a" belongs to another relation when the text has one ("is a part of") and opens a question
 * rather than stating anything when it comes first ("Is a neuron a cell?"): dropped in both cases.
 */
function dropLooseIsA(ms: Mention[]): Mention[] {
  const loose = (m: Mention) => m.term.iri === SUBCLASS_OF && ['is a', 'is an'].includes(normalizeName(m.term.from));
  const otherRelation = ms.some((m) => m.kind === 'relation' && !loose(m));
  return ms.filter((m) => !loose(m) || (!otherRelation && m.start > 0));
}

/** A word that carries no meaning of its own in a question (an article, a preposition, "is"). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word.toLowerCase());
}

/**
 * The words between two mentions that say something of their own ("regulator" in "is a regulator of
 * X"): a reading that joins the two across them leaves that meaning out.
 */
export function wordsBetween(words: string[], a: Mention, b: Mention): string[] {
  const after = a.end <= b.start;
  const [from, to] = after ? [a.end, b.start] : [b.end, a.start];
  return words.slice(from, to).filter(
    (w) =>
      // "part of every heart" says every heart has such a part: not the statement "part of some heart".
      (after && a.kind === 'relation' && FILLER_QUANTIFIERS.has(w.toLowerCase())) ||
      (w !== '[?]' && !isFunctionWord(w) && !CONNECTIVES.has(w.toLowerCase())),
  );
}

const FILLER_QUANTIFIERS = new Set(['every', 'all', 'each', 'any']);

/** Words that join a statement's places without adding to it ("every X is related by R to some Y"). */
const CONNECTIVES = new Set(['related', 'every']);

export function isA(from = IS_A): FrameTerm {
  return { iri: SUBCLASS_OF, name: IS_A, from };
}

/** The singulars an English plural may come from: "diseases" → "disease", "bodies" → "body", "boxes" → "box". */
function singulars(norm: string): string[] {
  if (norm.length < 4 || norm.endsWith('ss') || !norm.endsWith('s')) return [];
  if (norm.endsWith('ies')) return [`${norm.slice(0, -3)}y`, norm.slice(0, -1)];
  if (norm.endsWith('es')) return [norm.slice(0, -1), norm.slice(0, -2)];
  return [norm.slice(0, -1)];
}

function classesNamed(norm: string, lex: Lexicon) {
  return lex.exact(norm).filter((h) => h.kind === 'class');
}
