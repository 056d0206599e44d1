/**
 * The agent's prompts, in our own words, following the OA-RAG method (paper §4.1, Appendix E):
 * think first, then verify with exact ontology queries, then answer from the kept evidence, then
 * say which evidence was used and how firmly it grounds the answer.
 */

export function preToolSystem(persona: string): string {
  return [
    persona,
    'Think the question through step by step, but keep it short.',
    'Work with what the question gives you. Extra records, if any, are background: use them only where they matter. A draft answer, if one is shown, has not been checked.',
    'Finish with the answer as one JSON object in the requested format, alone on the last line.',
  ].join(' ');
}

export const AGENT_PROMPT = `You can now consult the ontology through a tool. Pick up from your answer above: wherever the ontology settles the question, check that answer with the tool, then give the final answer in the format below.

## The tool
query(<query>) reasons exactly over the ontology's axioms. Queries are tiny SPARQL over names: write every concept and every relation as its exact name in double quotes (there are no IDs or IRIs to use). The relation "is a" means "is a kind of". Inherited facts and sub-relations are taken into account for you. Four forms, each with a made-up example:
- DESCRIBE "name" returns the ontology's record of one concept: its definition, parents, children, stated relations and other annotations. Example: DESCRIBE "espresso cup"
- ASK { "subject" "relation" "object" } asks whether every subject is related by the relation to some object. It answers ENTAILED, NOT ENTAILED or UNKNOWN NAME. Example: ASK { "espresso cup" "made of" "ceramic" }
- SELECT ?x WHERE { ?x "relation" "object" . ... } lists the concepts meeting ALL the conditions. Put VALUES ?x { "name" "name" } inside the braces to test just those candidates, one verdict each. Example: SELECT ?x WHERE { ?x "is a" "cup" . ?x "made of" "ceramic" }
- SELECT ?o WHERE { "subject" "relation" ?o } lists what the subject is related to by that relation, and SELECT ?r WHERE { "subject" ?r "object" } lists the relations that hold between two concepts. Example: SELECT ?o WHERE { "espresso cup" "part of" ?o }

## When to use it
Use the ontology for questions about how its concepts are defined, classified or related: it decides those exactly, so check candidate answers with it before you commit. Questions about a particular case, a measurement or general knowledge are yours to answer from what you know. Spell names exactly as the ontology does; when a name comes back UNKNOWN NAME, try again with one of the close names it suggests.

## Reading the verdicts
ENTAILED is certain: the axioms prove it. NOT ENTAILED is not a "no": the ontology is incomplete (open world), so something it does not prove can still be true. Judge such a statement yourself from the records you have seen and from what you know, and accept it when it is clearly right.

## Format
Thought: your reasoning about the question and the next step (as long as you need)
Action: exactly one tool call, written query(<query>)
Observation: the tool's answer, which is given to you; never write it yourself
... (Thought / Action / Observation repeats as needed)
Thought: I now know the answer
Answer: <ONLY the JSON object in the question's answer format>

Write a Thought before every Action and before the Answer. After a Thought, the next thing must be an Action or the Answer. Start now.`;

export const VERDICT_RULE =
  'ENTAILED is certain: the axioms prove it. NOT ENTAILED is not a "no": the ontology is incomplete (open world), so something it does not prove can still be true; judge it yourself from the records and what you know, and accept it when it is clearly right.';

/**
 * The answer step for a model that does not drive its own queries (the fixed policy's): it is not
 * told to overrule NOT ENTAILED, since a model that cannot hold a query loop cannot judge that either.
 */
export const FINAL_FROM_POLICY_SYSTEM =
  'The observations below come from the ontology. ENTAILED is proven by its axioms; NOT ENTAILED means only that the axioms do not prove it. Think briefly, then finish with the final answer as one JSON object in the requested format, alone on the last line.';

export const FINAL_WITH_EVIDENCE_SYSTEM = `The tool phase is over. Using the question and the observations below, think step by step but briefly, then finish with the final answer as one JSON object in the requested format, alone on the last line. ${VERDICT_RULE}`;

export function finalWithEvidenceUser(
  persona: string,
  questionBlock: string,
  digest: string[],
  draft: string | null,
): string {
  return [
    persona,
    questionBlock,
    'Observations gathered so far:',
    ...digest.map((d, i) => `[${i + 1}] ${d}`),
    `Draft answer from the tool phase: ${draft ?? '(none)'}`,
  ].join('\n\n');
}

export const FINAL_OWN_SYSTEM =
  'Answer the question from your own knowledge. Think step by step but briefly, then finish with the final answer as one JSON object in the requested format, alone on the last line.';

export function finalOwnUser(persona: string, questionBlock: string): string {
  return `${persona}\n\n${questionBlock}`;
}

export function attributionPrompt(evidence: string[]): string {
  return [
    'Here are the observations again, numbered as evidence:',
    ...evidence.map((e, i) => `E${i + 1}: ${e}`),
    '',
    'Which of them does your answer actually rest on, and how firmly do they ground it? Pick one level:',
    '- entailed: the answer follows logically from the facts in the cited observations;',
    '- supported: the observations make the answer reasonable, perhaps together with your own knowledge, but it is not a strict logical consequence;',
    '- related: the observations are about the question but not enough to decide the answer;',
    '- unrelated: the observations have nothing to do with the question or the answer.',
    'Reply with only this JSON object: {"evidence": ["E1", ...], "grounding": "entailed" | "supported" | "related" | "unrelated"}',
  ].join('\n');
}

export const ATTRIBUTION_RETRY =
  'That was not a valid object. Reply with only {"evidence": [<ids like "E1">], "grounding": "<entailed|supported|related|unrelated>"} and nothing else.';

export const CORRECTIONS = {
  noActionNoAnswer:
    'Your reply had neither an Action nor an Answer. Continue with "Action: query(...)" to consult the ontology, or "Answer: {...}" to finish.',
  twoActions: 'Your reply had more than one Action; none was run. Write exactly one Action per reply.',
  fakeObservation:
    'Your reply wrote its own Observation; the action was not run. Observations come only from the tool: stop after the Action line.',
  badAnswer:
    'The Answer was not a JSON object in the requested format. Write the Answer again, as that one JSON object.',
  emptyAction: 'The Action had no query inside query(...). Write one query, e.g. Action: query(DESCRIBE "name").',
};

/**
 * The answer step's messages: the question with the kept observations under `evidenceSystem`, or,
 * when none was kept, the question alone for an answer from the model's own knowledge.
 */
export function answerMessages(
  evidenceSystem: string,
  persona: string,
  questionBlock: string,
  digest: string[],
  draft: string | null,
): { role: 'system' | 'user'; content: string }[] {
  return digest.length
    ? [
        { role: 'system', content: evidenceSystem },
        { role: 'user', content: finalWithEvidenceUser(persona, questionBlock, digest, draft) },
      ]
    : [
        { role: 'system', content: FINAL_OWN_SYSTEM },
        { role: 'user', content: finalOwnUser(persona, questionBlock) },
      ];
}
