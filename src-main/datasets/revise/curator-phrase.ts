import { otherWords, relationShape, shapedSentence, type RelationShape } from '../../ontology/names/relation-phrase';

/**
 * Test 2 definition sentences as a curator would write them. Each relation shape that the generic
 * "Every S <relation> some F" reads badly in gets its own wordings: qualities and adjectives ("Every
 * canal is tropical", not "has quality some tropical"), taxa (no "some" before a taxon's name),
 * cross sections, stages, developmental and inverse-style relations. Every entry keeps the
 * statement's meaning, S ⊑ ∃r.F, so the reader can still recover it.
 */

/** {S} the subject, {F} the filler as a noun phrase (no article), {A} "some F" (or "something ..."), {N} a noun relation's noun. */
type Template = (w: { S: string; F: string; A: string; N: string }) => string;

/** Relation labels that are bare IDs in files without relation labels (FoodOn): the RO / BFO label. */
const KNOWN_IDS: Record<string, string> = {
  'BFO:0000050': 'part of',
  'BFO:0000051': 'has part',
  'RO:0000086': 'has quality',
  'RO:0001000': 'derives from',
  'RO:0002160': 'only in taxon',
  'RO:0002162': 'in taxon',
  'RO:0002170': 'connected to',
  'RO:0002351': 'has member',
};

/** A relation label as running text: "has_quality" → "has quality", "RO:0000086" → "has quality". */
export function readableRelation(label: string): string {
  const id = label.trim().replace('_', ':');
  if (KNOWN_IDS[id]) return KNOWN_IDS[id];
  return label
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
}

/** A concept's name as running text: "biological_process" → "biological process". */
export function readableName(name: string): string {
  return /\s/.test(name.trim()) || !name.includes('_') ? name : name.replace(/_+/g, ' ');
}

const QUALITY_RELATIONS = new Set(['has quality', 'has characteristic']);
/** A name that reads as an adjective: its last word ends as adjectives and participles do. */
const ADJECTIVE_END =
  /(al|ar|ic|ous|ive|ible|able|ful|less|ary|ory|oid|ent|ant|ed|ing|ish|ile|ose|ular|eous|ian|fold)$/;
const NOUN_END = /(ity|ness|ion|ture|ance|ence|ment|ship|ism|hood|size|shape|colou?r|level|rate|mass|length)$/;

function isAdjective(f: string): boolean {
  const words = f.toLowerCase().split(/\s+/);
  const last = words[words.length - 1];
  if (words.length > 3 || /[^a-z\s-]/.test(f.toLowerCase())) return false;
  return ADJECTIVE_END.test(last) && !NOUN_END.test(last);
}

const QUALITY_ADJECTIVE: Template[] = [
  (w) => `Every ${w.S} is ${w.F}.`,
  (w) => `Each ${w.S} is ${w.F} in character.`,
  (w) => `Any ${w.S} is always ${w.F}.`,
];
const QUALITY_OF: Template[] = [
  (w) => `Every ${w.S} has the ${w.F}.`,
  (w) => `Each ${w.S} shows the ${w.F}.`,
  (w) => `Any ${w.S} always has the ${w.F}.`,
];
const QUALITY_NOUN: Template[] = [
  (w) => `Every ${w.S} is characterised by ${w.F}.`,
  (w) => `Each ${w.S} has ${w.F} as one of its qualities.`,
  (w) => `Any ${w.S} shows ${w.F}.`,
];

/** Taxa are proper names: no article, and no "some". */
const TAXON: Record<string, Template[]> = {
  'in taxon': [
    (w) => `Every ${w.S} is found in ${w.F}.`,
    (w) => `Each ${w.S} occurs in organisms of the taxon ${w.F}.`,
    (w) => `Any ${w.S} belongs to a member of ${w.F}.`,
  ],
  'only in taxon': [
    (w) => `Every ${w.S} is found only in ${w.F}.`,
    (w) => `Each ${w.S} occurs only in organisms of the taxon ${w.F}.`,
    (w) => `Any ${w.S} is restricted to members of ${w.F}.`,
  ],
  'present in taxon': [
    (w) => `Every ${w.S} is present in ${w.F}.`,
    (w) => `Each ${w.S} is seen in organisms of the taxon ${w.F}.`,
    (w) => `Any ${w.S} occurs in members of ${w.F}.`,
  ],
};

/** Relations that read badly in the generic shapes, each in its own sentences. */
const SENTENCES: Record<string, Template[]> = {
  'start stage': [
    (w) => `Every ${w.S} first appears at the stage ${w.F}.`,
    (w) => `Each ${w.S} is first present at the stage ${w.F}.`,
    (w) => `Any ${w.S} comes into being at the stage ${w.F}.`,
  ],
  'end stage': [
    (w) => `Every ${w.S} is last present at the stage ${w.F}.`,
    (w) => `Each ${w.S} persists until the stage ${w.F}.`,
    (w) => `Any ${w.S} ceases to exist at the stage ${w.F}.`,
  ],
  'has member': [
    (w) => `Every ${w.S} has ${w.A} among its members.`,
    (w) => `Each ${w.S} counts at least one ${w.F} among its members.`,
    (w) => `Any ${w.S} includes ${w.A} as a member.`,
  ],
  'during which starts': [
    (w) => `During every ${w.S}, ${w.A} starts.`,
    (w) => `Each ${w.S} sees the start of ${w.A}.`,
    (w) => `In the course of any ${w.S}, ${w.A} begins.`,
  ],
  'during which ends': [
    (w) => `During every ${w.S}, ${w.A} ends.`,
    (w) => `Each ${w.S} sees the end of ${w.A}.`,
    (w) => `In the course of any ${w.S}, ${w.A} comes to an end.`,
  ],
  'has disposition': [
    (w) => `Every ${w.S} has ${w.A}.`,
    (w) => `Each ${w.S} shows ${w.A}.`,
    (w) => `Any ${w.S} is marked by ${w.A}.`,
  ],
  'has cross section': [
    (w) => `Every ${w.S} has ${w.A} as its cross section.`,
    (w) => `The cross section of each ${w.S} is ${w.A}.`,
    (w) => `Cut across, any ${w.S} shows ${w.A}.`,
  ],
};
const CROSS_SECTION_ADJECTIVE: Template[] = [
  (w) => `Every ${w.S} has a ${w.F} cross section.`,
  (w) => `Each ${w.S} is ${w.F} in cross section.`,
  (w) => `The cross section of any ${w.S} is ${w.F}.`,
];

const PLAYED: Template[] = [
  (w) => `Every ${w.S} plays ${w.A}.`,
  (w) => `Each ${w.S} takes on ${w.A}.`,
  (w) => `Any ${w.S} has ${w.A}.`,
];
const PERFORMED: Template[] = [
  (w) => `Every ${w.S} performs ${w.A}.`,
  (w) => `Each ${w.S} carries out ${w.A}.`,
  (w) => `Any ${w.S} has ${w.A}.`,
];

const verb = (words: string): RelationShape => ({ kind: 'verb', words });
const be = (words: string): RelationShape => ({ kind: 'be', words });

/**
 * Developmental, causal and inverse-style labels ("output of", "location of"), and labels that
 * read as nouns without an article ("immediate transformation of"): their own verbs.
 */
const WORDS: Record<string, RelationShape[]> = {
  'immediate transformation of': [
    verb('forms directly from'),
    verb('arises by direct transformation of'),
    be('formed directly from'),
  ],
  'transformation of': [
    verb('arises by transformation of'),
    be('formed by transformation of'),
    verb('develops by transformation of'),
  ],
  'develops from part of': [verb('develops from part of'), verb('arises from part of'), verb('grows out of part of')],
  'develops in': [verb('develops within'), verb('forms in'), verb('grows in')],
  'has developmental contribution from': [
    verb('develops in part from'),
    verb('receives a developmental contribution from'),
    be('formed in part from'),
  ],
  'developmentally contributes to': [
    verb('contributes to the development of'),
    verb('helps form'),
    be('a developmental source of'),
  ],
  'developmentally replaces': [
    verb('replaces during development'),
    verb('takes the place during development of'),
    verb('succeeds in development'),
  ],
  'developmentally induced by': [
    be('induced during development by'),
    verb('develops under the influence of'),
    verb('is induced to develop by'),
  ],
  'induced by': [be('induced by'), verb('develops under the influence of'), be('brought into being by')],
  'derives by manipulation from': [
    be('obtained by manipulating'),
    verb('is made by manipulating'),
    verb('comes from manipulation of'),
  ],
  'derives into': [verb('gives rise to'), verb('turns into'), verb('becomes')],
  'immediately preceded by': [verb('comes right after'), be('directly preceded by'), verb('follows directly on')],
  'directly preceded by': [verb('comes right after'), be('immediately preceded by'), verb('follows directly on')],
  'output of': [be('produced by'), verb('comes out of'), be('an output of')],
  'input of': [be('taken in by'), be('consumed by'), be('an input of')],
  'has input': [verb('takes in'), verb('consumes'), verb('uses')],
  'location of': [be('the location of'), verb('hosts'), verb('houses')],
  'characteristic of': [be('a characteristic of'), verb('characterises'), be('a feature of')],
  'bearer of': [verb('bears'), verb('carries'), be('the bearer of')],
  'has role': [verb('serves as'), verb('acts as'), verb('plays the part of')],
  'in left side of': [be('in the left side of'), verb('lies in the left side of'), be('on the left of')],
  'in right side of': [be('in the right side of'), verb('lies in the right side of'), be('on the right of')],
  'in distal side of': [be('in the distal side of'), verb('lies on the distal side of'), be('at the distal end of')],
  'in proximal side of': [
    be('in the proximal side of'),
    verb('lies on the proximal side of'),
    be('at the proximal end of'),
  ],
  'has function': [verb('functions as'), verb('serves as'), verb('works as')],
  'has habitat': [verb('lives in'), be('at home in'), verb('inhabits')],
  'has disposition': [verb('tends towards'), be('disposed to'), be('inclined to')],
  'contains process': [be('the site of'), verb('hosts'), be('where there occurs')],
  'has part that occurs in': [
    verb('has a part that occurs in'),
    verb('has a part that takes place in'),
    verb('includes a part that happens in'),
  ],
  'capable of part of': [verb('can carry out part of'), be('able to perform part of'), verb('can take part in')],
  'process has causal agent': [be('caused by'), be('brought about by'), verb('is driven by')],
  'causal agent in process': [verb('causes'), verb('brings about'), verb('drives')],
  'formed as result of': [be('formed as a result of'), be('formed through'), verb('results from')],
  'results in formation of anatomical entity': [
    verb('results in the formation of'),
    verb('forms'),
    verb('gives rise to'),
  ],
  'results in expansion of': [verb('results in the expansion of'), verb('expands'), verb('enlarges')],
  'has increased levels of': [verb('has raised levels of'), verb('is rich in'), verb('holds elevated amounts of')],
  'has origin': [verb('originates from'), verb('has its origin in'), verb('comes from')],
  'transcribed to': [be('transcribed into'), verb('is copied into'), verb('gives rise by transcription to')],
  'transcribed from': [be('transcribed from'), be('copied from'), verb('arises by transcription of')],
  'guided by': [be('guided by'), be('directed by'), be('steered by')],
  'variant of': [be('a variant of'), be('a version of'), be('a form of')],
  'non functional homolog of': [
    be('a non-functional homolog of'),
    be('a homolog, without function, of'),
    be('a functionless homolog of'),
  ],
  'subdivision of': [be('a subdivision of'), be('one of the divisions of'), be('a region of')],
  'branch of': [be('a branch of'), verb('branches off'), verb('leaves as a branch from')],
  'distributary of': [be('a distributary of'), verb('branches off from'), verb('splits off from')],
  'tributary of': [be('a tributary of'), verb('flows into'), verb('feeds into')],
  'channel for': [be('a channel for'), verb('carries'), verb('conveys')],
  'channels into': [verb('empties into'), verb('drains into'), verb('opens into')],
  'channels from': [verb('carries fluid from'), verb('drains'), verb('leads away from')],
  'bounding layer of': [be('the bounding layer of'), verb('bounds'), be('the outer layer of')],
  'has subsequence': [verb('contains the subsequence'), verb('includes the subsequence'), verb('has as a subsequence')],
  'has start': [verb('begins with'), verb('starts with'), verb('opens with')],
  'has end': [verb('ends with'), verb('finishes with'), verb('closes with')],
  'existence starts and ends during': [
    verb('exists only during'),
    verb('begins and ends during'),
    verb('lasts only within'),
  ],
  'has primary input or output': [
    verb('mainly takes in or gives out'),
    verb('chiefly consumes or produces'),
    verb('mainly uses or yields'),
  ],
  'acts on population of': [
    verb('acts on a population of'),
    verb('works on a population of'),
    verb('affects a population of'),
  ],
};

const NOUN_TEMPLATES: Template[] = [
  (w) => `Every ${w.S} has ${w.A} as its ${w.N}.`,
  (w) => `The ${w.N} of each ${w.S} is ${w.A}.`,
  (w) => `Each ${w.S} has at least one ${w.F} as its ${w.N}.`,
];

const pick = <T>(xs: T[], variant: number): T => xs[((variant % xs.length) + xs.length) % xs.length];

/** "some entity that …" reads "something that …". */
const tidy = (s: string) =>
  s
    .replace(/\bsome kind of entity\b/g, 'something')
    .replace(/\bsome entity\b/g, 'something')
    .replace(/\bat least one entity\b/g, 'at least one thing');

/**
 * One Test 2 sentence: `filler` is a noun phrase without its article ("heart", "entity that is part
 * of some nucleus"), `variant` chooses the wording (and, where a relation has other words, which).
 */
export function curatorSentence(subject: string, label: string, filler: string, variant: number): string {
  const rel = readableRelation(label);
  const S = readableName(subject);
  const F = readableName(filler);
  const nested = /^entity\b/.test(F);
  const w = { S, F, A: nested ? F.replace(/^entity\b/, 'something') : `some ${F}`, N: '' };
  if (!nested && QUALITY_RELATIONS.has(rel)) {
    if (/^quality of\b/i.test(F)) return pick(QUALITY_OF, variant)(w);
    return pick(isAdjective(F) ? QUALITY_ADJECTIVE : QUALITY_NOUN, variant)(w);
  }
  if (!nested && rel === 'has cross section' && isAdjective(F)) return pick(CROSS_SECTION_ADJECTIVE, variant)(w);
  if (!nested && TAXON[rel]) return pick(TAXON[rel], variant)(w);
  if (SENTENCES[rel]) return tidy(pick(SENTENCES[rel], variant)(w));
  // A role or function named as such is played or performed, not served as ("some waste role").
  if (!nested && rel === 'has role' && /\brole$/.test(F)) return pick(PLAYED, variant)(w);
  if (!nested && rel === 'has function' && /\bfunction$/.test(F)) return pick(PERFORMED, variant)(w);
  const alt = WORDS[rel] ?? otherWords(rel);
  const shape = alt.length ? pick(alt, variant) : relationShape(rel);
  const rest = alt.length ? Math.floor(variant / alt.length) : variant;
  // A long nested filler reads best last: "The site of every x is something that …".
  if (shape.kind === 'noun') return tidy(pick(NOUN_TEMPLATES, nested ? 1 : rest)({ ...w, N: shape.words }));
  return tidy(shapedSentence(shape, S, F, rest));
}
