import type { Evidence } from '../agent/agent-types';
import { normalizeName } from '../ontology/names/normalize';
import { ClosureFacts, SUBCLASS_OF } from '../query/exec/closure-facts';
import { throwIfAborted } from '../core/task';
import type { McqItem, OqItem } from '../datasets/generate/dataset';
import type { Method, MethodDeps, MethodOutcome } from './method';

/** Candidates an open question's text search reads before matching. */
const OQ_CANDIDATES = 40;

/**
 * A baseline with no model and no reasoning beyond "is a": an option is chosen when the card of its
 * statement's subject contains both the relation's name and the filler's name (any of their names, as
 * words), and options that follow from a chosen one by "is a" are added. It shows how much of a
 * dataset plain string matching answers: a Test 2 that it passes does not test reading.
 */
export function stringMatch(deps: MethodDeps): Method {
  const facts = new ClosureFacts(deps.handle.closure);
  const card = (iri: string) => words(deps.handle.card(iri)?.text ?? '');
  const names = (iri: string) =>
    iri === SUBCLASS_OF
      ? ['is a', 'subclass of', 'kind of']
      : [facts.entity(iri)?.name ?? '', ...deps.handle.namesOf(iri)];
  const says = (text: string, iri: string) => names(iri).some((n) => n.trim() !== '' && text.includes(words(n)));
  const usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  return async (item, signal) => {
    throwIfAborted(signal);
    return item.kind === 'mcq' ? mcq(item) : oq(item);
  };

  function mcq(item: McqItem): MethodOutcome {
    const matched = item.options.filter((o) => {
      const st = { ...item.axiom, [item.slot]: o.iri };
      const text = card(st.subject);
      return says(text, st.relation) && says(text, st.filler);
    });
    const follows = (from: string, to: string) =>
      item.slot === 'filler'
        ? facts.isSubClass(from, to)
        : item.slot === 'subject'
          ? facts.isSubClass(to, from)
          : facts.isSubProperty(from, to);
    const chosen = item.options.filter((o) => matched.includes(o) || matched.some((m) => follows(m.iri, o.iri)));
    return { predicted: chosen.map((o) => o.key), grounding: null, digest: null, cited: null, usage };
  }

  function oq(item: OqItem): MethodOutcome {
    const qs = deps.agentQuery;
    const terms = item.conditions.flatMap((c) => [
      facts.entity(c.relation)?.name ?? '',
      facts.entity(c.filler)?.name ?? '',
    ]);
    const hits = qs
      .textCandidates(terms, OQ_CANDIDATES)
      .filter((h) => facts.isSubClass(h.iri, item.root))
      .filter((h) => item.conditions.every((c) => says(card(h.iri), c.relation) && says(card(h.iri), c.filler)));
    const digest: Evidence[] = [];
    return {
      predicted: hits.map((h) => h.name),
      predictedIris: hits.map((h) => h.iri),
      grounding: null,
      digest,
      cited: null,
      usage,
    };
  }
}

/** Text as space-separated normalised words, padded, so "part of" matches as words and not inside "counterpart offset". */
function words(s: string): string {
  return ` ${normalizeName(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}
