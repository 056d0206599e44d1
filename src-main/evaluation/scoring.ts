import type { Evidence } from '../agent/agent-types';
import { normalizeName } from '../ontology/names/normalize';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { parseQuery, queryNames } from '../query/dialect';
import type { NameLinker } from '../query/linking/name-linker';
import { optionKey, type EvidenceRef, type McqItem, type OqItem } from '../datasets/generate/dataset';
import type { EvidenceStatus, EvidenceOutcome } from './evaluation-types';
export type { EvidenceStatus, EvidenceOutcome } from './evaluation-types';

/** An MCQ answer against the gold: right, wrong, or resting on an option no reasoner could settle. */
export type McqOutcome = 'correct' | 'wrong' | 'undetermined';

/**
 * MCQ (paper §6.1): correct iff the predicted set of option keys equals the gold set exactly. An
 * option the item lists as `unsure` (no reasoner proved it wrong in time) earns no credit: an answer
 * with every gold option and some unsure ones besides is undetermined, never correct, so choosing
 * every option passes no item that has a non-gold option.
 */
export function mcqOutcome(item: McqItem, predicted: string[] | null): McqOutcome {
  if (!predicted) return 'wrong';
  const p = new Set(predicted.map(optionKey));
  const g = new Set(item.gold.map(optionKey));
  const unsure = new Set((item.unsure ?? []).map(optionKey));
  if (![...g].every((k) => p.has(k))) return 'wrong';
  const extra = [...p].filter((k) => !g.has(k));
  if (extra.some((k) => !unsure.has(k))) return 'wrong';
  return extra.length ? 'undetermined' : 'correct';
}

export function scoreMcq(item: McqItem, predicted: string[] | null): boolean {
  return mcqOutcome(item, predicted) === 'correct';
}

export interface OqScore {
  correct: boolean;
  /** Predicted names that do not name a gold answer (nor one the item lists as unsure). */
  wrong: string[];
}

/**
 * OQ (paper §6.1): correct iff the answer is non-empty and every predicted concept is a gold answer,
 * compared by IRI. A predicted name becomes a concept through the method's own IRIs when it has
 * them, else the names the item gives its answers, else the ontology's name linking (a name shared
 * by several concepts counts when one of them is gold). Re-wording never changes which concept is gold.
 * A concept the item lists as `unsure` (ELK cannot vouch that it is no answer) is neither right nor
 * wrong: an answer naming only such concepts is not correct.
 */
export function scoreOq(
  item: OqItem,
  predicted: string[] | null,
  linker: NameLinker,
  predictedIris?: (string | null)[],
): OqScore {
  const names = (predicted ?? []).map((p, i) => ({ p: p.trim(), iri: predictedIris?.[i] ?? null })).filter((x) => x.p);
  if (!names.length) return { correct: false, wrong: [] };
  const goldIris = new Set(item.answers.map((a) => a.iri));
  const unsure = item.unsure ?? [];
  const unsureIris = new Set(unsure.map((a) => a.iri));
  const itemNames = new Map([...unsure, ...item.answers].map((a) => [normalizeName(a.name), a.iri]));
  const wrong: string[] = [];
  let gold = 0;
  const count = (isGold: boolean, isUnsure: boolean, p: string) => {
    if (isGold) gold++;
    else if (!isUnsure) wrong.push(p);
  };
  for (const { p, iri } of names) {
    const known = iri ?? itemNames.get(normalizeName(p));
    if (known) {
      count(goldIris.has(known), unsureIris.has(known), p);
      continue;
    }
    const link = linker.linkConcept(p);
    const hits = link.status === 'ok' ? [link.entity] : link.status === 'ambiguous' ? link.candidates : [];
    count(
      hits.some((c) => goldIris.has(c.iri)),
      hits.some((c) => unsureIris.has(c.iri)),
      p,
    );
  }
  return { correct: wrong.length === 0 && gold > 0, wrong };
}

interface Facts {
  iris: Set<string>;
  card: string | null;
  negative: boolean;
}

/**
 * Compares an item's gold evidence with the observations a method retrieved or cited (paper §6.3.1).
 * An observation covers an axiom A ⊑ ∃r.B when it is about all three entities (its result entities
 * plus the names its query mentions, linked) and is not a NOT ENTAILED verdict, or when it is the
 * concept card of A and the card states r -> B. It covers a card when it is that card.
 */
export class EvidenceMatcher {
  private readonly cardStated = new Map<string, Set<string>>();

  constructor(
    private readonly handle: OntologyHandle,
    private readonly linker: NameLinker,
  ) {}

  facts(e: Evidence): Facts {
    const iris = new Set(e.entities);
    if (e.query) {
      const parsed = parseQuery(e.query);
      if (parsed.ok) {
        const names = queryNames(parsed.query);
        for (const c of names.concepts) {
          const l = this.linker.linkConcept(c);
          if (l.status === 'ok') iris.add(l.entity.iri);
        }
        for (const r of names.relations) {
          const l = this.linker.linkRelation(r);
          if (l.status === 'ok') iris.add(l.entity.iri);
        }
      }
    }
    return { iris, card: e.kind === 'card' ? (e.entities[0] ?? null) : null, negative: e.verdict === 'NOT ENTAILED' };
  }

  covers(ref: EvidenceRef, f: Facts): boolean {
    if (ref.kind === 'card') return f.card === ref.iri;
    if (!f.negative && f.iris.has(ref.subject) && f.iris.has(ref.relation) && f.iris.has(ref.filler)) return true;
    return f.card === ref.subject && this.stated(ref.subject).has(`${ref.relation} ${ref.filler}`);
  }

  /** Which gold references the observations cover. */
  covered(gold: EvidenceRef[], observations: Evidence[]): boolean[] {
    const facts = observations.map((o) => this.facts(o));
    return gold.map((g) => facts.some((f) => this.covers(g, f)));
  }

  private stated(iri: string): Set<string> {
    let s = this.cardStated.get(iri);
    if (!s) {
      const card = this.handle.card(iri);
      s = new Set(
        (card?.statedRelations ?? [])
          .filter((x) => x.relation.iri && x.filler.iri)
          .map((x) => `${x.relation.iri} ${x.filler.iri}`),
      );
      this.cardStated.set(iri, s);
    }
    return s;
  }
}

export function statusOf(flags: boolean[]): EvidenceStatus {
  const n = flags.filter(Boolean).length;
  return n === 0 ? 'none' : n === flags.length ? 'full' : 'partial';
}

export function evidenceOutcome(
  matcher: EvidenceMatcher,
  gold: EvidenceRef[],
  digest: Evidence[] | null,
  cited: Evidence[] | null,
): EvidenceOutcome | null {
  if (!gold.length || digest === null) return null;
  const got = matcher.covered(gold, digest);
  const retrieved = statusOf(got);
  if (cited === null) return { retrieved, cited: null, retrievedCited: null };
  const cit = matcher.covered(gold, cited);
  const retrievedCited = retrieved === 'none' ? null : got.every((g, i) => !g || cit[i]) ? 'full' : 'not-full';
  return { retrieved, cited: statusOf(cit), retrievedCited };
}
