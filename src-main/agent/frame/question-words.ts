import { scanText, type Lexicon } from './mentions';

/** Words that turn a question around: its right answers are the options the statement does not hold for. */
const NEGATIONS = new Set(
  (
    'not no never none nothing nobody neither nor without except excluding cannot unable lack lacks lacking lacked ' +
    'fail fails failing failed rarely seldom hardly barely scarcely besides'
  ).split(' '),
);
/** Two words that exclude as "except" does. */
const NEGATING_PAIRS = new Set(['other than', 'rather than', 'instead of', 'apart from', 'aside from']);
/**
 * Words that bound how many or say "only": the reasoner confirms that some filler is related, which
 * says nothing of "only X", "exactly one" or "at most two".
 */
const QUANTIFIERS = new Set(['only', 'solely', 'exclusively', 'exactly']);
const QUANTIFIER_PAIRS = new Set(['at most', 'more than', 'fewer than', 'less than']);
/** "at least one" is what the reasoner confirms; "at least two" is not. */
const AT_LEAST_SOME = new Set(['one', 'a', 'an', 'some']);

/**
 * Words that rank the options or hedge the statement ("the largest part of", "mainly"): the reasoner
 * says which options hold, not which holds most, so checking the exact set would call a right single
 * pick wrong. Read only outside the ontology's own names ("primary root", "pectoralis major").
 */
const RANKING = new Set(
  (
    'largest smallest biggest earliest latest highest lowest longest shortest closest nearest furthest ' +
    'farthest oldest youngest greatest deepest thickest thinnest widest narrowest heaviest lightest strongest ' +
    'weakest fastest slowest commonest best worst first last main primary principal major predominant most ' +
    'least mainly mostly primarily predominantly chiefly largely principally'
  ).split(' '),
);

/** A relative clause ("that", "whose") or a second question word: one statement inside another. */
export function nestingIn(question: string): string | null {
  const words = unquotedWords(question);
  // "kinds of X that meet all of these conditions: …" lists its conditions; it nests none.
  // "Is it true that X is part of Y?" asks about the one statement after "that".
  const rel = words.find(
    (w, i) =>
      (w === 'that' && !LISTS_CONDITIONS.has(words[i + 1]) && words[i - 1] !== 'true') || w === 'whose' || w === 'whom',
  );
  if (rel) return rel;
  const asks = words.filter((w) => ['which', 'what', 'where', 'who'].includes(w));
  return asks.length > 1 ? asks[1] : null;
}

/** The first negating word outside double quotes (a quoted name is the ontology's, not the question's). */
export function negationIn(question: string): string | null {
  const words = unquotedWords(question);
  return (
    words.find((w) => NEGATIONS.has(w) || /^\p{L}+n't$/u.test(w)) ??
    pairs(words).find((p) => NEGATING_PAIRS.has(p)) ??
    null
  );
}

/**
 * A choice question with one plain "not" (or "isn't", "never", …) and the same question without it,
 * so that it can be read as the negation of a positive statement; null for any other negation
 * ("lacks", "except", two negations), which is not read.
 */
export function plainNegation(question: string): { word: string; positive: string } | null {
  const word = negationIn(question);
  if (!word || !PLAIN_NEGATIONS.test(word)) return null;
  let turned = false;
  const positive = question
    .replace(/"[^"]*"|\b(not|never)\b\s*|\b(can|won|ca)'?n[o']?t\b|\b(\p{L}+)n[’']t\b/giu, (m, _n, modal, stem) => {
      // Only the first negation is turned; a second one leaves the question negated, so it is not read.
      if (m.startsWith('"') || turned) return m;
      turned = true;
      return modal ? (modal.toLowerCase() === 'won' ? 'will' : 'can') : (stem ?? '');
    })
    .replace(/\s+([?.!,])/g, '$1');
  return negationIn(positive) ? null : { word, positive };
}

const PLAIN_NEGATIONS = /^(not|never|cannot|\p{L}+n't)$/u;

/** The first word (or pair) outside double quotes that says "only" or bounds a number. */
export function quantifierIn(question: string): string | null {
  const words = unquotedWords(question);
  const atLeast = words.findIndex((w, i) => w === 'at' && words[i + 1] === 'least' && !AT_LEAST_SOME.has(words[i + 2]));
  return (
    words.find((w) => QUANTIFIERS.has(w)) ??
    pairs(words).find((p) => QUANTIFIER_PAIRS.has(p)) ??
    (atLeast >= 0 ? 'at least' : null)
  );
}

function pairs(words: string[]): string[] {
  return words.slice(1).map((w, i) => `${words[i]} ${w}`);
}

/** The question's own words, lower case, apostrophes kept ("isn't"), names in double quotes left out. */
function unquotedWords(question: string): string[] {
  return question
    .replace(/"[^"]*"/g, ' ')
    .replace(/’/g, "'")
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

/** The first ranking or hedging word outside the ontology's names (see RANKING). */
export function rankingIn(question: string, lex: Lexicon): string | null {
  const scan = scanText(question, lex);
  const named = new Set<number>();
  for (const m of scan.mentions) for (let i = m.start; i < m.end; i++) named.add(i);
  const hit = scan.words.findIndex((w, i) => !named.has(i) && RANKING.has(w.toLowerCase()));
  return hit >= 0 ? scan.words[hit].toLowerCase() : null;
}

const LISTS_CONDITIONS = new Set(['meet', 'meets', 'satisfy', 'satisfies', 'fulfil', 'fulfils', 'fulfill', 'fulfills']);
/** A sentence that tells how to answer ("Choose every option …", "Give each concept's name …"). */
const INSTRUCTION = /^(choose|select|pick|mark|tick|give|write|answer|use)\b.*\b(options?|answers?|names?)\b/i;

/** The question without its instruction sentences, when a sentence that asks something remains. */
export function withoutInstructions(question: string): string {
  const sentences = question.split(/(?<=[.?!])\s+/);
  const kept = sentences.filter((x) => !INSTRUCTION.test(x.trim()));
  return kept.length && kept.length < sentences.length ? kept.join(' ') : question;
}
