import { relationClause, relationPhrase } from '../../ontology/names/relation-phrase';
import { curatorSentence, readableName, readableRelation } from './curator-phrase';
import { seededRandom } from '../../core/random';
import type { ClassExpr } from './class-expression';
import { isNegationShortcut, negativeSentence } from '../../ontology/names/negation-shortcut';

export { relationPhrase };

export type NameOf = (iri: string) => string;

/** A filler as a noun phrase without its article: "heart", "cell that is part of some nucleus". */
export function fillerNoun(e: ClassExpr, nameOf: NameOf, conceptName: NameOf = nameOf): string {
  switch (e.t) {
    case 'class':
      return readableName(conceptName(e.iri));
    case 'some':
      return `entity ${relationClause(readableRelation(nameOf(e.r)))} some ${fillerNoun(e.f, nameOf, conceptName)}`;
    case 'and': {
      const classes = e.args
        .filter((a): a is Extract<ClassExpr, { t: 'class' }> => a.t === 'class')
        .map((a) => readableName(conceptName(a.iri)));
      const rest = e.args.filter((a) => a.t !== 'class');
      const head = classes.length ? classes.join(' and ') : 'entity';
      if (!rest.length) return head;
      return `${head} ${rest.map((r) => clause(r, nameOf, conceptName)).join(' and ')}`;
    }
    case 'other':
      return e.text;
  }
}

/** A noun phrase for a filler with its article: "some heart". */
export function fillerPhrase(e: ClassExpr, nameOf: NameOf): string {
  return `some ${fillerNoun(e, nameOf)}`.replace(/\bsome entity\b/g, 'something');
}

function clause(e: ClassExpr, nameOf: NameOf, conceptName: NameOf): string {
  if (e.t === 'some')
    return `${relationClause(readableRelation(nameOf(e.r)))} some ${fillerNoun(e.f, nameOf, conceptName)}`;
  if (e.t === 'class') return `that is a ${readableName(conceptName(e.iri))}`;
  if (e.t === 'and') return e.args.map((a) => clause(a, nameOf, conceptName)).join(' and ');
  return `that is ${e.text}`;
}

/**
 * One sentence per removed restriction, in one of several wordings, the relation itself in other
 * words where it has some ("Each mitotic spindle is a component of at least one nucleus."), as a
 * curator would write it (curator-phrase.ts): a reader must understand the definition, not find the
 * relation's label in it.
 */
export function verbaliseRestriction(
  subject: string,
  e: ClassExpr & { t: 'some' },
  nameOf: NameOf,
  variant = 0,
  /** The name the sentence calls each concept by (default: nameOf's). */
  conceptName: NameOf = nameOf,
): string {
  const label = nameOf(e.r);
  // "lacks plasma membrane part some F" is a negation: worded as an ordinary link it would say the opposite.
  if (isNegationShortcut(label))
    return negativeSentence(readableName(subject), label, readableName(fillerNoun(e.f, nameOf, conceptName))).replace(
      /\bsome entity\b/g,
      'something',
    );
  return curatorSentence(subject, label, fillerNoun(e.f, nameOf, conceptName), variant);
}

/** The wording of each restriction of a revision, fixed by the seed and the class, so a rerun writes the same text. */
export function wordingFor(seed: number, iri: string, index: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < iri.length; i++) h = (Math.imul(h ^ iri.charCodeAt(i), 0x01000193) >>> 0) ^ index;
  return Math.floor(seededRandom(h >>> 0)() * 9);
}
