import { statSync } from 'node:fs';
import { throwIfAborted } from '../../core/task';
import { CacheBuilder } from '../cache/cache-builder';
import { DirectSink, WorkerSink, type RowSink } from '../cache/cache-writer';
import { followDump, type DumpReadStats } from '../dump/dump-reader';
import type { DumpRecord } from '../dump/dump-types';
import type { BridgeDump, ColdRun } from './cold-load';

/**
 * Asks the bridge for a dump (`extract`, or `reload` which writes one too) and follows the file as it is
 * written, so building the tables overlaps the bridge's write stage; the index stage is what is left once
 * the bridge has answered.
 */
export function startDump(run: ColdRun, method: 'extract' | 'reload', params: Record<string, unknown>): BridgeDump {
  const { bridge, load, clock, stages, scratch } = run;
  const read: DumpReadStats = { readSeconds: 0, waitSeconds: 0 };
  const answered = bridge
    .request<Record<string, unknown>>(method, params, {
      signal: load.options.signal,
      timeoutMs: load.options.timeoutMs,
      onProgress: stages.onBridge,
    })
    .then((x) => {
      dump.answer = x;
      dump.overlap = (clock.seconds.rows ?? 0) + read.readSeconds;
      stages.enter('index');
      return x;
    });
  scratch.waitFor(answered.catch(() => undefined));
  const dump: BridgeDump = { answered, batches: followDump(scratch.dumpPath, answered, read), read, overlap: 0 };
  return dump;
}

/** Builds a whole cache entry from a full dump's batches, as they are read. */
export async function buildFromDump(
  run: ColdRun,
  dump: BridgeDump,
  batches: AsyncIterable<DumpRecord[]>,
): Promise<CacheBuilder> {
  const { load, clock, scratch, stages } = run;
  const builder = scratch.hold(new CacheBuilder(scratch.tmpDb, clock, cacheSink(load.path)));
  builder.naming = load.options.naming;
  builder.graphPath = scratch.tmpNt;
  let n = 0;
  for await (const batch of batches) {
    for (const rec of batch) builder.add(rec);
    n += batch.length;
    throwIfAborted(load.options.signal);
    if (dump.answer) stages.report('index', (0.7 * n) / (Number(dump.answer.records) || n));
  }
  return builder;
}

/** The batches of a dump whose first batch was already taken from `rest`. */
export async function* withFirst(first: DumpRecord[], rest: AsyncIterable<DumpRecord[]>): AsyncGenerator<DumpRecord[]> {
  if (first.length) yield first;
  yield* rest;
}

/** Below this input size the whole cache takes milliseconds to write, less than starting a thread. */
const WRITER_THREAD_BYTES = 2 ** 20;

/** SQLite in a worker thread for larger inputs; in this one for small ones, or when the worker cannot start. */
function cacheSink(input: string): RowSink {
  try {
    if (statSync(input).size >= WRITER_THREAD_BYTES) return new WorkerSink();
  } catch {
    // no worker module in this build, or the file went away (the load then fails on its own)
  }
  return new DirectSink();
}
