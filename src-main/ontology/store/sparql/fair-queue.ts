import { UserError } from '../../../core/errors';
import { TaskCancelledError } from '../../../core/task';

/**
 * The one-at-a-time queue in front of an ontology's SPARQL worker. Waiting is bounded three ways: a
 * client may have only a few queries waiting, the queue only so many in all, and no query waits past
 * `maxWaitMs`; beyond any of them the query is refused at once with 'busy'. Clients take turns (round
 * robin), so one client's burst of costly queries never puts another's cheap one behind all of it.
 * Twelve cross joins sent at once once made a cheap ASK wait 134 s.
 */
export interface FairQueueOptions {
  maxWaitMs: number;
  /** Queries one client may have waiting (the running one not counted). */
  perClient: number;
  /** Queries waiting in all. */
  total: number;
}

interface Waiter {
  start: () => void;
  fail: (e: Error) => void;
}

export class FairQueue {
  private busy = false;
  /** The client whose query runs now: the turn goes to another one first. */
  private current: string | undefined;
  /** Waiting queries by client; the Map's order is the turn order. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly o: FairQueueOptions) {}

  get waitingCount(): number {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  /** Runs `work` when it is this client's turn; refuses with 'busy' rather than wait unboundedly. */
  async run<T>(client: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new TaskCancelledError();
    if (this.busy) await this.wait(client, signal);
    else this.busy = true;
    this.current = client;
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  private wait(client: string, signal?: AbortSignal): Promise<void> {
    const mine = this.waiting.get(client) ?? [];
    if (mine.length >= this.o.perClient)
      return Promise.reject(
        busy(
          `you already have ${mine.length} SPARQL ${mine.length === 1 ? 'query' : 'queries'} waiting for this ontology; wait for ${mine.length === 1 ? 'it' : 'them'} to finish`,
        ),
      );
    if (this.waitingCount >= this.o.total)
      return Promise.reject(busy(`${this.waitingCount} SPARQL queries are already waiting for this ontology`));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const q = this.waiting.get(client);
        const i = q?.indexOf(w) ?? -1;
        if (q && i >= 0) q.splice(i, 1);
        if (q && !q.length) this.waiting.delete(client);
      };
      const w: Waiter = {
        start: () => {
          leave();
          resolve();
        },
        fail: (e) => {
          leave();
          reject(e);
        },
      };
      const timer = setTimeout(
        () => w.fail(busy(`the query waited ${seconds(this.o.maxWaitMs)} for earlier queries on this ontology`)),
        this.o.maxWaitMs,
      );
      const onAbort = () => w.fail(new TaskCancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      mine.push(w);
      this.waiting.set(client, mine);
    });
  }

  /** Hands the worker to the next client in turn, which then goes to the back of the turn order. */
  private next(): void {
    let pick: [string, Waiter[]] | undefined;
    for (const e of this.waiting) {
      pick ??= e;
      if (e[0] !== this.current) {
        pick = e;
        break;
      }
    }
    if (!pick) {
      this.busy = false;
      this.current = undefined;
      return;
    }
    const [client, q] = pick;
    const w = q.shift()!;
    this.waiting.delete(client);
    if (q.length) this.waiting.set(client, q);
    w.start();
  }
}

function busy(why: string): UserError {
  return new UserError('busy', `The SPARQL queue is busy: ${why}. Try again shortly (or add LIMIT to costly queries).`);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
