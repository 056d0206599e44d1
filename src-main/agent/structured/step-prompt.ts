import type { StepEnforcement } from '../agent-types';
import type { AgentVocabulary } from './vocabulary';

/**
 * The tool instructions of the structured protocol, in our own words. Same policy as the text
 * protocol (verify with exact queries, judge NOT ENTAILED under the open world), but each turn is
 * one JSON object, and the examples are written as such objects.
 */
export function structuredAgentPrompt(
  enforcement: StepEnforcement,
  vocabulary: AgentVocabulary | null,
  focus: AgentVocabulary | null = null,
): string {
  const relations =
    vocabulary && vocabulary.relations.length <= 60
      ? `\nRelations of this ontology: ${vocabulary.relations.map((r) => `"${r}"`).join(', ')}.`
      : '';
  const named =
    focus && (focus.concepts.length || focus.relations.length)
      ? `\nOntology names in this question: ${[...focus.concepts, ...focus.relations].map((n) => `"${n}"`).join(', ')}.`
      : '';
  const how =
    enforcement === 'tools'
      ? 'Each turn, call exactly one function: query to consult the ontology, or answer to finish. Put your short reasoning in the call\'s "thought".'
      : 'Each turn, reply with exactly one JSON object and nothing else: {"thought": "...", "action": {"query": "..."}} to consult the ontology, or {"thought": "...", "answer": ...} to finish.';
  return `Now check your answer against the ontology with its query tool. ${how}

Queries name every concept and relation exactly, in double quotes. "is a" means "is a kind of"; inherited facts and sub-relations count. The forms, with made-up names:
- DESCRIBE "espresso cup": the ontology's record of one concept (definition, parents, children, relations).
- ASK { "espresso cup" "made of" "ceramic" }: is every espresso cup made of some ceramic? ENTAILED, NOT ENTAILED or UNKNOWN NAME.
- SELECT ?x WHERE { ?x "is a" "cup" . ?x "made of" "ceramic" }: the concepts meeting all conditions. VALUES ?x { "mug" "beaker" } first in the braces tests just those.
- SELECT ?o WHERE { "espresso cup" "made of" ?o }: what it is related to. SELECT ?r WHERE { "espresso cup" ?r "ceramic" }: which relations hold.
A turn has the shape {"thought": <your own reason for this query>, "action": {"query": <one query>}}.${relations}${named}

Use the concepts of the question and its options. One query per turn; the observation comes back to you. ENTAILED is proven. NOT ENTAILED is not a no: the ontology is incomplete, so judge it with what you know. Do not repeat a query. When the observations settle the question, give the answer in the requested format.`;
}

export const STEP_CORRECTIONS = {
  invalid: (reason: string) =>
    `That turn was not valid (${reason}). Reply with one JSON object: {"thought": "...", "action": {"query": "..."}} or {"thought": "...", "answer": ...}.`,
  repeated: 'You already ran that query; its observation is above. Ask something new, or give the answer.',
  selfAsk:
    "Every concept is a kind of itself, so that query says nothing. Relate the question's concept to another one, e.g. to an option.",
  badAnswer: 'The answer does not fit the requested format. Give it again in that format.',
};
