import { statementSentence as sentence } from '../../ontology/names/relation-phrase';
import { SUBCLASS_OF } from '../../query/exec/closure-facts';

/** A statement as one English sentence, the form the model's likelihood is read on. */
export function statementSentence(subject: string, relation: { iri: string; name: string }, filler: string): string {
  if (relation.iri === SUBCLASS_OF) return `Every ${subject} is a ${filler}.`;
  return sentence(subject, relation.name, filler);
}
