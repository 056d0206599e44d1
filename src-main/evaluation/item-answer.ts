import type { CheckDeps } from '../agent/frame/check-deps';
import { errorMessage } from '../core/errors';
import { TaskCancelledError } from '../core/task';
import { LlmError } from '../llm/errors';
import type { QueryService } from '../query/exec/query-service';
import type { DatasetItem } from '../datasets/generate/dataset';
import { withItemRetry } from './concurrency';
import type { RunKey } from './eval-key';
import type { FinishItem } from './item-pool';
import { reviewFacts } from './item-review';
import { scoreItem } from './item-score';
import type { Method, MethodOutcome } from './method';
import type { ResultStore } from './result-store';
import type { RunTally } from './run-tally';
import type { EvidenceMatcher } from './scoring';

/** LLM failures that concern one item only: the item is scored wrong and the run goes on. */
const ITEM_ERRORS = new Set(['context-overflow', 'bad-reply']);

/** What answering, scoring and storing one item needs. */
export interface ItemRun {
  method: Method;
  matcher: EvidenceMatcher;
  query: QueryService;
  checker: CheckDeps;
  nameOf: (iri: string) => string;
  store: ResultStore;
  key: RunKey;
  model: string;
  tally: RunTally;
}

/**
 * Answers one item with the method (retrying what a server may answer later); an LLM failure that
 * concerns only this item scores it wrong. Scoring, the reasoner's checks and storing are handed back
 * to run off the item's slot (see runPool).
 */
export async function answerItem(r: ItemRun, i: number, item: DatasetItem, signal: AbortSignal): Promise<FinishItem> {
  const started = performance.now();
  let outcome: MethodOutcome;
  let error: string | undefined;
  let emptyReply: 'empty' | 'cut' | undefined;
  try {
    outcome = await withItemRetry(
      () => r.method(item, signal),
      signal,
      (n, ms, why) =>
        r.tally.progress(`${r.tally.stage()} · ${item.id} retry ${n} in ${(ms / 1000).toFixed(1)} s (${why})`),
    );
  } catch (e) {
    if (e instanceof TaskCancelledError || signal.aborted) throw new TaskCancelledError();
    if (!(e instanceof LlmError && ITEM_ERRORS.has(e.code))) throw e;
    error = errorMessage(e);
    if (e.reply) emptyReply = e.reply;
    outcome = {
      predicted: null,
      grounding: null,
      digest: null,
      cited: null,
      usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
    };
  }
  if (signal.aborted) throw new TaskCancelledError();
  const seconds = (performance.now() - started) / 1000;
  return () => {
    const res = scoreItem(item, outcome, r.matcher, r.query, seconds);
    if (error) res.error = error;
    if (emptyReply) res.emptyReply = emptyReply;
    Object.assign(res, reviewFacts(item, outcome, r.matcher, r.checker, r.nameOf));
    r.store.put(r.key, res, outcome.record, r.model);
    r.tally.answer(i, res);
  };
}
