/**
 * Entry point of the model process, started by LocalLlamaBackend with child_process.fork.
 * Under tsx/vitest it is this .ts file (run with `--import tsx`); from a build it is llama-worker.js.
 * It imports only ./llama-engine.js and node-llama-cpp, with explicit .js specifiers, so that the
 * compiled file also runs under plain Node.
 */
import { EngineError, LlamaEngine } from './llama-engine.js';
import type { WorkerMessage, WorkerRequest } from './worker-protocol.js';

if (!process.send) {
  console.error('llama-worker must be started by LocalLlamaBackend (child_process.fork with an IPC channel).');
  process.exit(2);
}

const send = (m: WorkerMessage) => {
  if (process.connected) process.send!(m);
};

const engine = new LlamaEngine((level, message) => send({ t: 'log', level, message }));
const aborts = new Map<number, AbortController>();
let loaded: Promise<void> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Runs operations one at a time (one sequence), in arrival order. */
function serial<T>(op: () => Promise<T>): Promise<T> {
  const p = queue.then(op, op);
  queue = p.catch(() => undefined);
  return p;
}

function fail(id: number, e: unknown): void {
  const code = e instanceof EngineError ? e.code : 'internal';
  send({ t: 'failed', id, code, message: e instanceof Error ? e.message : String(e) });
}

/** Runs a request once the model has loaded, in turn; its answer, or its failure, goes back under its id. */
function answer(id: number, op: () => WorkerMessage | Promise<WorkerMessage>, settled?: () => void): void {
  void serial(async () => {
    await loaded;
    try {
      send(await op());
    } catch (e) {
      fail(id, e);
    } finally {
      settled?.();
    }
  });
}

process.on('message', (raw: unknown) => {
  const m = raw as WorkerRequest;
  switch (m.t) {
    case 'init':
      loaded = engine.load(m.init).then(
        (info) => send({ t: 'ready', info }),
        (e) => {
          send({
            t: 'init-error',
            code: e instanceof EngineError ? e.code : 'model-load',
            message: e instanceof Error ? e.message : String(e),
          });
        },
      );
      return;
    case 'abort':
      aborts.get(m.id)?.abort();
      return;
    case 'chat': {
      const ac = new AbortController();
      aborts.set(m.id, ac);
      answer(
        m.id,
        async () => ({
          t: 'chat-done',
          id: m.id,
          value: await engine.generate(m.messages, m.opts, ac.signal, (chunk) => send({ t: 'text', id: m.id, chunk })),
        }),
        () => aborts.delete(m.id),
      );
      return;
    }
    case 'reset':
      answer(m.id, async () => {
        await engine.reset();
        return { t: 'reset-done', id: m.id };
      });
      return;
    case 'format':
      answer(m.id, () => ({ t: 'formatted', id: m.id, ...engine.format(m.messages) }));
      return;
    case 'count':
      answer(m.id, () => ({ t: 'counted', id: m.id, tokens: engine.countTokens(m.text) }));
      return;
    case 'score':
      answer(m.id, async () => ({ t: 'scored', id: m.id, value: await engine.score(m.prompt, m.continuations) }));
      return;
    case 'shutdown':
      void serial(async () => {
        await engine.dispose().catch(() => undefined);
        process.exit(0);
      });
      return;
  }
});

// The parent went away: nothing can use this process any more.
process.on('disconnect', () => process.exit(0));
