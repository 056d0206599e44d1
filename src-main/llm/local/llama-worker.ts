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
      void serial(async () => {
        await loaded;
        try {
          const value = await engine.generate(m.messages, m.opts, ac.signal, (chunk) =>
            send({ t: 'text', id: m.id, chunk }),
          );
          send({ t: 'chat-done', id: m.id, value });
        } catch (e) {
          fail(m.id, e);
        } finally {
          aborts.delete(m.id);
        }
      });
      return;
    }
    case 'reset':
      void serial(async () => {
        await loaded;
        try {
          await engine.reset();
          send({ t: 'reset-done', id: m.id });
        } catch (e) {
          fail(m.id, e);
        }
      });
      return;
    case 'format':
      void serial(async () => {
        await loaded;
        try {
          send({ t: 'formatted', id: m.id, ...engine.format(m.messages) });
        } catch (e) {
          fail(m.id, e);
        }
      });
      return;
    case 'count':
      void serial(async () => {
        await loaded;
        try {
          send({ t: 'counted', id: m.id, tokens: engine.countTokens(m.text) });
        } catch (e) {
          fail(m.id, e);
        }
      });
      return;
    case 'score':
      void serial(async () => {
        await loaded;
        try {
          send({ t: 'scored', id: m.id, value: await engine.score(m.prompt, m.continuations) });
        } catch (e) {
          fail(m.id, e);
        }
      });
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
