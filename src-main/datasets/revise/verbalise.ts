import type { ClassExpr } from './class-expression';

export type NameOf = (iri: string) => string;

const PREPOSITION_END =
  /\b(of|in|at|from|to|by|with|on|into|onto|for|during|after|before|than|as|via|within|between|toward|towards|under|over|through)$/i;
const VERB_START =
  /^(has|have|is|are|was|can|may|must|does|do|contains|regulates|produces|occurs|develops|derives|participates|overlaps|precedes|follows|causes|results|enables|involves|consists|surrounds|connects|attaches|innervates|encloses|adjacent)\b/i;

/**
 * How a relation label reads after "Every X ...": verbs stay as they are ("regulates", "has part"),
 * a label ending in a preposition gets "is" ("is part of"), a bare noun gets "has"
 * ("has causative agent").
 */
export function relationPhrase(label: string): string {
  const l = label.trim().replace(/[_]+/g, ' ');
  if (VERB_START.test(l)) return l;
  if (PREPOSITION_END.test(l)) return `is ${l}`;
  if (/^[a-z]+s\b/i.test(l) && !/ss\b/i.test(l.split(' ')[0])) return l;
  return `has ${l}`;
}

/** A noun phrase for a filler: "some heart", "some cell that is part of some nucleus". */
export function fillerPhrase(e: ClassExpr, nameOf: NameOf): string {
  switch (e.t) {
    case 'class':
      return `some ${nameOf(e.iri)}`;
    case 'some':
      return `something that ${relationPhrase(nameOf(e.r))} ${fillerPhrase(e.f, nameOf)}`;
    case 'and': {
      const classes = e.args
        .filter((a): a is Extract<ClassExpr, { t: 'class' }> => a.t === 'class')
        .map((a) => nameOf(a.iri));
      const rest = e.args.filter((a) => a.t !== 'class');
      const head = classes.length ? `some ${classes.join(' and ')}` : 'something';
      if (!rest.length) return head;
      return `${head} that ${rest.map((r) => clause(r, nameOf)).join(' and ')}`;
    }
    case 'other':
      return `some ${e.text}`;
  }
}

function clause(e: ClassExpr, nameOf: NameOf): string {
  if (e.t === 'some') return `${relationPhrase(nameOf(e.r))} ${fillerPhrase(e.f, nameOf)}`;
  if (e.t === 'class') return `is a ${nameOf(e.iri)}`;
  if (e.t === 'and') return e.args.map((a) => clause(a, nameOf)).join(' and ');
  return `is ${e.text}`;
}

/** One sentence per removed restriction: "Every mitotic spindle is part of some nucleus." */
export function verbaliseRestriction(subject: string, e: ClassExpr & { t: 'some' }, nameOf: NameOf): string {
  return `Every ${subject} ${relationPhrase(nameOf(e.r))} ${fillerPhrase(e.f, nameOf)}.`;
}
