import { normalizeName } from '../../ontology/names/normalize';
import type { QuestionOption } from '../agent-types';
import type { ChoiceFrame, FrameOption, FrameReading, FrameTerm } from './frame-types';
import { isA, isFunctionWord, scanText, unlinkedRuns, wordsBetween, type Lexicon, type Mention } from './mentions';
import { FRAME_MIN_CONFIDENCE, pickRelation, preferQuoted, reading, withoutAskRestriction } from './read-common';

const ISA_OPTION = new Set(['is a', 'is an', 'subclass of', 'kind of', 'type of', 'a kind of', 'a type of']);

/**
 * A user's choice question read into one statement with a blank: the options say which place the
 * blank is (concepts fill the subject or filler, relations the relation), the question's words give
 * the other two places, and their order (or a written blank) says which side the blank is on.
 */
export function readChoice(question: string, options: QuestionOption[], lex: Lexicon): FrameReading {
  const asConcept = options.map((o) => optionTerm(o.name, 'concept', lex));
  const asRelation = options.map((o) => optionTerm(o.name, 'relation', lex));
  const relationSlot = count(asRelation) > count(asConcept);
  const scan = scanText(question, lex);
  const optionIris = new Set((relationSlot ? asRelation : asConcept).flatMap((t) => (t ? [t.iri] : [])));
  // An option named in the question is usually quoted from the options, not a place of the statement,
  // unless nothing else is named ("Which of these is a kind of X?" with X among the options).
  const named = preferQuoted(scan.mentions.filter((m) => m.kind === 'concept'));
  const notOptions = named.filter((m) => !optionIris.has(m.term.iri));
  const concepts = notOptions.length ? notOptions : named;
  const relations = preferQuoted(scan.mentions.filter((m) => m.kind === 'relation'));
  const opts = (terms: (FrameTerm | null)[]): FrameOption[] =>
    options.map((o, i) => ({ key: o.key, text: o.name, term: terms[i] }));

  if (relationSlot) {
    if (concepts.length < 2)
      return {
        frame: null,
        reason: 'The options are relations, but the question does not name the two concepts they would relate.',
      };
    const [a, b] = concepts;
    let confidence = concepts.length === 2 ? 0.85 : 0.45;
    if (scan.blanks.some((k) => k > a.start && k < b.start)) confidence = Math.min(1, confidence + 0.1);
    const frame: ChoiceFrame = {
      kind: 'choice',
      slot: 'relation',
      subject: a.term,
      relation: null,
      filler: b.term,
      options: opts(asRelation),
    };
    return reading(
      frame,
      confidence * ambiguity(a, b),
      notes(a, b, concepts.length > 2 ? 'the question names more than two concepts' : null),
    );
  }

  if (!relations.length)
    return {
      frame: null,
      reason: 'The question names no relation of the ontology between its concept and the options.',
    };
  const r = pickRelation(relations, scan.blanks);
  let confidence = relations.length === 1 ? 0.85 : 0.5;
  // A relation named by its head alone ("part" for "part of") may be another relation in other
  // words ("has … as a part"): a suggestion, never a check.
  if (r.partial) confidence = Math.min(confidence, FRAME_MIN_CONFIDENCE - 0.05);
  const blank = scan.blanks.find((k) => k >= r.end) ?? scan.blanks.find((k) => k < r.start);
  const nearest = (side: 'before' | 'after', pool: Mention[]) =>
    side === 'before' ? pool.filter((c) => c.end <= r.start).pop() : pool.find((c) => c.start >= r.end);
  let place: 'subject' | 'filler' | null = null;
  let fixed: Mention | undefined;
  const ofAfter = ofPhrase(scan.words, r, concepts);
  if (ofAfter) {
    // "the finding site of X": the relation is used as a noun, X is its subject wherever the blank is.
    [place, fixed] = ['subject', ofAfter];
  } else if (blank !== undefined) {
    place = blank >= r.end ? 'subject' : 'filler';
    fixed = nearest(place === 'subject' ? 'before' : 'after', concepts);
    confidence = Math.min(1, confidence + 0.1);
  } else {
    const pool = withoutAskRestriction(concepts, scan.asks);
    const before = nearest('before', pool);
    const after = nearest('after', pool);
    if (before && !after) [place, fixed] = ['subject', before];
    else if (after && !before) [place, fixed] = ['filler', after];
    else if (before && after) {
      // "Which of these is the X part of the Y?": no word order settles it.
      [place, fixed] = ['subject', before];
      confidence = Math.min(confidence, 0.45);
    }
  }
  // "part of the myocardium or the heart": two concepts where the statement has one place.
  const rival = fixed && concepts.find((c) => c.term.iri !== fixed.term.iri && sameSide(c, fixed, r));
  if (rival) confidence = Math.min(confidence, 0.45);
  if (!place || !fixed)
    return {
      frame: null,
      reason: `The question names the relation "${r.term.name}" but no concept on the other side of it.`,
    };
  // "a superclass of X": X is the subclass, so X takes the subject's place and the options the filler's.
  if (r.inverse) place = place === 'subject' ? 'filler' : 'subject';
  // "is a regulator of X" is not "is a X": words the reading would step over change what is asked.
  const unread = wordsBetween(scan.words, r, fixed);
  if (unread.length) confidence = Math.min(confidence, 0.45);
  // "Which of these cells is a kind of photoreceptor?": a word the ontology does not name may be the
  // concept the question is about; a reading that drops it silently would check something else.
  const unlinked = scan.blanks.length ? [] : unlinkedNear(scan, r, fixed);
  if (unlinked.length) confidence = Math.min(confidence, 0.45);
  const frame: ChoiceFrame = {
    kind: 'choice',
    slot: place === 'subject' ? 'filler' : 'subject',
    subject: place === 'subject' ? fixed.term : null,
    relation: r.term,
    filler: place === 'filler' ? fixed.term : null,
    options: opts(asConcept),
  };
  return reading(
    frame,
    confidence * ambiguity(fixed),
    notes(
      fixed,
      r,
      unread.length
        ? `the words "${unread.join(' ')}" between "${r.term.from}" and "${fixed.term.from}" are not read`
        : unlinked.length
          ? `"${unlinked.join('", "')}" names nothing the ontology knows`
          : rival
            ? `the question names "${rival.term.from}" too, on the same side`
            : relations.length > 1
              ? 'the question names several relations'
              : null,
    ),
  );
}

/**
 * Unlinked words where the statement's concepts would be: between the question word and the
 * relation, or past the relation on the options' side. A written blank says where the options go.
 */
function unlinkedNear(scan: ReturnType<typeof scanText>, r: Mention, fixed: Mention): string[] {
  const ask = scan.asks.find((a) => a < r.start) ?? r.start;
  const optionsAfter = fixed.start < r.start;
  return unlinkedRuns(scan)
    .filter(([a]) => (a > ask && a < r.start) || (optionsAfter && a >= r.end))
    .map(([a, b]) => scan.words.slice(a, b).join(' '))
    .filter((w) => !CONNECTIVE_WORDS.has(w.toLowerCase()));
}

const CONNECTIVE_WORDS = new Set(['related', 'every', 'complete', 'completes']);

function sameSide(a: Mention, b: Mention, r: Mention): boolean {
  return a.start >= r.end === b.start >= r.end;
}

/** The concept right after "R of" when the relation's own name does not end in "of". */
function ofPhrase(words: string[], r: Mention, concepts: Mention[]): Mention | undefined {
  if (words[r.end] !== 'of') return undefined;
  return concepts.find((c) => c.start > r.end && c.start <= r.end + 2);
}

function count(xs: unknown[]): number {
  return xs.filter(Boolean).length;
}

/** A name several classes share may be read as the wrong one: the reading drops below the threshold. */
function ambiguity(...ms: Mention[]): number {
  return ms.some((m) => m.others.length) ? FRAME_MIN_CONFIDENCE * 0.9 : 1;
}

function notes(a: Mention, b: Mention, extra: string | null): string[] {
  const out = [a, b].filter((m) => m.others.length).map((m) => `"${m.term.from}" names ${m.others.length + 1} classes`);
  if (extra) out.push(extra);
  return out;
}

/** The concept (or relation) an option names: the whole option exactly, else one name covering most of it. */
export function optionTerm(text: string, kind: 'concept' | 'relation', lex: Lexicon): FrameTerm | null {
  const norm = normalizeName(text);
  if (kind === 'relation' && ISA_OPTION.has(norm)) return isA(text);
  const whole = lex.exact(norm).filter((h) => (kind === 'concept' ? h.kind === 'class' : h.kind === 'property'));
  if (whole.length === 1) return { iri: whole[0].iri, name: whole[0].name, from: text };
  if (whole.length > 1) return null;
  // "heart (organ)": a parenthesis qualifies the name; "aorta wall" or "left heart" names something else.
  const scan = scanText(text.replace(/\([^()]*\)/g, ' '), lex);
  const ms = scan.mentions.filter((m) => m.kind === kind && !m.others.length && !m.partial);
  if (ms.length !== 1) return null;
  const m = ms[0];
  const rest = scan.words.filter((_, i) => i < m.start || i >= m.end);
  return rest.every(isFunctionWord) ? { ...m.term, from: text } : null;
}
