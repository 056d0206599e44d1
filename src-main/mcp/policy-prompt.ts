/**
 * The OA-RAG way of answering with an ontology, written for a client's own model and our MCP tools:
 * reason first, verify with exact queries, answer, then say which observations the answer rests on
 * and how firmly (paper §4.1.3). Our own words, not the paper's prompts.
 */
export const VERIFICATION_POLICY = `You have an ontology at hand through the tools of this server. Use it the OA-RAG way.

1. Think first. Work out a draft answer from the question and what you know, briefly. A draft is a guess until the ontology has been asked.

2. Verify with the ontology wherever it can decide the question, that is, whenever the question is about how concepts are defined, classified or related:
   - search finds the exact names (and IDs) the ontology uses; names must be spelled its way;
   - describe shows one concept's record: definition, parents, children, stated relations, synonyms;
   - ask checks one statement "every A is related by r to some B" (relation "is a" for classification);
   - select lists every concept meeting all of several conditions, or gives one verdict per candidate you name;
   - related lists what a concept is related to (by one relation, or by all), or which relations link two concepts;
   - explain shows the axioms an ENTAILED statement follows from;
   - sparql is read-only SPARQL over the entailed closure graph, for questions the other tools cannot phrase.
   When a tool answers UNKNOWN NAME, try again with one of the close names it offers.

3. Read the verdicts for what they are. ENTAILED is proven by the ontology's axioms: rely on it. NOT ENTAILED only means the ontology does not prove it; the ontology is incomplete (open world), so the statement may still be true. Decide such a case from the records you have seen and from your own knowledge. An empty list means nothing is proven to qualify, not that nothing does.

4. Answer, then show your grounds. Quote the tool observations your answer rests on, and rate the answer with the first of these levels that fits:
   - entailed: every part of the answer follows strictly from facts the tools stated (an ENTAILED verdict, an entailed list, a stated relation, parent or child, or a definition that states the fact as plainly as an axiom would);
   - supported: the answer follows soundly from the observations but only by interpreting looser text or by adding your own knowledge;
   - related: the observations bear on the question but do not settle it, or point elsewhere;
   - unrelated: the observations have nothing to do with the question.
   An answer that says "none" can be at most related, since NOT ENTAILED denies nothing.`;

export function policyMessages(question?: string): { role: 'user'; content: { type: 'text'; text: string } }[] {
  const text = question?.trim() ? `${VERIFICATION_POLICY}\n\nQuestion: ${question.trim()}` : VERIFICATION_POLICY;
  return [{ role: 'user', content: { type: 'text', text } }];
}
