import { SUBCLASS_OF, type ClosureFacts } from '../../query/exec/closure-facts';
import type { QueryResult } from '../../query/exec/query-result';
import type { QueryService } from '../../query/exec/query-service';
import type { ChoiceFrame, FreeFrame, OpenFrame } from '../frame/frame-types';
import type { Observed } from '../loop-context';

export interface ChoiceEvidence {
  observed: Observed[];
  /** Per option key: the reasoner's verdict on its statement (null when the option names nothing here). */
  verdicts: Map<string, 'ENTAILED' | 'NOT ENTAILED' | null>;
  /** Card text by IRI: the subject of each option's statement. */
  cards: Map<string, string>;
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
  return { observed, verdicts, cards };
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
    const words = frame.conditions.flatMap((c) => [c.relation.name, c.filler.name]);
    const hits = qs
      .textCandidates(words, TEXT_CANDIDATES * 8)
      .filter((h) => !frame.conditions.some((c) => c.filler.iri === h.iri))
      .filter((h) => !frame.root || facts.isSubClass(h.iri, frame.root.iri))
      .map((h) => ({ ...h, card: qs.describeIri(h.iri) }));
    // A card that names every filler is read first: the conditions are likeliest written there.
    const fillers = frame.conditions.map((c) => plainWords(c.filler.name));
    const naming = hits.filter((h) => fillers.every((f) => plainWords(h.card.observation).includes(f)));
    for (const h of (naming.length ? naming : hits).slice(0, TEXT_CANDIDATES)) {
      observed.push(see(h.card));
      candidates.push({ iri: h.iri, name: h.name, card: h.card.observation });
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

function plainWords(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}
