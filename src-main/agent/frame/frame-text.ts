import { statementText } from './check-deps';
import type { QuestionFrameBody } from './frame-types';

/** A frame in names for people: "retina — part of — ? (each option as the filler)". */
export function frameText(f: QuestionFrameBody): string {
  switch (f.kind) {
    case 'choice':
      return f.negated
        ? `not ${statementText(f.subject, f.relation, f.filler)} (each option as the ${f.slot}, right where the ontology rules it out)`
        : `${statementText(f.subject, f.relation, f.filler)} (each option as the ${f.slot})`;
    case 'open': {
      const conds = f.conditions.map((c) => `${c.relation.name} some ${c.filler.name}`).join(' and ');
      return `concepts${f.root ? ` under ${f.root.name}` : ''}${conds ? ` that ${conds}` : ''}`;
    }
    case 'free':
      if (f.statement) return statementText(f.statement.subject, f.statement.relation, f.statement.filler);
      return f.entities.length ? `about ${f.entities.map((e) => e.name).join(', ')} (no statement)` : 'no concepts';
  }
}
