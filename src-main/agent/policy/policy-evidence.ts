import { SUBCLASS_OF, type ClosureFacts } from '../../query/exec/closure-facts';
import type { QueryResult } from '../../query/query-types';
import type { QueryService } from '../../query/exec/query-service';
import type { ChoiceFrame, FreeFrame, OpenFrame } from '../frame/frame-types';
import type { Observed } from '../loop-context';
import type { DefinitionReader } from '../../query/exec/definition-reader';

export interface ChoiceEvidence {
  observed: Observed[];
  /** Per option key: the reasoner's verdict on its statement (null when the option names nothing here). */
  verdicts: Map<string, 'ENTAILED' | 'NOT ENTAILED' | null>;
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
  const verdicts = new Map<string, 'ENTAILED' | 'NOT ENTAILED' | null>();
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
    verdicts.set(o.key, r.verdict === 'ENTAILED' || r.verdict === 'NOT ENTAILED' ? r.verdict : null);
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
 * were moved into definitions): classes under the root that, themselves or through an ancestor, have
 * a definition naming every condition's filler, the most specific first; failing that, the classes
 * whose cards best match the conditions' words.
 */
function readCandidates(frame: OpenFrame, qs: QueryService, facts: ClosureFacts): string[] {
  const fillers = frame.conditions.map((c) => c.filler.iri);
  let pool: Set<string> | null = frame.root ? facts.below([frame.root.iri]) : null;
  const direct = new Map<string, number>();
  for (const c of frame.conditions) {
    // A definition names the filler or something under it ("part of some nucleus" meets "part of some organelle").
    const fillerNames = [...facts.below([c.filler.iri])]
      .slice(0, FILLER_NAMES)
      .map((iri) => facts.entity(iri)?.name ?? '');
    const naming = new Set(fillerNames.flatMap((n) => (n ? qs.definitionsNaming(n, 2000) : [])));
    for (const iri of naming) direct.set(iri, (direct.get(iri) ?? 0) + 1);
    const reach = facts.below(naming);
    pool = pool ? new Set([...pool].filter((x) => reach.has(x))) : reach;
  }
  const read = [...(pool ?? [])]
    .filter((x) => !fillers.includes(x))
    .sort(
      (a, b) => (direct.get(b) ?? 0) - (direct.get(a) ?? 0) || facts.depth(b) - facts.depth(a) || a.localeCompare(b),
    );
  if (read.length) return read.slice(0, TEXT_CANDIDATES);
  const words = frame.conditions.flatMap((c) => [c.relation.name, c.filler.name]);
  return qs
    .textCandidates(words, TEXT_CANDIDATES * 8)
    .map((h) => h.iri)
    .filter((x) => !fillers.includes(x) && (!frame.root || facts.isSubClass(x, frame.root.iri)))
    .slice(0, TEXT_CANDIDATES);
}
