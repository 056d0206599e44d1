import { SUBCLASS_OF, type ClosureFacts } from '../../query/exec/closure-facts';
import type { QueryResult, StatementVerdictValue } from '../../query/query-types';
import type { QueryService } from '../../query/exec/query-service';
import type { ChoiceFrame, FreeFrame, OpenFrame } from '../frame/frame-types';
import type { Observed } from '../loop-context';
import type { DefinitionReader } from '../../query/exec/definition-reader';

export interface ChoiceEvidence {
  observed: Observed[];
  /** Per option key: the reasoner's verdict on its statement (null when the option names nothing here). */
  verdicts: Map<string, StatementVerdictValue | null>;
  /** Card text by IRI: the subject of each option's statement. */
  cards: Map<string, string>;
  /** What each subject's own definition names. */
  definitions: Pick<DefinitionReader, 'definitionNames'>;
}

const see = (result: QueryResult): Observed => ({ result, query: result.query });

/**
 * A choice question's evidence, the same whatever the model: each option's statement put to the
 * reasoner (ASK), and the card of each statement's subject (DESCRIBE): the frame's subject, or
 * each option when the options are the subjects.
 */
export function choiceEvidence(frame: ChoiceFrame, qs: QueryService): ChoiceEvidence {
  const observed: Observed[] = [];
  const verdicts = new Map<string, StatementVerdictValue | null>();
  const cards = new Map<string, string>();
  const describe = (iri: string) => {
    if (cards.has(iri)) return;
    const r = qs.describeIri(iri);
    cards.set(iri, r.kind === 'card' ? r.observation : '');
    observed.push(see(r));
  };
  if (frame.slot !== 'subject' && frame.subject) describe(frame.subject.iri);
  for (const o of frame.options) {
    const st = {
      subject: frame.slot === 'subject' ? o.term?.iri : frame.subject?.iri,
      relation: frame.slot === 'relation' ? o.term?.iri : frame.relation?.iri,
      filler: frame.slot === 'filler' ? o.term?.iri : frame.filler?.iri,
    };
    if (!st.subject || !st.relation || !st.filler || (st.relation === SUBCLASS_OF && st.subject === st.filler)) {
      verdicts.set(o.key, null);
      continue;
    }
    const r = qs.askIri({ subject: st.subject, relation: st.relation, filler: st.filler });
    verdicts.set(o.key, r.verdict === null || r.verdict === 'UNKNOWN NAME' ? null : r.verdict);
    observed.push(see(r));
    if (frame.slot === 'subject') describe(st.subject);
  }
  return { observed, verdicts, cards, definitions: qs.definitions };
}

export interface OpenEvidence {
  observed: Observed[];
  /** The reasoner's whole answer set (IRIs). */
  entailed: string[];
  /** When it is empty: classes under the root whose cards match the conditions' words, best first. */
  candidates: { iri: string; name: string; card: string }[];
}

/** Candidates read from text search when the reasoner's answer set is empty. */
export const TEXT_CANDIDATES = 5;
/** Candidates whose own definitions name every filler, scored one by one, at most. */
export const NAMED_CANDIDATES = 12;
/** Names of a filler's subclasses searched for in definitions, at most. */
const FILLER_NAMES = 300;

/**
 * An open question's evidence: the SELECT of its root and conditions (the whole set, by IRI), and
 * when that is empty, text search over the cards for candidates under the root, each DESCRIBEd.
 */
export function openEvidence(frame: OpenFrame, qs: QueryService, facts: ClosureFacts): OpenEvidence {
  const conds = frame.conditions.map((c) => ({ relation: c.relation.iri, filler: c.filler.iri }));
  const sel = qs.selectIri(frame.root?.iri ?? null, conds);
  const observed = [see(sel)];
  const entailed = facts.subjects(frame.root?.iri ?? null, conds) ?? [];
  const candidates: OpenEvidence['candidates'] = [];
  if (!entailed.length) {
    for (const c of readCandidates(frame, qs, facts)) {
      const card = qs.describeIri(c);
      observed.push(see(card));
      candidates.push({ iri: c, name: facts.entity(c)?.name ?? c, card: card.observation });
    }
  }
  return { observed, entailed, candidates };
}

/** A free question's evidence: the cards of the concepts it names, and its statement (ASK, or SELECT ?o for an open place). */
export function freeEvidence(frame: FreeFrame, qs: QueryService): Observed[] {
  const observed = frame.entities.slice(0, 4).map((e) => see(qs.describeIri(e.iri)));
  const st = frame.statement;
  if (st)
    observed.push(
      see(
        st.filler
          ? qs.askIri({ subject: st.subject.iri, relation: st.relation.iri, filler: st.filler.iri })
          : qs.fillersIri(st.subject.iri, st.relation.iri),
      ),
    );
  return observed;
}

/**
 * Candidates for an open question the closure cannot answer (a Test 2 ontology, whose restrictions
 * were moved into definitions): the classes under the root whose own definition names every
 * condition's filler (or a class under it) by the whole-word rule of the choice questions (label or
 * exact or narrow synonym, not inside a longer name), the most specific first. Failing that, classes
 * under one whose definition does; failing that, the classes whose cards best match the words.
 */
function readCandidates(frame: OpenFrame, qs: QueryService, facts: ClosureFacts): string[] {
  const fillers = frame.conditions.map((c) => c.filler.iri);
  const under = frame.root ? facts.below([frame.root.iri]) : null;
  const reader = qs.definitions;
  const perCondition: Set<string>[] = [];
  for (const c of frame.conditions) {
    // A definition names the filler or something under it ("part of some nucleus" meets "part of some organelle").
    const hits = new Set<string>();
    for (const f of [...facts.below([c.filler.iri])].slice(0, FILLER_NAMES))
      for (const name of reader.namesOf(f))
        for (const iri of qs.definitionsNaming(name, 2000)) if (reader.definitionNames(iri, f)) hits.add(iri);
    perCondition.push(hits);
  }
  const all = (sets: Set<string>[]) => (sets.length ? [...sets[0]].filter((x) => sets.every((s) => s.has(x))) : []);
  const named = all(perCondition);
  const reach = all(perCondition.map((hits) => facts.below(hits)));
  const order = (xs: Iterable<string>) =>
    [...xs]
      .filter((x) => !fillers.includes(x) && (!under || under.has(x)))
      .sort((a, b) => facts.depth(b) - facts.depth(a) || a.localeCompare(b));
  const direct = order(named);
  if (direct.length) return direct.slice(0, NAMED_CANDIDATES);
  const read = order(reach);
  if (read.length) return read.slice(0, TEXT_CANDIDATES);
  const words = frame.conditions.flatMap((c) => [c.relation.name, c.filler.name]);
  return qs
    .textCandidates(words, TEXT_CANDIDATES * 8)
    .map((h) => h.iri)
    .filter((x) => !fillers.includes(x) && (!frame.root || facts.isSubClass(x, frame.root.iri)))
    .slice(0, TEXT_CANDIDATES);
}
