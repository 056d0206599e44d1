import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UserError } from '../core/errors';
import type { TaskProgress } from '../core/task';
import { bridgeJarPath, type ElkBridge } from './bridge/bridge-client';
import { BridgeSession, type HeldContent } from './bridge/bridge-session';
import { ExplainWorker, explainTimeoutMs } from './bridge/explain-worker';
import { heapAfterOutOfMemory, heapForFile } from './bridge/heap-policy';
import { DEFAULT_NAMING, namingStamp, type NamingOptions } from './names/naming-policy';
import { evictVariants, sweepOrphans, verifyIntegrity } from './cache/cache-integrity';
import { openWarm } from './cache/warm-open';
import { cacheKey, hashFile, toolStamp } from './cache/cache-key';
import { importHashesOf, sourceHashOf } from './watch/source-hash';
import { checkOntologyFile } from './input-check';
import { importResolution, resolutionStamp } from './imports/import-resolution';
import { StepClock } from './load-profile';
import { ColdScratch } from './load/cold-scratch';
import { commitEntry, openHandle, publishEntry } from './load/cold-finish';
import { deltaReload, fullLoad, reload, type PatchBase } from './load/cold-paths';
import type { ColdLoad, ColdRun } from './load/cold-load';
import { LoadStages, stageReporter } from './load/load-stages';
import { OntologyHandle } from './ontology-handle';
import { bridgeVerdicts, type VerdictBridge } from './verdicts/verdict-bridge';
import { MemoryVerdictStore, SqliteVerdictStore, verdictFileOf, type VerdictStore } from './verdicts/verdict-store';
import { loadClosureStore } from './store/closure-store';

export interface OntologyServiceOptions {
  cacheDir: string;
  appVersion: string;
  bridge?: () => ElkBridge;
  /** Build the Oxigraph store during a cold load (as the closure "store" stage) rather than on first SPARQL use. */
  buildStoreOnLoad?: boolean;
  /** The heap (MiB) a load's JVM starts with; by default sized from the file (bridge/heap-policy.ts). */
  heapFor?: (path: string) => number;
  /** The naming preference (settings); a cache is built, and keyed, for one preference. */
  naming?: () => NamingOptions;
  /** The deadline of one justification (default: explainTimeoutMs(), 10 s). */
  explainTimeoutMs?: number;
  /** The catalog for loads that name none (the CLI's --catalog); else each file's own is looked for. */
  catalog?: () => string | undefined;
}

export interface OpenOptions {
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  timeoutMs?: number;
  /** A catalog file; none given: one beside the file or above it in its repository (imports/import-resolution.ts). */
  catalog?: string;
  /** The folder imports are looked for by name, when not the file's own (a committed revision read into a temporary file). */
  importBase?: string;
  /** Folders import targets must stay inside (the allowed folders), when set. */
  importRoots?: string[];
  /** Overrides the service's naming preference for this load. */
  naming?: NamingOptions;
}

export class OntologyService {
  private readonly open_ = new Map<string, OntologyHandle>();
  private readonly verdictStores = new Map<OntologyHandle, VerdictStore>();
  private readonly session: BridgeSession;
  /** Justifications run in a JVM of their own, with a deadline (bridge/explain-worker.ts). */
  readonly explainer: ExplainWorker;

  constructor(private readonly opts: OntologyServiceOptions) {
    this.session = new BridgeSession(opts.bridge);
    this.explainer = new ExplainWorker(
      opts.bridge,
      (path) => this.heapFor(path),
      opts.explainTimeoutMs ?? explainTimeoutMs(),
    );
  }

  start(): void {
    mkdirSync(this.opts.cacheDir, { recursive: true });
    // Files of loads that were killed or cancelled (their process is gone) would otherwise stay for good.
    sweepOrphans(this.opts.cacheDir);
  }

  async stop(): Promise<void> {
    for (const h of this.open_.values()) h.close();
    this.open_.clear();
    for (const v of this.verdictStores.values()) v.close();
    this.verdictStores.clear();
    await Promise.all([this.session.stop(), this.explainer.stop()]);
  }

  /**
   * Forgets an opened ontology and closes its cache file; opening it again is a warm load from the cache.
   * Once no open ontology is that file, the JVM holding it is stopped (BridgeSession.release).
   */
  close(h: OntologyHandle): void {
    this.verdictStores.get(h)?.close();
    this.verdictStores.delete(h);
    for (const [key, open] of this.open_) if (open === h) this.open_.delete(key);
    h.close();
    for (const open of this.open_.values()) if (open.path === h.path) return;
    this.session.release(h.path);
    this.explainer.release(h.path);
  }

  /** The cache keys of entries open here, and of `dbPath`: none of them is evicted. */
  private entriesInUse(dbPath: string): Set<string> {
    const key = (p: string) => basename(p).replace(/\.sqlite$/, '');
    return new Set([key(dbPath), ...[...this.open_.values()].map((h) => key(h.cacheFile))]);
  }

  /** Resolves once a JVM that close() stopped has exited. */
  async idle(): Promise<void> {
    await Promise.all([this.session.idle(), this.explainer.idle()]);
  }

  bridge(): ElkBridge {
    return this.session.bridge;
  }

  /**
   * A justification, from the JVM of explanations (ExplainWorker): a warm reopen never started it, so the
   * ontology is read into it on first use (only while the file still has the bytes loaded, else
   * `file-changed`); later explanations reuse it. Within its deadline, and cancelled with `signal`.
   */
  async explain(
    h: OntologyHandle,
    sub: string,
    r: string | null,
    sup: string,
    signal?: AbortSignal,
    opts: { limit?: number } = {},
  ) {
    const content = await this.loadedContent(h, (c) => this.explainer.holds(c));
    // With a limit above 1, up to that many justifications, each minimal (`justifications`; `axioms` is the first).
    const limit = opts.limit && opts.limit > 1 ? { limit: opts.limit } : {};
    return this.explainer.explain(content, { sub, r, sup, ...limit }, signal);
  }

  /** The bridge steps of three-valued verdicts over this handle's ontology (loaded into the bridge on first use). */
  verdictBridge(h: OntologyHandle): VerdictBridge {
    return bridgeVerdicts(async (cmd, args, o) => {
      const bridge = await this.bridgeHolding(h, o.signal);
      return bridge.request(cmd, args, o);
    });
  }

  /** Where this handle's verdicts are kept: beside its cache entry, or in memory when that cannot be written. */
  verdictStore(h: OntologyHandle): VerdictStore {
    let store = this.verdictStores.get(h);
    if (!store) {
      try {
        store = new SqliteVerdictStore(verdictFileOf(h.cacheFile));
      } catch {
        store = new MemoryVerdictStore();
      }
      this.verdictStores.set(h, store);
    }
    return store;
  }

  /**
   * The bridge, its session holding the content this handle was loaded from (explanations and
   * revisions work on the file's axioms, not on its cache): read from the file now unless the session
   * holds it already, and only while the file still has those bytes (else `file-changed`).
   */
  async bridgeHolding(h: OntologyHandle, signal?: AbortSignal): Promise<ElkBridge> {
    const content = await this.loadedContent(h, (c) => this.session.holds(c));
    return this.session.holding(content, (path) => this.heapFor(path), signal);
  }

  /** The content a handle was loaded from, checked against its file unless a session holds it already. */
  private async loadedContent(h: OntologyHandle, held: (c: HeldContent) => boolean): Promise<HeldContent> {
    const loaded = sourceHashOf(h);
    const content = { path: h.path, hash: loaded ?? '', imports: h.imports };
    if (!held(content)) {
      const now = await hashFile(h.path).catch(() => null);
      if (now === null || now !== loaded)
        throw new UserError(
          'file-changed',
          `${basename(h.path)} ${now === null ? 'is gone' : 'changed on disk'} since it was loaded, so the reasoner cannot read the axioms shown here; reload it first.`,
        );
    }
    return content;
  }

  private heapFor(path: string): number {
    return this.opts.heapFor ? this.opts.heapFor(path) : heapForFile(path).mb;
  }

  private async patchBase(path: string, naming: string): Promise<PatchBase | undefined> {
    const d = this.session.lastDump;
    if (!d || d.path !== path || d.naming !== naming) return undefined;
    return (await verifyIntegrity(d.dbPath, [d.ntPath])).ok ? d : undefined;
  }

  async open(file: string, o: OpenOptions = {}): Promise<OntologyHandle> {
    const path = resolve(file);
    const naming = o.naming ?? this.opts.naming?.() ?? DEFAULT_NAMING;
    const t0 = performance.now();
    const report = stageReporter(o.onProgress);
    report('check', 0);
    checkOntologyFile(path);
    const imports = importResolution(path, {
      catalog: o.catalog ?? this.opts.catalog?.(),
      base: o.importBase,
      roots: o.importRoots,
    });
    const hash = await hashFile(path);
    const stamp = [namingStamp(naming), resolutionStamp(imports)].filter(Boolean).join('; ');
    const key = cacheKey(hash, toolStamp(bridgeJarPath(), this.opts.appVersion, stamp));
    // Keyed by path too: a copy of an open file is its own ontology (watched, reloaded and explained
    // from its own path), though both read one cache entry.
    const openKey = `${key}\n${path}`;
    const existing = this.open_.get(openKey);
    // The same file's bytes are not the same ontology once an import (or the catalog) changed: load again.
    if (existing?.isOpen && (await importsUnchanged(existing))) return existing;
    const dbPath = join(this.opts.cacheDir, `${key}.sqlite`);
    const ntPath = join(this.opts.cacheDir, `${key}.nt`);
    const warm = await openWarm({ path, dbPath, ntPath, cacheDir: this.opts.cacheDir, t0 });
    const options = { signal: o.signal, timeoutMs: o.timeoutMs, imports, naming };
    const notes = warm.note ? [warm.note] : [];
    const handle = warm.handle ?? (await this.coldSized({ path, hash, dbPath, ntPath, t0, options, report, notes }));
    handle.nameLanguages = naming.languages;
    handle.imports = imports;
    // A cached summary tells how the load that built it found its catalog; this one may have been given it.
    if (handle.summary.imports) handle.summary.imports.catalogFrom = imports.catalogFrom;
    this.open_.set(openKey, handle);
    return handle;
  }

  /**
   * A cold load in a JVM sized from the input (bridge/heap-policy.ts). When the estimate was too
   * small the JVM exits with an OutOfMemoryError; the load is then retried with twice the heap, up to
   * the cap, and says so. A heap fixed by OARAG_JAVA_HEAP_MB or the bridge's options is never changed.
   */
  private async coldSized(load: Omit<ColdLoad, 'reloading'>): Promise<OntologyHandle> {
    const { path, notes } = load;
    const bridge = await this.session.ready();
    let heap = this.heapFor(path);
    // A reload keeps the JVM that holds the file's earlier session unless its heap is clearly too
    // small: an edit that grows the file by a few bytes must not cost the warm session (and an
    // estimate that was too small is retried below anyway).
    if (this.session.holdsFile(path) && bridge.heapMb >= RELOAD_HEAP_SLACK * heap) heap = bridge.heapMb;
    for (;;) {
      await bridge.sizeHeap(heap);
      // The bridge still holds this file's earlier content: it applies the edit to that session
      // (docs/bridge-protocol.md, `reload`) and answers load's and extract's fields at once.
      const reloading = this.session.holdsFile(path);
      const heldBefore = this.session.held;
      try {
        return await this.cold({ ...load, reloading });
      } catch (e) {
        // A reload that met a syntax error left the bridge's session as it was (docs/bridge-protocol.md),
        // so the fixed file can still be applied to it.
        if (reloading && e instanceof UserError && e.code === 'parse-error' && bridge.running)
          this.session.held = heldBefore;
        if (!(e instanceof UserError) || e.code !== 'out-of-memory' || bridge.fixedHeapMb) throw e;
        const had = Math.max(heap, Number((e.detail as { heapMb?: number } | undefined)?.heapMb) || 0);
        const next = heapAfterOutOfMemory(had);
        if (next === null) throw e;
        notes.push({
          code: 'heap-retried',
          message: `Java ran out of memory with a heap of ${had} MiB (estimated from the file's size and format); the load was retried with ${next} MiB.`,
        });
        heap = next;
      }
    }
  }

  /** One cold load: the file's full load, a reload of the bridge's session, or a reload as a delta. */
  private async cold(load: ColdLoad): Promise<OntologyHandle> {
    const stages = new LoadStages(load.report);
    const clock = new StepClock();
    const bridge = this.bridge();
    // A JVM kept warm from an earlier load would otherwise report that load's peak.
    bridge.resetPeak();
    load.report('parse', 0);
    // The cache of the session's last dump, which a delta patches; read before the session is forgotten.
    const base = load.reloading ? await this.patchBase(load.path, namingStamp(load.options.naming)) : undefined;
    // Unknown until this load succeeds: a failed one may have left the bridge's session half replaced.
    this.session.forget();
    const run: ColdRun = { load, bridge, stages, clock, scratch: new ColdScratch(this.opts.cacheDir) };
    try {
      const built = !load.reloading ? await fullLoad(run) : base ? await deltaReload(run, base) : await reload(run);
      const entry = await commitEntry(run, built);
      stages.enter('store');
      let store;
      if (this.opts.buildStoreOnLoad)
        store = await clock.timeAsync('storeLoad', () =>
          loadClosureStore(run.scratch.tmpNt, { signal: load.options.signal }),
        );
      await publishEntry(run, entry.hashes);
      evictVariants(this.opts.cacheDir, load.hash, this.entriesInUse(load.dbPath));
      stages.enter('open');
      const naming = namingStamp(load.options.naming);
      this.session.held = { path: load.path, hash: load.hash };
      this.session.lastDump = { path: load.path, naming, dbPath: load.dbPath, ntPath: load.ntPath };
      this.session.collectWhenIdle();
      return openHandle(run, entry, store);
    } finally {
      await run.scratch.cleanup();
    }
  }
}

async function importsUnchanged(h: OntologyHandle): Promise<boolean> {
  for (const imp of importHashesOf(h)) if ((await hashFile(imp.path).catch(() => null)) !== imp.hash) return false;
  return true;
}

/** A reload keeps a JVM whose heap is at least this share of the estimate for the edited file. */
const RELOAD_HEAP_SLACK = 0.9;
