import type { OpenFrame } from '../frame/frame-types';
import type { StageCaller } from '../stage-caller';
import type { AnswerDecision, DecidedConcept } from './decision-types';
import { scoreStatements } from './option-scorer';
import type { OpenEvidence } from './policy-evidence';
import { relationPhrase } from '../../ontology/names/relation-phrase';
import { SUBCLASS_OF } from '../../query/exec/closure-facts';

/**
 * An open question answered from its evidence: the reasoner's answer set when it has one (each of
 * its concepts meets the conditions); otherwise the text-search candidate the model's likelihood
 * ranks first, as one name: an answer is wrong if any name in it is, so one sure name beats several.
 */
export async function answerOpen(
  frame: OpenFrame,
  ev: OpenEvidence,
  caller: StageCaller,
  nameOf: (iri: string) => string,
): Promise<{ names: string[]; iris: string[]; decision: AnswerDecision }> {
  if (ev.entailed.length) {
    const candidates: DecidedConcept[] = ev.entailed.map((iri) => ({
      iri,
      name: nameOf(iri),
      from: 'closure',
      lift: null,
      source: 'reasoner',
    }));
    return {
      names: candidates.map((c) => c.name),
      iris: ev.entailed,
      decision: { driver: 'policy', mode: 'reasoner', candidates },
    };
  }
  if (!ev.candidates.length)
    return { names: [], iris: [], decision: { driver: 'policy', mode: 'likelihood', candidates: [] } };
  const clause = frame.conditions
    .map((c) =>
      c.relation.iri === SUBCLASS_OF
        ? `is a ${c.filler.name}`
        : `${relationPhrase(c.relation.name)} some ${c.filler.name}`,
    )
    .join(' and ');
  const { scored } = await scoreStatements(
    (req) => caller.score('answer', req),
    ev.candidates.map((c) => ({ key: c.iri, prefix: `Every ${c.name}`, rest: ` ${clause}.`, context: c.card })),
  );
  const best = [...scored].sort((a, b) => b.lift - a.lift)[0];
  const candidates: DecidedConcept[] = ev.candidates.map((c) => ({
    iri: c.iri,
    name: c.name,
    from: 'text-search',
    lift: scored.find((s) => s.key === c.iri)?.lift ?? null,
    source: c.iri === best.key ? 'model-score' : null,
  }));
  return {
    names: [nameOf(best.key)],
    iris: [best.key],
    decision: { driver: 'policy', mode: 'likelihood', candidates },
  };
}
