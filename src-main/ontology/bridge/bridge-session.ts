import { ElkBridge } from './bridge-client';
import { bridgeImportFields } from '../imports/import-tree';
import type { ImportResolution } from '../imports/import-resolution';

/** The cache entry built from the session's last dump: a reload of its file patches a copy of it. */
export interface SessionDump {
  path: string;
  naming: string;
  dbPath: string;
  ntPath: string;
}

/** A file's content: its path and the hash of its bytes (cache/cache-key.ts hashFile). */
export interface HeldContent {
  path: string;
  hash: string;
  /** How the load found its imports (none given: the file's folder only, as before catalogs). */
  imports?: ImportResolution | null;
}

/** How long the bridge is left idle after a load before it collects its garbage (about a second's work at GO 50k). */
const COLLECT_AFTER_IDLE_MS = 1000;

/**
 * The one ELK bridge of an OntologyService and what its session holds: the content last loaded into it
 * (explanations, revisions and reloads work on its axioms) and the dump last written from it.
 * It collects the JVM's garbage when idle, and stops the JVM when its file is no longer open.
 */
export class BridgeSession {
  private instance: ElkBridge | undefined;
  /** The content the session holds (its last successful load), if any. */
  held: HeldContent | undefined;
  /** Set with `held` by a cold load: the base a delta of the next reload applies to. */
  lastDump: SessionDump | undefined;
  private collectTimer: ReturnType<typeof setTimeout> | undefined;
  /** A stop that release() started, until the JVM has exited. */
  private stopping: Promise<void> | undefined;

  constructor(private readonly make: () => ElkBridge = () => new ElkBridge()) {}

  get bridge(): ElkBridge {
    return (this.instance ??= this.make());
  }

  /** Whether the session holds some content of this file, so a load of it can be a `reload`. */
  holdsFile(path: string): boolean {
    return this.held?.path === path && this.bridge.running;
  }

  /** Whether the session holds exactly this content. */
  holds(content: HeldContent): boolean {
    return this.holdsFile(content.path) && this.held!.hash === content.hash;
  }

  /** The session's content is unknown (a load began) or gone: nothing may build on it. */
  forget(): void {
    this.held = undefined;
    this.lastDump = undefined;
  }

  /** The bridge for new work: waits for a stop release() started, and puts off the idle collection. */
  async ready(): Promise<ElkBridge> {
    clearTimeout(this.collectTimer);
    await this.stopping;
    return this.bridge;
  }

  /**
   * The bridge with its session holding this content, loaded now from its file with `heapMb` unless the
   * session holds it already. The caller has checked that the file still has this content.
   */
  async holding(content: HeldContent, heapMb: (path: string) => number, signal?: AbortSignal): Promise<ElkBridge> {
    const bridge = await this.ready();
    if (!this.holds(content)) {
      // What the session held is replaced whether or not this load succeeds.
      this.forget();
      await bridge.sizeHeap(heapMb(content.path));
      await bridge.request('load', { path: content.path, ...bridgeImportFields(content.imports) }, { signal });
      this.held = { ...content };
    }
    return bridge;
  }

  /**
   * Has the bridge collect its garbage once it has had nothing to do for a while after a load or an
   * explanation (see `collect` in docs/bridge-protocol.md): while the user reads the result or edits,
   * not while a question that follows at once waits for the bridge.
   */
  collectWhenIdle(): void {
    clearTimeout(this.collectTimer);
    const bridge = this.bridge;
    this.collectTimer = setTimeout(() => {
      this.collectTimer = undefined;
      if (bridge.running && !bridge.busy) bridge.request('collect').catch(() => undefined);
    }, COLLECT_AFTER_IDLE_MS);
    this.collectTimer.unref?.();
  }

  /**
   * No open ontology is this file any more: an idle JVM whose session holds it is stopped, since it keeps
   * the file's axioms and reasoner (GBs at SNOMED scale) and a local model may want the memory.
   */
  release(path: string): void {
    const bridge = this.instance;
    if (this.held?.path !== path || !bridge?.running || bridge.busy) return;
    clearTimeout(this.collectTimer);
    this.forget();
    const stopping = bridge.stop().catch(() => undefined);
    this.stopping = stopping.finally(() => {
      if (this.stopping === stopping) this.stopping = undefined;
    });
  }

  /** Resolves once a JVM that release() stopped has exited. */
  async idle(): Promise<void> {
    await this.stopping;
  }

  async stop(): Promise<void> {
    clearTimeout(this.collectTimer);
    await this.stopping;
    await this.instance?.stop();
  }
}
