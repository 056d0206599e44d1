import type { IriStatement } from '../../query/exec/closure-facts';
import type { StatementVerdict } from '../../query/query-types';
import type { Draft } from './axiom-picker';
import type { GenContext, SourceAxiom } from './gen-context';
import type { Slot } from './dataset';

/** What generation asks of the three-valued decider (StatementDecider): a verdict within a deadline. */
export interface OptionDecider {
  decide(s: IriStatement, o: { deadlineMs?: number; signal?: AbortSignal }): Promise<StatementVerdict>;
}

/** Wrong-option candidates a draft keeps beyond the ones it needs, for the reasoner to choose from. */
export const RESERVE = 3;

/**
 * The wrong options of a draft, proven: every candidate (the draft's distractors and its reserve) is
 * put to the decider, and the wrong options are taken CONTRADICTED first (hard negatives), then
 * complete NOT ENTAILED; a candidate the deadline left UNKNOWN is taken last and listed as unsure.
 * The draft's correct options are kept as they are.
 */
export async function proveDraft(
  ctx: GenContext,
  d: Draft & { correct: number; reserve: number[] },
  decider: OptionDecider,
  o: { deadlineMs: number; signal?: AbortSignal },
): Promise<{ options: number[]; verdicts: Map<number, StatementVerdict['verdict']>; failure: string | null }> {
  let failure: string | null = null;
  const correct = d.options.slice(0, d.correct);
  const need = d.options.length - d.correct;
  const candidates = [...d.options.slice(d.correct), ...d.reserve];
  const verdicts = new Map<number, StatementVerdict['verdict']>();
  const proven = () => [...verdicts.values()].filter((v) => v === 'CONTRADICTED' || v === 'NOT ENTAILED').length;
  // The reserve is asked only while the options asked so far leave some wrong option unproven.
  for (const [i, x] of candidates.entries()) {
    if (i >= need && proven() >= need) break;
    o.signal?.throwIfAborted();
    const v = await decider.decide(statementOf(ctx, d.slot, d.ax, x), o).catch((e: unknown) => {
      if (o.signal?.aborted) throw e;
      failure = e instanceof Error ? e.message : String(e);
      return { verdict: 'UNKNOWN' as const, reasoner: 'elk' as const };
    });
    verdicts.set(x, v.verdict);
  }
  const rank = (x: number) => ({ CONTRADICTED: 0, 'NOT ENTAILED': 1, UNKNOWN: 2, ENTAILED: 3 })[verdicts.get(x)!];
  const wrong = candidates
    .filter((x) => verdicts.has(x) && verdicts.get(x) !== 'ENTAILED')
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, need);
  return { options: [...correct, ...wrong], verdicts, failure };
}

function statementOf(ctx: GenContext, slot: Slot, ax: SourceAxiom, x: number): IriStatement {
  const t = slot === 'subject' ? { ...ax, a: x } : slot === 'filler' ? { ...ax, b: x } : { ...ax, r: x };
  return { subject: ctx.ix.iri(t.a), relation: ctx.ix.iri(t.r), filler: ctx.ix.iri(t.b) };
}

/** Members outside the ELK closure a DL check may add to an open question's answers, at most, per question. */
export const MAX_DL_MEMBERS = 8;

/**
 * An open question's unsure members decided, a bounded number of them: a member the reasoner entails
 * meets every condition joins the answers; one with a condition CONTRADICTED or NOT ENTAILED is
 * proven out; the rest, and any beyond MAX_DL_MEMBERS, stay unsure.
 */
export async function proveMembers(
  ctx: GenContext,
  d: { conds: { r: number; b: number }[]; answers: number[]; unsure: number[] },
  decider: OptionDecider,
  o: { deadlineMs: number; signal?: AbortSignal },
): Promise<{ answers: number[]; unsure: number[]; decided: number }> {
  const answers = [...d.answers];
  const unsure: number[] = [];
  let decided = 0;
  for (const [i, m] of d.unsure.entries()) {
    if (i >= MAX_DL_MEMBERS) {
      unsure.push(m);
      continue;
    }
    let all = true;
    let out = false;
    for (const c of d.conds) {
      o.signal?.throwIfAborted();
      const s = { subject: ctx.ix.iri(m), relation: ctx.ix.iri(c.r), filler: ctx.ix.iri(c.b) };
      const v = await decider.decide(s, o).catch((e: unknown) => {
        if (o.signal?.aborted) throw e;
        return { verdict: 'UNKNOWN' as const };
      });
      if (v.verdict === 'CONTRADICTED' || v.verdict === 'NOT ENTAILED') {
        out = true;
        break;
      }
      if (v.verdict !== 'ENTAILED') all = false;
    }
    if (out || all) decided++;
    if (all && !out) answers.push(m);
    else if (!out) unsure.push(m);
  }
  return { answers, unsure, decided };
}
