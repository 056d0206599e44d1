import { GROUNDINGS } from '../agent/agent-types';
import { CHECKED_LEVELS } from '../agent/frame/check-answer';
import type { ItemResult } from './evaluation-types';
import type { AnswerSource, DecisionMode } from '../agent/policy/decision-types';

export interface Acc {
  accuracy: number;
  n: number;
  correct: number;
  /** Items whose answer rests on options no reasoner settled (absent when none): never correct, reported on their own. */
  undetermined?: number;
}

export interface Metrics {
  /** Over all items, 0–1. */
  accuracy: number;
  n: number;
  correct: number;
  /** Items among n that are undetermined (see Acc); counted as not correct in the accuracy. */
  undetermined: number;
  byKind: Record<string, Acc>;
  /** MCQs by masked slot. */
  bySlot: Record<string, Acc>;
  /** MCQs by number of gold options. */
  byGoldCount: Record<string, Acc>;
  /** OQs by number of conditions. */
  byConditions: Record<string, Acc>;
  grounding: {
    /** Share of all items at each level; "none" when the method reported none. */
    distribution: Record<string, { count: number; fraction: number }>;
    /** Accuracy within each level. */
    accuracy: Record<string, Acc>;
  };
  /**
   * The reasoner's check of each prediction (see checkGrounding): share and accuracy per checked level,
   * and the claimed level (rows) against the checked level (columns). "none" marks results stored
   * before checks existed.
   */
  checked: {
    distribution: Record<string, { count: number; fraction: number }>;
    accuracy: Record<string, Acc>;
    confusion: Record<string, Record<string, number>>;
  };
  /** Gold evidence retrieval and citation (items where it applies), overall and per kind. */
  evidence: Record<string, EvidenceMetrics> | null;
  usage: {
    callsPerQuestion: number;
    inputTokensPerQuestion: number;
    outputTokensPerQuestion: number;
    tokensPerQuestion: number;
  };
  errors: number;
  /** Of the errors: replies the server left empty or cut short (never scored as answers). */
  emptyReplies: number;
  /**
   * Where the answers came from, for a policy-driven agent: items decided by the reasoner alone, by the
   * model's likelihoods, or generated; and the chosen options or concepts per source. Null for other methods.
   */
  provenance: {
    items: Record<DecisionMode, number>;
    chosen: Record<AnswerSource, number>;
  } | null;
}

export interface EvidenceMetrics {
  n: number;
  retrieved: Record<'full' | 'partial' | 'none', number>;
  cited: Record<'full' | 'partial' | 'none', number> | null;
  /** Among items with some gold evidence retrieved: fraction whose retrieved gold evidence was all cited. */
  retrievedCitedFully: number | null;
}

function acc(rs: ItemResult[]): Acc {
  const correct = rs.filter((r) => r.correct).length;
  const undetermined = rs.filter((r) => r.undetermined).length;
  return {
    accuracy: rs.length ? round(correct / rs.length) : 0,
    n: rs.length,
    correct,
    ...(undetermined ? { undetermined } : {}),
  };
}

function groups(rs: ItemResult[], key: (r: ItemResult) => string | undefined): Map<string, ItemResult[]> {
  const out = new Map<string, ItemResult[]>();
  for (const r of rs) {
    const k = key(r);
    if (k === undefined) continue;
    const g = out.get(k);
    if (g) g.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function groupBy(rs: ItemResult[], key: (r: ItemResult) => string | undefined): Record<string, Acc> {
  const byKey = groups(rs, key);
  const keys = [...byKey.keys()].sort((a, b) => (isNum(a) && isNum(b) ? Number(a) - Number(b) : a.localeCompare(b)));
  return Object.fromEntries(keys.map((k) => [k, acc(byKey.get(k)!)]));
}

/** Accuracy and the breakdowns of paper §6 and App. D over scored items. */
export function computeMetrics(items: ItemResult[]): Metrics {
  const rs = items.map(counted);
  const all = acc(rs);
  const mcq = rs.filter((r) => r.kind === 'mcq');
  const oq = rs.filter((r) => r.kind === 'oq');
  const levels = [...GROUNDINGS, 'none'];
  const checkedLevels = [...CHECKED_LEVELS, 'none'];
  // One pass into groups: a filter per level (and per pair for the confusion) took over a second at 30,000 items.
  const byLevel = groups(rs, (r) => r.grounding ?? 'none');
  const byChecked = groups(rs, (r) => r.checked?.level ?? 'none');
  const pairs = new Map<string, number>();
  for (const r of rs) {
    const pair = `${r.grounding ?? 'none'}\n${r.checked?.level ?? 'none'}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const share = (xs: ItemResult[] | undefined) => {
    const count = xs?.length ?? 0;
    return { count, fraction: rs.length ? round(count / rs.length) : 0 };
  };
  const distribution = Object.fromEntries(levels.map((l) => [l, share(byLevel.get(l))]));
  const groundingAcc = Object.fromEntries(levels.map((l) => [l, acc(byLevel.get(l) ?? [])]));
  const checkedDistribution = Object.fromEntries(checkedLevels.map((l) => [l, share(byChecked.get(l))]));
  const checkedAcc = Object.fromEntries(checkedLevels.map((l) => [l, acc(byChecked.get(l) ?? [])]));
  const confusion = Object.fromEntries(
    levels.map((c) => [c, Object.fromEntries(checkedLevels.map((k) => [k, pairs.get(`${c}\n${k}`) ?? 0]))]),
  );
  const withEv = rs.filter((r) => r.evidence);
  const evidence = withEv.length
    ? Object.fromEntries(
        [
          ['all', withEv],
          ['mcq', withEv.filter((r) => r.kind === 'mcq')],
          ['oq', withEv.filter((r) => r.kind === 'oq')],
        ]
          .filter(([, xs]) => (xs as ItemResult[]).length)
          .map(([k, xs]) => [k as string, evidenceMetrics(xs as ItemResult[])]),
      )
    : null;
  const sum = (k: 'calls' | 'inputTokens' | 'outputTokens') => rs.reduce((a, r) => a + (r.usage?.[k] ?? 0), 0);
  const per = (x: number) => (rs.length ? round(x / rs.length, 2) : 0);
  return {
    accuracy: all.accuracy,
    n: all.n,
    correct: all.correct,
    undetermined: all.undetermined ?? 0,
    byKind: { ...(mcq.length ? { mcq: acc(mcq) } : {}), ...(oq.length ? { oq: acc(oq) } : {}) },
    bySlot: groupBy(mcq, (r) => r.slot),
    byGoldCount: groupBy(mcq, (r) => (r.goldCount === undefined ? undefined : String(r.goldCount))),
    byConditions: groupBy(oq, (r) => (r.n === undefined ? undefined : String(r.n))),
    grounding: { distribution, accuracy: groundingAcc },
    checked: { distribution: checkedDistribution, accuracy: checkedAcc, confusion },
    evidence,
    usage: {
      callsPerQuestion: per(sum('calls')),
      inputTokensPerQuestion: per(sum('inputTokens')),
      outputTokensPerQuestion: per(sum('outputTokens')),
      tokensPerQuestion: per(sum('inputTokens') + sum('outputTokens')),
    },
    errors: rs.filter((r) => r.error).length,
    emptyReplies: rs.filter((r) => r.error && r.emptyReply).length,
    provenance: provenanceMetrics(rs),
  };
}

/**
 * The fields the metrics read, in one object shape. A run's own results (scored, then given their review
 * facts) come in many shapes, and reading them a dozen times over made 30,000 items take over a second;
 * the same results parsed from the store took a hundredth of that.
 */
function counted(r: ItemResult): ItemResult {
  return {
    id: r.id,
    kind: r.kind,
    correct: r.correct,
    undetermined: r.undetermined,
    emptyReply: r.emptyReply,
    predicted: r.predicted,
    grounding: r.grounding,
    checked: r.checked,
    evidence: r.evidence,
    usage: r.usage,
    error: r.error,
    provenance: r.provenance,
    slot: r.slot,
    goldCount: r.goldCount,
    n: r.n,
    seconds: r.seconds,
  } as ItemResult;
}

function provenanceMetrics(rs: ItemResult[]): Metrics['provenance'] {
  const withP = rs.filter((r) => r.provenance);
  if (!withP.length) return null;
  const items: Record<DecisionMode, number> = { reasoner: 0, likelihood: 0, generation: 0 };
  const chosen: Record<AnswerSource, number> = {
    reasoner: 0,
    'model-score': 0,
    'card-named': 0,
    'reasoner-isa': 0,
    'ruled-out': 0,
  };
  for (const r of withP) {
    items[r.provenance!.mode]++;
    for (const s of Object.values(r.provenance!.sources)) chosen[s]++;
  }
  return { items, chosen };
}

function evidenceMetrics(rs: ItemResult[]): EvidenceMetrics {
  const zero = () => ({ full: 0, partial: 0, none: 0 });
  const retrieved = zero();
  const citedCounts = zero();
  let anyCited = false;
  let rc = 0;
  let rcFull = 0;
  for (const r of rs) {
    const e = r.evidence!;
    retrieved[e.retrieved]++;
    if (e.cited) {
      anyCited = true;
      citedCounts[e.cited]++;
    }
    if (e.retrievedCited) {
      rc++;
      if (e.retrievedCited === 'full') rcFull++;
    }
  }
  const frac = (c: Record<'full' | 'partial' | 'none', number>) => ({
    full: round(c.full / rs.length),
    partial: round(c.partial / rs.length),
    none: round(c.none / rs.length),
  });
  return {
    n: rs.length,
    retrieved: frac(retrieved),
    cited: anyCited ? frac(citedCounts) : null,
    retrievedCitedFully: rc ? round(rcFull / rc) : null,
  };
}

function isNum(s: string): boolean {
  return /^\d+$/.test(s);
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
