import { basename } from 'node:path';
import type { AgentBudget } from '../agent/agent';
import { frameContext } from '../agent/frame/frame-deps';
import { defaultPersona } from '../agent/persona';
import type { AgentProtocol } from '../agent/protocol';
import type { AgentVocabulary } from '../agent/structured/vocabulary';
import type { NameScopeMode } from '../agent/loop-context';
import { errorMessage, UserError } from '../core/errors';
import { throwIfAborted, type TaskProgress } from '../core/task';
import { LlmError } from '../llm/errors';
import type { LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { QueryService } from '../query/exec/query-service';
import type { DatasetItem } from '../datasets/generate/dataset';
import { createMethod, needsLlm, type MethodName } from './methods';
import { computeMetrics, type Metrics } from './metrics';
import { effectiveConcurrency } from './concurrency';
import { runPool } from './item-pool';
import { answerItem, type ItemRun } from './item-answer';
import { keyProtocol, modelIdentity, ontologyContentHash, promptKey, type RunKey } from './eval-key';
import { itemNames } from './item-review';
import type { ResultStore } from './result-store';
import { RunTally } from './run-tally';
import { rescoreStored } from './item-score';
import type { ItemResult, ItemSelection } from './evaluation-types';
import { EvidenceMatcher } from './scoring';

export interface EvalOptions {
  handle: OntologyHandle;
  items: DatasetItem[];
  /** Hash of the dataset file (see loadDataset): part of every result key. */
  datasetHash: string;
  method: MethodName;
  /** The model spec as given; its identity (see modelIdentity) is part of the result key. */
  model?: string;
  /** The model's identity, when the caller already knows it (default: computed from `model`). */
  modelIdentity?: string;
  /** The ontology's content hash (default: from the handle's load record). */
  ontologyHash?: string;
  /** Where the dataset was read from, recorded with the run for per-item review. */
  datasetPath?: string;
  /** Drop stored results under this run's key first, so every item is answered again. */
  fresh?: boolean;
  /** Items in flight at once; only an OpenAI-compatible server gets more than one (see effectiveConcurrency). */
  concurrency?: number;
  /** How long a server outage is waited out before the run stops with what it has (default the backend's, 120 s). */
  retryForMs?: number;
  llm?: LlmBackend;
  store: ResultStore;
  /** The query service the agent uses (default: a fresh one with the usual limits). */
  queryService?: QueryService;
  persona?: string;
  budget?: Partial<AgentBudget>;
  maxTokens?: number;
  /** The agent's step protocol (oa-rag); default 'auto'. */
  protocol?: AgentProtocol | 'auto';
  /** Names the agent's step grammar may offer (see grammarVocabulary). */
  vocabulary?: AgentVocabulary | null;
  /** Which of them a step offers (default 'question'). */
  nameScope?: NameScopeMode;
  /** Who drives the oa-rag agent's queries (default 'auto'). */
  driver?: 'auto' | 'policy' | 'react';
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  onItem?: (r: ItemResult, fromStore: boolean) => void;
}

export interface EvalReport extends Metrics {
  method: MethodName;
  /** The model spec as given ("none" without a model); `key.model` is its identity. */
  model: string;
  /** Everything the stored results are keyed by, and the run's id for review and marks. */
  key: RunKey;
  runId: string;
  ontology: string;
  /** `items`: the items reported on; `of`, when known: the dataset's item count (a report rebuilt from the store may hold fewer). */
  dataset: { hash: string; items: number; of?: number };
  /** Items answered in this run, and items taken from the store of earlier runs; items that were in flight at once. */
  run: { answered: number; reused: number; seconds: number; concurrency?: number };
  /** Which of the dataset's items were run (set by the evaluation service; absent: all of `items`). */
  selection?: ItemSelection;
  warnings: string[];
  /** The run ended before every item was answered (the server stayed away past --retry-for): why. */
  stopped?: { reason: string; code: string };
  items: ItemResult[];
}

/**
 * Runs a method over a dataset and scores it. Resumable: each item's result is stored as soon as it
 * is scored, keyed by RunKey (dataset, ontology content, method, model identity, protocol, prompt
 * version), and only items stored under the full key are not run again. With `concurrency` N, up to N
 * items are in flight at once. Cancelling (the signal) aborts the items in flight without storing them.
 */
export async function runEvaluation(o: EvalOptions): Promise<EvalReport> {
  const t0 = performance.now();
  if (needsLlm(o.method) && !o.llm)
    throw new UserError('usage', `the ${o.method} method needs a model (--model <spec>).`);
  const { model, key } = await runKeyOf(o);
  const file = basename(o.handle.summary.file || o.handle.path);
  const id = o.store.saveRun(key, {
    modelSpec: model,
    ontologyFile: o.handle.summary.file || o.handle.path,
    datasetPath: o.datasetPath ?? null,
  });
  const warnings = datasetWarnings(o.items, file);
  const answering = itemAnswering(o, file);
  if (o.fresh) o.store.forget(key);
  const done = await o.store.allYielding(key);
  const total = o.items.length;
  const llm = needsLlm(o.method) ? o.llm : undefined;
  const conc = await serverConcurrency(o.concurrency, llm, warnings, o.signal);
  if (o.retryForMs !== undefined) llm?.setRetryFor?.(o.retryForMs);
  const tally = new RunTally(total, o.onProgress, o.onItem);
  const itemRun: ItemRun = { ...answering, store: o.store, key, model, tally };
  const todo: number[] = [];
  for (let i = 0; i < total; i++) {
    const prior = done.get(o.items[i].id);
    if (prior) tally.reuse(i, rescoreStored(o.items[i], prior));
    else todo.push(i);
  }
  tally.progress();
  throwIfAborted(o.signal);
  // Items finish in any order; each is stored the moment it is scored, and the report keeps dataset order.
  const stopped = await untilServerGivesUp(llm, tally, () =>
    runPool({
      items: todo,
      concurrency: conc.n,
      signal: o.signal,
      run: (i, _k, signal) => answerItem(itemRun, i, o.items[i], signal),
    }),
  );
  // The store batches its writes (see ResultStore.put): readers on other connections see them all now.
  o.store.flush();
  await new Promise<void>((r) => setImmediate(r));
  warnings.push(...(llm?.notes?.() ?? []));
  const finished = tally.results.filter((r): r is ItemResult => r !== undefined);
  const metrics = computeMetrics(finished);
  return {
    method: o.method,
    model,
    key,
    runId: id,
    ontology: file,
    dataset: { hash: o.datasetHash, items: total },
    ...metrics,
    run: {
      answered: tally.answered,
      reused: tally.reused,
      seconds: Math.round(performance.now() - t0) / 1000,
      concurrency: conc.n,
    },
    warnings,
    ...(stopped ? { stopped } : {}),
    items: finished,
  };
}

/**
 * The items in flight at once: the request, held to the server's own slots where it says how many it has
 * (llama.cpp's /props or /slots). Requests beyond its slots are not queued by every server: some answer
 * them with an empty reply.
 */
async function serverConcurrency(
  requested: number | undefined,
  llm: LlmBackend | undefined,
  warnings: string[],
  signal?: AbortSignal,
): Promise<{ n: number }> {
  const conc = effectiveConcurrency(requested, llm);
  if (conc.note) warnings.push(conc.note);
  if (conc.n <= 1 || !llm?.serverSlots) return conc;
  const info = await llm.serverSlots(signal);
  if (!info || info.slots >= conc.n) return conc;
  warnings.push(
    `--concurrency ${conc.n} lowered to ${info.slots}: the server answers ${info.slots} request${info.slots === 1 ? '' : 's'} at a time (${info.source}).`,
  );
  return { n: info.slots };
}

/**
 * Runs the pool showing "waiting for the server" while the backend waits out an outage. A server that
 * stayed away past the limit, or refused for good, stops the run: the reason is returned, and the items
 * finished so far make the report.
 */
async function untilServerGivesUp(
  llm: LlmBackend | undefined,
  tally: RunTally,
  run: () => Promise<void>,
): Promise<{ reason: string; code: string } | undefined> {
  const unwatch = llm?.watchServer?.((w) =>
    w
      ? tally.progress(
          `${tally.stage()} · waiting for the server (${w.reason}): ${Math.round(w.waitedMs / 1000)} s of ${Math.round(w.limitMs / 1000)} s`,
        )
      : tally.progress(),
  );
  try {
    await run();
    return undefined;
  } catch (e) {
    if (e instanceof LlmError && e.code === 'http') return { reason: errorMessage(e), code: e.code };
    throw e;
  } finally {
    unwatch?.();
  }
}

/** The model spec as reported, and the key the run's results are stored under. */
async function runKeyOf(o: EvalOptions): Promise<{ model: string; key: RunKey }> {
  const model = needsLlm(o.method) ? (o.model ?? o.llm!.id) : 'none';
  // A GGUF file is hashed once per (path, size, mtime); the first time takes seconds per gigabyte.
  if (needsLlm(o.method) && !o.modelIdentity)
    o.onProgress?.({ fraction: 0, stage: 'identifying the model (file hash)' });
  const identity = !needsLlm(o.method)
    ? 'none'
    : (o.modelIdentity ??
      (o.model ? await modelIdentity(o.model, { hashCache: o.store.hashCache }) : `id:${o.llm!.id}`));
  const key: RunKey = {
    dataset: o.datasetHash,
    ontology: o.ontologyHash ?? (await ontologyContentHash(o.handle)),
    method: o.method,
    model: identity,
    // A whole-vocabulary name scope answers differently from the default, so it is part of the key.
    ...promptKey(
      needsLlm(o.method),
      keyProtocol({
        protocol: `${o.protocol ?? 'auto'}${o.nameScope === 'ontology' ? '/ontology-names' : ''}${o.method === 'oa-rag' && o.driver && o.driver !== 'auto' ? `/driver-${o.driver}` : ''}`,
      }),
    ),
  };
  return { model, key };
}

/** A dataset built from another ontology than the one evaluated against says so. */
function datasetWarnings(items: DatasetItem[], file: string): string[] {
  const names = new Set(items.map((i) => i.ontology));
  if (!names.size || names.has(file)) return [];
  const from = [...new Set(items.flatMap((i) => (i.derivedFrom ? [i.derivedFrom] : [])))];
  return [
    from.length
      ? `This is a Test 2 dataset for ${[...names].join(', ')} (revised from ${from.join(', ')}), but it is evaluated against ${file}${from.includes(file) ? ': the original still states what Test 2 moved into definitions, so the run measures nothing Test 2 is for' : ''}.`
      : `The dataset was built from ${[...names].join(', ')}, but it is evaluated against ${file}.`,
  ];
}

/** The method, and what scores and checks its answers, over the handle evaluated against. */
function itemAnswering(
  o: EvalOptions,
  file: string,
): Pick<ItemRun, 'method' | 'matcher' | 'query' | 'checker' | 'nameOf'> {
  const query = o.queryService ?? new QueryService(o.handle);
  const matcher = new EvidenceMatcher(o.handle, query.names);
  const checker = frameContext(o.handle, query.names, query.decider).deps;
  const nameOf = itemNames(o.handle);
  const method = createMethod(o.method, {
    handle: o.handle,
    llm: o.llm,
    persona: o.persona ?? defaultPersona(o.handle.summary.title, file),
    agentQuery: query,
    budget: o.budget,
    maxTokens: o.maxTokens,
    protocol: o.protocol,
    vocabulary: o.vocabulary,
    nameScope: o.nameScope,
    driver: o.driver,
  });
  return { method, matcher, query, checker, nameOf };
}
