/**
 * The texts shown to the model when a query cannot be parsed: a short guide
 * to the forms (`DIALECT_HELP`) and one focused hint per topic, each with a
 * toy example from a made-up coffee ontology.
 */

/** A toy example per form, used in hints and in DIALECT_HELP. */
export const FORM_EXAMPLES = {
  describe: 'DESCRIBE "cappuccino"',
  ask: 'ASK { "cappuccino" "has ingredient" "milk" }',
  askIsA: 'ASK { "cappuccino" "is a" "coffee drink" }',
  selectSubjects: 'SELECT ?x WHERE { ?x "has ingredient" "milk" . ?x "is a" "coffee drink" }',
  values: 'SELECT ?x WHERE { VALUES ?x { "latte" "espresso" } ?x "has ingredient" "milk" }',
  selectFillers: 'SELECT ?o WHERE { "cappuccino" "has ingredient" ?o }',
  selectRelations: 'SELECT ?r WHERE { "cappuccino" ?r "milk" }',
  explain: 'EXPLAIN { "cappuccino" "has ingredient" "milk" }',
} as const;

const LINES = {
  describe: `DESCRIBE "name" gives the ontology's record of one concept, e.g. ${FORM_EXAMPLES.describe}`,
  ask:
    `ASK { "subject" "relation" "object" } checks that every subject has that relation to some object ` +
    `("is a" checks classification), e.g. ${FORM_EXAMPLES.ask} or ${FORM_EXAMPLES.askIsA}`,
  selectSubjects:
    `SELECT ?x WHERE { ?x "relation" "object" . ... } lists the concepts meeting all conditions, ` +
    `e.g. ${FORM_EXAMPLES.selectSubjects}`,
  values:
    `VALUES ?x { "name" "name" } inside the WHERE braces limits that search to the listed candidates, ` +
    `e.g. ${FORM_EXAMPLES.values}`,
  selectFillers: `SELECT ?o WHERE { "subject" "relation" ?o } lists what the subject is related to, e.g. ${FORM_EXAMPLES.selectFillers}`,
  selectRelations: `SELECT ?r WHERE { "subject" ?r "object" } lists the relations between the two, e.g. ${FORM_EXAMPLES.selectRelations}`,
  explain: `EXPLAIN { "subject" "relation" "object" } shows the axioms behind an ENTAILED statement, e.g. ${FORM_EXAMPLES.explain}`,
  names:
    'Write every concept and relation as its exact name in double quotes, e.g. "coffee drink"; ' +
    'IRIs, prefixes like rdfs:label and unquoted words are not understood.',
} as const;

/** A short description of every form, for error hints and the agent prompt. */
export const DIALECT_HELP: string = [
  'One query per call, in one of these forms:',
  `- ${LINES.describe}`,
  `- ${LINES.ask}`,
  `- ${LINES.selectSubjects}`,
  `  ${LINES.values}`,
  `- ${LINES.selectFillers}`,
  `- ${LINES.selectRelations}`,
  `- ${LINES.explain}`,
  LINES.names,
].join('\n');

/** What a hint can be about: a form, a group of forms, or the general rules. */
export type HintTopic =
  | 'general'
  | 'names'
  | 'describe'
  | 'ask'
  | 'explain'
  | 'select'
  | 'select-subjects'
  | 'values'
  | 'select-fillers'
  | 'select-relations';

const HINTS: Readonly<Record<HintTopic, string>> = {
  general: DIALECT_HELP,
  names: `${LINES.names} For example: ${FORM_EXAMPLES.describe} or ${FORM_EXAMPLES.askIsA}`,
  describe: LINES.describe,
  ask: LINES.ask,
  explain: LINES.explain,
  select: [LINES.selectSubjects, LINES.selectFillers, LINES.selectRelations].join('\n'),
  'select-subjects': `${LINES.selectSubjects}\n${LINES.values}`,
  values: LINES.values,
  'select-fillers': LINES.selectFillers,
  'select-relations': LINES.selectRelations,
};

/** The hint text for a topic: the right form(s) with a toy example. */
export function hintFor(topic: HintTopic): string {
  return HINTS[topic];
}
