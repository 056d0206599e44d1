import { parentPort, workerData } from 'node:worker_threads';
import { loadClosureStore } from '../closure-store';
import { UserError } from '../../../core/errors';
import { runSparql } from './raw-sparql';
import type { SparqlReply, SparqlRequest } from './sparql-protocol';

/**
 * The worker thread that owns one ontology's Oxigraph store and runs raw SPARQL on it, so a costly
 * query never blocks the server's event loop; the parent terminates it at the deadline.
 */
const port = parentPort!;
const { graphPath } = workerData as { graphPath: string };

const ready = loadClosureStore(graphPath).then(
  (store) => {
    port.postMessage({ type: 'ready' } satisfies SparqlReply);
    return store;
  },
  (e: unknown) => {
    port.postMessage({
      type: 'load-failed',
      message: e instanceof Error ? e.message : String(e),
    } satisfies SparqlReply);
    return null;
  },
);

port.on('message', (req: SparqlRequest) => {
  void ready.then((store) => {
    if (!store) return;
    try {
      port.postMessage({
        type: 'result',
        id: req.id,
        result: runSparql(store, req.query, req.maxRows),
      } satisfies SparqlReply);
    } catch (e) {
      const error =
        e instanceof UserError
          ? { code: e.code, message: e.message }
          : { code: 'internal' as const, message: e instanceof Error ? e.message : String(e) };
      port.postMessage({ type: 'error', id: req.id, error } satisfies SparqlReply);
    }
  });
});
