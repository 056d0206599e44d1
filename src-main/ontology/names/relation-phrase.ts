/**
 * How a relation label reads in an English sentence about "every X": as a verb ("regulates"), after
 * "is" ("part of"), as a noun the subject has ("finding site"), as a noun of the subject that does
 * something ("existence starts with"), or, when it fits none of these, quoted ("during which ends").
 */
export type RelationShape =
  | { kind: 'verb'; words: string }
  | { kind: 'be'; words: string }
  | { kind: 'noun'; words: string }
  | { kind: 'possessive'; noun: string; verb: string }
  | { kind: 'opaque'; words: string };

const PREPOSITIONS = new Set(
  'of in at from to by with on into onto for during after before than as via within between toward towards under over through'.split(
    ' ',
  ),
);
/** Participles and adjectives that take "is": "is located in", "is adjacent to", "is capable of". */
const BE_WORDS = new Set(
  (
    'located adjacent attached connected surrounded preceded followed derived composed formed induced guided secreted ' +
    'transcribed determined involved realized realised capable continuous distal proximal anterior posterior dorsal ' +
    'ventral lateral medial part characteristic upstream downstream'
  ).split(' '),
);
/** Verbs of relation labels that do not end in -s as written here. */
const VERBS = new Set(['has', 'have', 'contains', 'overlaps', 'precedes', 'follows']);
/** Nouns that head a possessive label: "existence starts with" is the subject's existence. */
const POSSESSIVE_NOUNS = new Set(['existence']);
/** Labels that name a class rather than a relation ("is neuron"), or an obsolete one: quoted. */
const OPAQUE_START = /^(is|obsolete|during|process|causal)\b/;

export function relationShape(label: string): RelationShape {
  const words = label.trim().replace(/[_\s]+/g, ' ');
  const ws = words.toLowerCase().split(' ');
  const first = ws[0];
  const last = ws[ws.length - 1];
  if (!/[a-z]/i.test(words) || /^[A-Za-z]+:\d+$/.test(words) || OPAQUE_START.test(words.toLowerCase()))
    return { kind: 'opaque', words };
  if (POSSESSIVE_NOUNS.has(first) && ws.length > 1)
    return { kind: 'possessive', noun: first, verb: ws.slice(1).join(' ') };
  if (
    first === 'has' &&
    ws.length > 1 &&
    ws.length <= 4 &&
    !PREPOSITIONS.has(last) &&
    !ws.includes('that') &&
    !ws.includes('or')
  )
    return { kind: 'noun', words: ws.slice(1).join(' ') };
  // An adverb takes the shape of what it qualifies: "partially overlaps", "causally upstream of".
  if (first.endsWith('ly') && ws.length > 1) {
    const rest = relationShape(ws.slice(1).join(' '));
    return rest.kind === 'verb' || rest.kind === 'be' ? { kind: rest.kind, words } : { kind: 'be', words };
  }
  if (PREPOSITIONS.has(first) || BE_WORDS.has(first) || first.endsWith('ed')) return { kind: 'be', words };
  if (VERBS.has(first) || (first.length > 3 && /[^su]s$/.test(first) && !/ss$/.test(first)))
    return { kind: 'verb', words };
  // A noun before a preposition is a role the subject plays: "branch of" reads "is a branch of".
  if (PREPOSITIONS.has(last)) return { kind: 'be', words: `${/^[aeiou]/.test(first) ? 'an' : 'a'} ${words}` };
  return { kind: 'noun', words };
}

/** What follows "Every X" before the filler: "is part of", "regulates", "has finding site". */
export function relationPhrase(label: string): string {
  const s = relationShape(label);
  switch (s.kind) {
    case 'verb':
      return s.words;
    case 'be':
      return `is ${s.words}`;
    case 'noun':
      return `has ${s.words}`;
    case 'possessive':
      return `has ${s.noun} that ${s.verb}`;
    case 'opaque':
      return `is related by "${s.words}" to`;
  }
}

/** A relative clause about a thing, for nested fillers: "that is part of", "whose existence starts with". */
export function relationClause(label: string): string {
  const s = relationShape(label);
  if (s.kind === 'possessive') return `whose ${s.noun} ${s.verb}`;
  return `that ${relationPhrase(label)}`;
}

/** Paraphrases per shape: {S} the subject, {F} the filler as a noun phrase without its article. */
const TEMPLATES: Record<RelationShape['kind'], ((w: Record<string, string>) => string)[]> = {
  verb: [
    (w) => `Every ${w.S} ${w.words} some ${w.F}.`,
    (w) => `Each ${w.S} ${w.words} at least one ${w.F}.`,
    (w) => `Any ${w.S} ${w.words} some kind of ${w.F}.`,
  ],
  be: [
    (w) => `Every ${w.S} is ${w.words} some ${w.F}.`,
    (w) => `Each ${w.S} is ${w.words} at least one ${w.F}.`,
    (w) => `Any ${w.S} is always ${w.words} some ${w.F}.`,
  ],
  noun: [
    (w) => `Every ${w.S} has ${w.words} some ${w.F}.`,
    (w) => `Each ${w.S} has some ${w.F} as its ${w.words}.`,
    (w) => `For every ${w.S}, some ${w.F} is its ${w.words}.`,
  ],
  possessive: [
    (w) => `The ${w.noun} of every ${w.S} ${w.verb} some ${w.F}.`,
    (w) => `Each ${w.S}'s ${w.noun} ${w.verb} at least one ${w.F}.`,
    (w) => `For every ${w.S}, its ${w.noun} ${w.verb} some ${w.F}.`,
  ],
  opaque: [
    (w) => `Every ${w.S} is related by "${w.words}" to some ${w.F}.`,
    (w) => `Each ${w.S} stands in the relation "${w.words}" to at least one ${w.F}.`,
    (w) => `Every ${w.S} has the relation "${w.words}" to some ${w.F}.`,
  ],
};

export const PARAPHRASES = 3;

const verb = (words: string): RelationShape => ({ kind: 'verb', words });
const be = (words: string): RelationShape => ({ kind: 'be', words });

/**
 * Other words for the relations the shared ontologies use most, none of them containing the label's
 * own words: a Test 2 definition written with them is understood by reading, not found by matching
 * the relation's label. Keyed by the label as relationShape normalises it (lower case, spaces).
 */
const OTHER_WORDS: Record<string, RelationShape[]> = {
  'part of': [be('a component of'), be('one of the pieces that make up'), verb('belongs to')],
  'has part': [verb('includes'), verb('comprises'), verb('contains')],
  'located in': [verb('lies in'), be('found in'), verb('resides in')],
  'occurs in': [verb('takes place in'), verb('happens in'), be('carried out in')],
  'develops from': [verb('arises from'), verb('originates from'), verb('grows out of')],
  'derives from': [verb('originates from'), verb('comes from'), verb('stems from')],
  'develops into': [verb('becomes'), verb('turns into'), verb('matures into')],
  regulates: [verb('controls'), verb('modulates'), verb('governs')],
  'negatively regulates': [verb('inhibits'), verb('suppresses'), verb('dampens')],
  'positively regulates': [verb('promotes'), verb('stimulates'), verb('enhances')],
  'participates in': [verb('takes part in'), be('engaged in'), verb('plays a role in')],
  'has participant': [verb('involves'), verb('engages'), verb('draws in')],
  'capable of': [verb('can carry out'), be('able to perform'), verb('can perform')],
  'adjacent to': [be('next to'), verb('borders'), verb('lies alongside')],
  'connected to': [be('joined to'), verb('links to'), be('linked with')],
  'surrounded by': [be('enclosed by'), be('encircled by'), be('ringed by')],
  surrounds: [verb('encloses'), verb('encircles'), verb('rings')],
  'attached to': [be('fixed to'), be('fastened to'), be('joined onto')],
  'has output': [verb('produces'), verb('yields'), verb('gives rise to')],
  precedes: [verb('comes before'), verb('happens before'), verb('goes before')],
  'preceded by': [verb('comes after'), verb('follows'), verb('happens after')],
  'member of': [verb('belongs to'), be('one of the members of'), be('included in')],
  'composed primarily of': [be('made mainly of'), be('built mostly from'), be('formed largely of')],
  'existence starts during': [
    verb('begins to exist during'),
    verb('comes into being during'),
    verb('first appears during'),
  ],
  'existence ends during': [verb('ceases to exist during'), verb('stops existing during'), verb('disappears during')],
  'existence starts with': [verb('comes into being with'), verb('begins to exist with'), verb('first appears with')],
  'existence ends with': [verb('ceases to exist with'), verb('stops existing with'), verb('disappears with')],
  'has topping': [be('topped with'), be('covered with'), be('finished with')],
  'has base': [be('built on'), be('made on'), verb('sits on')],
};

/** The other wordings of a relation label (none when it has none listed). */
export function otherWords(label: string): RelationShape[] {
  return (
    OTHER_WORDS[
      label
        .trim()
        .replace(/[_\s]+/g, ' ')
        .toLowerCase()
    ] ?? []
  );
}

/**
 * A Test 2 sentence: the relation in other words when it has some (variant chooses them and the
 * template), else its own label in one of the PARAPHRASES templates.
 */
export function paraphrasedSentence(subject: string, label: string, filler: string, variant: number): string {
  const alt = otherWords(label);
  if (!alt.length) return statementSentence(subject, label, filler, variant);
  const shape = alt[variant % alt.length];
  return shapedSentence(shape, subject, filler, Math.floor(variant / alt.length));
}

/**
 * "Every S <relation> some F." in one of PARAPHRASES wordings (variant 0 is the plain one). The
 * filler is a noun phrase without its article: "nucleus", "cell that is part of some nucleus".
 */
export function statementSentence(subject: string, label: string, filler: string, variant = 0): string {
  return shapedSentence(relationShape(label), subject, filler, variant);
}

/** A sentence in a given shape (the Test 2 writer chooses its own shapes). */
export function shapedSentence(s: RelationShape, subject: string, filler: string, variant: number): string {
  const w: Record<string, string> = { S: subject, F: filler };
  if (s.kind === 'possessive') Object.assign(w, { noun: s.noun, verb: s.verb });
  else w.words = s.words;
  return TEMPLATES[s.kind][((variant % PARAPHRASES) + PARAPHRASES) % PARAPHRASES](w);
}
