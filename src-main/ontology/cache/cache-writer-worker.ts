import { parentPort } from 'node:worker_threads';
import { SqliteWriter, type WriterReply, type WriterRequest } from './cache-writer';

/**
 * The worker thread that owns the SQLite connection of one cache build (see WorkerSink). After a
 * failure it answers once and ignores the rest; the parent then deletes the half-written file.
 */
const port = parentPort!;
let writer: SqliteWriter | undefined;
let failed = false;

port.on('message', (m: WriterRequest) => {
  if (failed) return;
  try {
    if (m.type === 'open') writer = new SqliteWriter(m.path);
    else if (m.type === 'rows') writer!.write(m.batch);
    else if (m.type === 'headIndexes') writer!.buildHeadIndexes();
    else if (m.type === 'indexes') writer!.buildIndexes(m.namesAgain);
    else if (m.type === 'finish') port.postMessage({ type: 'done', ...writer!.finish() } satisfies WriterReply);
  } catch (e) {
    failed = true;
    writer?.abort();
    port.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) } satisfies WriterReply);
  }
});
