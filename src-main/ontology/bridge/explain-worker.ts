import { UserError } from '../../core/errors';
import { TaskCancelledError } from '../../core/task';
import type { ElkBridge } from './bridge-client';
import { BridgeSession, type HeldContent } from './bridge-session';

/** How long one justification may take unless the caller says otherwise (OARAG_EXPLAIN_TIMEOUT_MS). */
export const DEFAULT_EXPLAIN_TIMEOUT_MS = 10_000;

/** The limit of the classification before a fresh JVM's first justification (the stated queries' limit). */
const CLASSIFY_TIMEOUT_MS = 300_000;

export interface Justification {
  entailed: boolean;
  axioms: JustificationAxiom[];
  /** With a limit above 1: up to that many justifications, each minimal (`axioms` is the first). */
  justifications?: JustificationAxiom[][];
  /** More justifications exist than the limit let through. */
  more?: boolean;
}

export interface JustificationAxiom {
  functional: string;
  text: string;
  manchester?: string;
  entities?: string[];
}

/** The deadline of a justification: OARAG_EXPLAIN_TIMEOUT_MS when it is a whole number of ms ≥ 100, else the default. */
export function explainTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.OARAG_EXPLAIN_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 100 ? n : DEFAULT_EXPLAIN_TIMEOUT_MS;
}

/**
 * Justifications in a JVM of their own. A justification over an adversarial ontology can search for
 * minutes (a 90×90 subclass lattice: 93 s), and the bridge answers one request at a time: in the JVM that
 * loads files it held every open, axioms view and card behind it. Here it has a deadline, a cancel (the
 * client went away), and either kills only this JVM; the next explanation starts a fresh one, which reads
 * the file again. Explanations take turns among themselves.
 */
export class ExplainWorker {
  private readonly session: BridgeSession;
  private queue: Promise<unknown> = Promise.resolve();
  private searching_ = false;
  /** The JVM and content whose ontology is classified already. */
  private classified: string | undefined;

  constructor(
    make: (() => ElkBridge) | undefined,
    private readonly heapFor: (path: string) => number,
    private readonly timeoutMs: number = DEFAULT_EXPLAIN_TIMEOUT_MS,
  ) {
    this.session = new BridgeSession(make);
  }

  /** Whether the JVM of explanations holds exactly this content. */
  holds(content: HeldContent): boolean {
    return this.session.holds(content);
  }

  /** Whether a justification search is running, under its deadline (the file read and classified). */
  get searching(): boolean {
    return this.searching_;
  }

  /** The file whose content the JVM of explanations holds, once read into it. */
  get heldPath(): string | undefined {
    return this.session.held?.path;
  }

  /** The JVM of explanations (tests look at it). */
  get bridge(): ElkBridge {
    return this.session.bridge;
  }

  explain(
    content: HeldContent,
    args: { sub: string; r: string | null; sup: string; limit?: number },
    signal?: AbortSignal,
  ): Promise<Justification> {
    const run = this.queue.then(async () => {
      if (signal?.aborted) throw new TaskCancelledError();
      const bridge = await this.session.holding(content, this.heapFor, signal);
      // The first question to a fresh JVM classifies the ontology (seconds at scale): that is a load's
      // work, done under a load's limit, so the deadline measures the justification search alone.
      const ready = `${bridge.pid} ${content.path} ${content.hash}`;
      if (this.classified !== ready) {
        await bridge.request('entailed', { queries: [args] }, { signal, timeoutMs: CLASSIFY_TIMEOUT_MS });
        this.classified = ready;
      }
      this.searching_ = true;
      try {
        return await bridge.request<Justification>('explain', args, { signal, timeoutMs: this.timeoutMs });
      } catch (e) {
        if (e instanceof UserError && e.code === 'bridge-timeout')
          throw new UserError(
            'bridge-timeout',
            `No justification was found within ${formatSeconds(this.timeoutMs)}, so the search was stopped (OARAG_EXPLAIN_TIMEOUT_MS sets this limit). Other requests were not held up.`,
          );
        throw e;
      } finally {
        this.searching_ = false;
        this.session.collectWhenIdle();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** No open ontology is this file any more: an idle JVM holding it is stopped. */
  release(path: string): void {
    this.session.release(path);
  }

  idle(): Promise<void> {
    return this.session.idle();
  }

  stop(): Promise<void> {
    return this.session.stop();
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms / 1000} s`;
}
