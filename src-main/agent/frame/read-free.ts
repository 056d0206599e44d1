import { SUBCLASS_OF } from '../../query/exec/closure-facts';
import type { FreeFrame, FrameReading } from './frame-types';
import { isA, scanText, wordsBetween, type Lexicon } from './mentions';
import { pickRelation, preferQuoted, reading } from './read-common';

/**
 * A free question read into the concepts it names and, when it states one, the statement it asks
 * about: the concept before the relation is the subject, the one after it the filler ("Is the
 * myocardium part of the heart?"); with none after it the filler is what the answer must give
 * ("Where is viral myocarditis located?"). "Is a neuron a cell?" is read as an "is a" statement.
 */
export function readFree(question: string, lex: Lexicon): FrameReading {
  const scan = scanText(question, lex);
  const ms = preferQuoted(scan.mentions);
  const concepts = ms.filter((m) => m.kind === 'concept');
  const relations = ms.filter((m) => m.kind === 'relation');
  const entities = [...new Map(concepts.map((c) => [c.term.iri, c.term])).values()];
  const noStatement = (why: string, confidence = 0.7): FrameReading =>
    reading({ kind: 'free', entities, statement: null }, confidence, [why]);
  if (!relations.length) {
    const opensWithIs = /^(is|are)$/i.test(scan.words[0] ?? '');
    // "Is the virus a cause of myocarditis?" is not "is a": only articles may stand between the two.
    if (opensWithIs && concepts.length === 2 && !wordsBetween(scan.words, concepts[0], concepts[1]).length) {
      const [a, b] = concepts;
      const frame: FreeFrame = {
        kind: 'free',
        entities,
        statement: { subject: a.term, relation: isA(`${scan.words[0]} … a`), filler: b.term },
      };
      if (a.term.iri === b.term.iri) return noStatement('a class being a kind of itself is not a statement');
      return reading(frame, 0.7 * (a.others.length || b.others.length ? 0.6 : 1));
    }
    return noStatement('it names no relation');
  }
  const r = pickRelation(relations, scan.blanks);
  const before = concepts.filter((c) => c.end <= r.start).pop();
  const after = concepts.find((c) => c.start >= r.end) ?? null;
  if (!before) return noStatement(`no concept comes before "${r.term.from}"`, 0.65);
  // "Is X a superclass of Y?" states Y is a X; with nothing after it the answer is the subclass.
  if (r.inverse && !after)
    return noStatement(`"${r.term.from}" asks for a subclass, which a statement cannot leave open`);
  const [subject, filler] = r.inverse && after ? [after, before] : [before, after];
  if (filler && r.term.iri === SUBCLASS_OF && filler.term.iri === subject.term.iri)
    return noStatement('a class being a kind of itself is not a statement');
  let confidence = relations.length === 1 ? 0.8 : 0.45;
  if (r.partial) confidence *= 0.8;
  if (subject.others.length || filler?.others.length) confidence = Math.min(confidence, 0.5);
  const notes = relations.length > 1 ? [`it names ${relations.length} relations`] : [];
  // "Is kinase activity a regulator of X?" is not "is a X": the words stepped over change the statement.
  const unread = [before, after].flatMap((c) => (c ? wordsBetween(scan.words, r, c) : []));
  if (unread.length) {
    confidence = Math.min(confidence, 0.45);
    notes.push(`the words "${unread.join(' ')}" next to "${r.term.from}" are not read`);
  }
  const frame: FreeFrame = {
    kind: 'free',
    entities,
    statement: { subject: subject.term, relation: r.term, filler: filler?.term ?? null },
  };
  return reading(frame, confidence, notes);
}
