import Database from 'better-sqlite3';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UserError } from '../core/errors';
import { throwIfAborted, type TaskProgress } from '../core/task';
import { bridgeJarPath, type BridgeProgress, type ElkBridge } from './bridge/bridge-client';
import { BridgeSession } from './bridge/bridge-session';
import { heapAfterOutOfMemory, heapForFile } from './bridge/heap-policy';
import { CacheBuilder } from './cache/cache-builder';
import { CachePatcher } from './cache/cache-patcher';
import { Unpatchable } from './cache/delta-apply';
import { DirectSink, WorkerSink, type RowSink } from './cache/cache-writer';
import { DEFAULT_NAMING, namingStamp, type NamingOptions } from './names/naming-policy';
import { evictVariants, sweepOrphans, tokenPath, verifyIntegrity, writeIntegrityToken } from './cache/cache-integrity';
import { openWarm } from './cache/warm-open';
import { cacheKey, hashFile, toolStamp } from './cache/cache-key';
import { sourceHashOf } from './watch/source-hash';
import { CACHE_SCHEMA_VERSION } from './cache/schema';
import { followDump, type DumpReadStats } from './dump/dump-reader';
import type { DumpRecord, GoneRecord } from './dump/dump-types';
import { checkOntologyFile } from './input-check';
import { bridgeWarnings } from './load-warnings';
import { bridgeSeconds, StepClock } from './load-profile';
import { OntologyHandle } from './ontology-handle';
import type { LoadProfile, LoadStage, LoadSummary, LoadWarning, ReloadSummary } from './ontology-types';
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
}

export interface OpenOptions {
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  timeoutMs?: number;
  catalog?: string;
  /** Overrides the service's naming preference for this load. */
  naming?: NamingOptions;
}

interface BridgeLoadResult {
  ontologyIri: string | null;
  versionIri: string | null;
  format: string;
  classes: number;
  objectProperties: number;
  axioms: number;
  imports: { iri: string; path: string | null }[];
  /** As the JVM sent them: read through bridgeWarnings. */
  warnings: unknown;
  /** Present once the bridge times its parse; its keys are the bridge's own. */
  seconds?: Record<string, unknown>;
}

/** Where each stage sits on the overall progress bar of a cold load. */
const STAGE_SPAN: Record<LoadStage, [number, number]> = {
  check: [0, 0.02],
  parse: [0.02, 0.25],
  classify: [0.25, 0.55],
  closure: [0.55, 0.65],
  write: [0.65, 0.7],
  index: [0.7, 0.9],
  store: [0.9, 1],
  open: [0, 1],
};

export class OntologyService {
  private readonly open_ = new Map<string, OntologyHandle>();
  private readonly session: BridgeSession;

  constructor(private readonly opts: OntologyServiceOptions) {
    this.session = new BridgeSession(opts.bridge);
  }

  start(): void {
    mkdirSync(this.opts.cacheDir, { recursive: true });
    // Files of loads that were killed or cancelled (their process is gone) would otherwise stay for good.
    sweepOrphans(this.opts.cacheDir);
  }

  async stop(): Promise<void> {
    for (const h of this.open_.values()) h.close();
    this.open_.clear();
    await this.session.stop();
  }

  /**
   * Forgets an opened ontology and closes its cache file; opening it again is a warm load from the cache.
   * Once no open ontology is that file, the JVM holding it is stopped (BridgeSession.release).
   */
  close(h: OntologyHandle): void {
    for (const [key, open] of this.open_) if (open === h) this.open_.delete(key);
    h.close();
    for (const open of this.open_.values()) if (open.path === h.path) return;
    this.session.release(h.path);
  }

  /** The cache keys of entries open here, and of `dbPath`: none of them is evicted. */
  private entriesInUse(dbPath: string): Set<string> {
    const key = (p: string) => basename(p).replace(/\.sqlite$/, '');
    return new Set([key(dbPath), ...[...this.open_.values()].map((h) => key(h.cacheFile))]);
  }

  /** Resolves once a JVM that close() stopped has exited. */
  idle(): Promise<void> {
    return this.session.idle();
  }

  bridge(): ElkBridge {
    return this.session.bridge;
  }

  /**
   * A justification from the bridge. A warm reopen never started the JVM, so the ontology is loaded
   * into it on first use; later explanations reuse the session.
   */
  async explain(h: OntologyHandle, sub: string, r: string | null, sup: string, signal?: AbortSignal) {
    const bridge = await this.bridgeHolding(h, signal);
    try {
      return await bridge.request<{ entailed: boolean; axioms: { functional: string; text: string }[] }>(
        'explain',
        { sub, r, sup },
        { signal, timeoutMs: 120_000 },
      );
    } finally {
      // the first explanation classifies the ontology for queries: garbage a reload would stop to collect
      this.session.collectWhenIdle();
    }
  }

  /**
   * The bridge, its session holding the content this handle was loaded from (explanations and
   * revisions work on the file's axioms, not on its cache): read from the file now unless the session
   * holds it already, and only while the file still has those bytes (else `file-changed`).
   */
  async bridgeHolding(h: OntologyHandle, signal?: AbortSignal): Promise<ElkBridge> {
    const loaded = sourceHashOf(h);
    const content = { path: h.path, hash: loaded ?? '' };
    if (!this.session.holds(content)) {
      const now = await hashFile(h.path).catch(() => null);
      if (now === null || now !== loaded)
        throw new UserError(
          'file-changed',
          `${basename(h.path)} ${now === null ? 'is gone' : 'changed on disk'} since it was loaded, so the reasoner cannot read the axioms shown here; reload it first.`,
        );
    }
    return this.session.holding(content, (path) => this.heapFor(path), signal);
  }

  private heapFor(path: string): number {
    return this.opts.heapFor ? this.opts.heapFor(path) : heapForFile(path).mb;
  }

  private async patchBase(path: string, naming: string): Promise<{ dbPath: string; ntPath: string } | undefined> {
    const d = this.session.lastDump;
    if (!d || d.path !== path || d.naming !== naming) return undefined;
    return (await verifyIntegrity(d.dbPath, [d.ntPath])).ok ? d : undefined;
  }

  async open(file: string, o: OpenOptions = {}): Promise<OntologyHandle> {
    const path = resolve(file);
    o = { ...o, naming: o.naming ?? this.opts.naming?.() ?? DEFAULT_NAMING };
    const t0 = performance.now();
    const report = (stage: LoadStage, f: number) => {
      const [a, b] = STAGE_SPAN[stage];
      o.onProgress?.({ stage, fraction: a + (b - a) * Math.min(1, Math.max(0, f)) });
    };
    report('check', 0);
    checkOntologyFile(path);
    const hash = await hashFile(path);
    const key = cacheKey(hash, toolStamp(bridgeJarPath(), this.opts.appVersion, namingStamp(o.naming!)));
    // Keyed by path too: a copy of an open file is its own ontology (watched, reloaded and explained
    // from its own path), though both read one cache entry.
    const openKey = `${key}\n${path}`;
    const existing = this.open_.get(openKey);
    if (existing?.isOpen) return existing;
    const dbPath = join(this.opts.cacheDir, `${key}.sqlite`);
    const ntPath = join(this.opts.cacheDir, `${key}.nt`);
    const warm = await openWarm({ path, dbPath, ntPath, cacheDir: this.opts.cacheDir, t0 });
    const handle = warm.handle ?? (await this.coldSized(path, hash, dbPath, ntPath, t0, o, report, warm.note));
    handle.nameLanguages = o.naming!.languages;
    this.open_.set(openKey, handle);
    return handle;
  }

  /**
   * A cold load in a JVM sized from the input (bridge/heap-policy.ts). When the estimate was too
   * small the JVM exits with an OutOfMemoryError; the load is then retried with twice the heap, up to
   * the cap, and says so. A heap fixed by OARAG_JAVA_HEAP_MB or the bridge's options is never changed.
   */
  private async coldSized(
    path: string,
    hash: string,
    dbPath: string,
    ntPath: string,
    t0: number,
    o: OpenOptions,
    report: (s: LoadStage, f: number) => void,
    note: LoadWarning | undefined,
  ): Promise<OntologyHandle> {
    const bridge = await this.session.ready();
    const notes = note ? [note] : [];
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
        return await this.cold(path, hash, dbPath, ntPath, t0, o, report, notes, reloading);
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

  /**
   * Patches a copy of the base entry with the delta at `dumpPath`; undefined when the delta is one the
   * cache cannot take (the caller then has the bridge write the whole dump).
   */
  private async patch(
    base: { ntPath: string },
    batches: AsyncIterable<DumpRecord[]>,
    tmpDb: string,
    tmpNt: string,
    o: OpenOptions,
    clock: StepClock,
  ): Promise<CachePatcher | undefined> {
    const patcher = new CachePatcher(base, tmpDb, tmpNt, o.naming ?? DEFAULT_NAMING, clock);
    try {
      for await (const batch of batches) for (const rec of batch) patcher.add(rec as DumpRecord | GoneRecord);
      patcher.finishCards();
      return patcher;
    } catch (e) {
      await patcher.abort();
      if (e instanceof Unpatchable) return undefined;
      throw e;
    }
  }

  private async cold(
    path: string,
    hash: string,
    dbPath: string,
    ntPath: string,
    t0: number,
    o: OpenOptions,
    report: (s: LoadStage, f: number) => void,
    notes: LoadWarning[],
    reloading: boolean,
  ): Promise<OntologyHandle> {
    const stageSeconds: Partial<Record<LoadStage, number>> = {};
    let stageStart = performance.now();
    let stage: LoadStage = 'parse';
    const enter = (s: LoadStage) => {
      const now = performance.now();
      stageSeconds[stage] = (stageSeconds[stage] ?? 0) + (now - stageStart) / 1000;
      stage = s;
      stageStart = now;
      report(s, 0);
    };
    const onBridge = (p: BridgeProgress) => {
      if (p.stage !== stage) enter(p.stage);
      report(p.stage, p.fraction);
    };
    const clock = new StepClock();
    const bridge = this.bridge();
    // A JVM kept warm from an earlier load would otherwise report that load's peak.
    bridge.resetPeak();
    report('parse', 0);
    // The cache of the session's last dump, which a delta patches; read before the session is forgotten.
    const base = reloading ? await this.patchBase(path, namingStamp(o.naming!)) : undefined;
    // Unknown until this load succeeds: a failed one may have left the bridge's session half replaced.
    this.session.forget();
    let loaded: BridgeLoadResult | undefined;
    if (!reloading) {
      loaded = await bridge.request<BridgeLoadResult>(
        'load',
        { path, catalog: o.catalog ?? null },
        {
          signal: o.signal,
          timeoutMs: o.timeoutMs,
          onProgress: onBridge,
        },
      );
      requireClasses(path, loaded);
    }
    const tmpBase = join(this.opts.cacheDir, `.build-${process.pid}-${Date.now()}`);
    const dumpPath = `${tmpBase}.ndjson`;
    const tmpDb = `${tmpBase}.sqlite`;
    const tmpNt = `${tmpBase}.nt`;
    let builder: CacheBuilder | undefined;
    let patcher: CachePatcher | undefined;
    let copying: Promise<boolean> | undefined;
    let extracting: Promise<unknown> | undefined;
    try {
      enter('classify');
      let extracted: Record<string, unknown> | undefined;
      let overlap = 0;
      // The dump is read while the bridge still writes it (see followDump), so building the tables
      // overlaps the bridge's write stage; the index stage is what is left once the bridge has answered.
      const read: DumpReadStats = { readSeconds: 0, waitSeconds: 0 };
      const extract = bridge
        .request<Record<string, unknown>>(
          reloading ? 'reload' : 'extract',
          reloading
            ? { path, out: dumpPath, catalog: o.catalog ?? null, ...(base ? { delta: true } : {}) }
            : { out: dumpPath },
          {
            signal: o.signal,
            timeoutMs: o.timeoutMs,
            onProgress: onBridge,
          },
        )
        .then((x) => {
          if (reloading) loaded = x as unknown as BridgeLoadResult;
          extracted = x;
          overlap = (clock.seconds.rows ?? 0) + read.readSeconds;
          enter('index');
          return x;
        });
      extracting = extract.catch(() => undefined);
      // The copy a patch starts from is made while the bridge works; a full dump deletes it again.
      copying = base && CachePatcher.copyBase(base.dbPath, tmpDb);
      let batches: AsyncGenerator<DumpRecord[]> = followDump(dumpPath, extract, read);
      // A delta says so in its first record (docs/bridge-protocol.md); a full dump is read as it is written.
      let first: DumpRecord[] = [];
      if (base) {
        const r = await batches.next();
        first = r.done ? [] : r.value;
        const delta = (first[0] as { t: string } | undefined)?.t === 'delta';
        if (delta && (await copying)) {
          patcher = await this.patch(base, withFirst(first.slice(1), batches), tmpDb, tmpNt, o, clock);
        }
        if (!patcher) {
          await copying;
          rmSync(tmpDb, { force: true });
        }
        if (delta && !patcher) {
          // a delta there is no copy to patch with: the bridge writes the whole dump
          for await (const _ of batches); // the rest of the delta, until the reload's answer
          await bridge.request('extract', { out: dumpPath }, { signal: o.signal, timeoutMs: o.timeoutMs });
          batches = followDump(dumpPath, Promise.resolve(), read);
          first = [];
        }
      }
      if (!patcher) {
        builder = new CacheBuilder(tmpDb, clock, cacheSink(path));
        builder.naming = o.naming ?? DEFAULT_NAMING;
        builder.graphPath = tmpNt;
        let n = 0;
        for await (const batch of withFirst(first, batches)) {
          for (const rec of batch) builder.add(rec);
          n += batch.length;
          throwIfAborted(o.signal);
          if (extracted) report('index', (0.7 * n) / (Number(extracted.records) || n));
        }
      }
      await extract;
      if (!loaded) throw new Error('the bridge answered no load result');
      requireClasses(path, loaded);
      clock.add('dumpParse', read.readSeconds);
      // Node's work on the dump before the bridge answered, i.e. hidden behind the bridge's write stage.
      if (overlap) clock.add('overlapped', overlap);
      builder?.finishCards((f) => report('index', 0.7 + 0.3 * f));
      throwIfAborted(o.signal);
      const target = (patcher ?? builder)!;
      const counts = target.buildCounts;
      const importHashes = [];
      for (const imp of loaded.imports)
        if (imp.path) importHashes.push({ path: imp.path, hash: await hashFile(imp.path) });
      const warnings = [...notes, ...bridgeWarnings(loaded.warnings)];
      if (counts.unsatisfiable.length) {
        warnings.push({
          code: 'unsatisfiable',
          message: `${counts.unsatisfiable.length} class${counts.unsatisfiable.length === 1 ? ' is' : 'es are'} unsatisfiable (equivalent to Nothing).`,
          counts: { classes: counts.unsatisfiable.length },
        });
      }
      const ontologyRecord = target.ontologyRecord as { annotations?: { p: string; v: string }[] } | null;
      const summary: LoadSummary = {
        file: path,
        format: loaded.format,
        ontologyIri: loaded.ontologyIri,
        title: titleOf(ontologyRecord),
        classes: counts.classes,
        objectProperties: counts.objectProperties,
        closure: { subClassOf: counts.subClassOf, existential: counts.existential },
        unsatisfiable: counts.unsatisfiable,
        warnings,
        cache: 'miss',
        seconds: 0,
        stageSeconds: {},
        ...(reloading ? { reload: reloadSummary(extracted!, patcher) } : {}),
      };
      target.setMeta('schema', CACHE_SCHEMA_VERSION);
      target.setMeta('sourceHash', hash);
      target.setMeta('importHashes', importHashes);
      target.setMeta('load', loaded);
      target.setMeta('extract', extracted!);
      target.setMeta('summary', summary);
      await target.commitAndClose();
      const hashes = target.hashes;
      builder = undefined;
      patcher = undefined;
      enter('store');
      let store;
      if (this.opts.buildStoreOnLoad)
        store = await clock.timeAsync('storeLoad', () => loadClosureStore(tmpNt, { signal: o.signal }));
      // A folder, pipe or link planted at any of the three names is removed, never written through.
      for (const p of [tokenPath(dbPath), ntPath, dbPath]) rmSync(p, { recursive: true, force: true });
      renameSync(tmpNt, ntPath);
      renameSync(tmpDb, dbPath);
      // Written last: an entry is trusted only once both files are complete (see cache-integrity.ts).
      const naming = namingStamp(o.naming!);
      await clock.timeAsync('integrity', () =>
        writeIntegrityToken(
          dbPath,
          [ntPath],
          { [dbPath]: hashes.db, [ntPath]: hashes.graph },
          { source: hash, naming },
        ),
      );
      evictVariants(this.opts.cacheDir, hash, this.entriesInUse(dbPath));
      enter('open');
      this.session.held = { path, hash };
      this.session.lastDump = { path, naming: namingStamp(o.naming!), dbPath, ntPath };
      this.session.collectWhenIdle();
      const db = new Database(dbPath, { readonly: true });
      const seconds = (performance.now() - t0) / 1000;
      delete stageSeconds.open;
      const profile: LoadProfile = {
        bridge: bridgeSeconds(loaded.seconds, extracted!.seconds),
        node: clock.rounded(),
        jvm: { heapMb: bridge.heapMb, peakRssMb: bridge.peakRssMb(), heapFixed: bridge.fixedHeapMb !== undefined },
      };
      const handle = new OntologyHandle(path, db, { ...summary, seconds, stageSeconds, profile }, ntPath);
      if (store) handle.adoptStore(store);
      return handle;
    } finally {
      await builder?.abort();
      await patcher?.abort();
      await copying;
      // A failure on this side can come while the bridge still writes the dump: let it finish first.
      await extracting;
      // The bridge writes the dump through `<dump>.tmp`; a cancel kills it before the rename.
      for (const p of [dumpPath, `${dumpPath}.tmp`, tmpDb, tmpNt]) rmSync(p, { force: true });
    }
  }
}

/** The batches of a dump whose first batch was already taken from `rest`. */
async function* withFirst(first: DumpRecord[], rest: AsyncIterable<DumpRecord[]>): AsyncGenerator<DumpRecord[]> {
  if (first.length) yield first;
  yield* rest;
}

/** A reload keeps a JVM whose heap is at least this share of the estimate for the edited file. */
const RELOAD_HEAP_SLACK = 0.9;

function requireClasses(path: string, loaded: BridgeLoadResult): void {
  if (loaded.classes === 0) {
    throw new UserError(
      'no-classes',
      `${basename(path)} was read as ${loaded.format} but declares no classes, so there is nothing to reason over.`,
    );
  }
}

/** The bridge's account of a reload; counts it did not give (a full load counts none) are null, never guessed. */
function reloadSummary(x: Record<string, unknown>, patcher: CachePatcher | undefined): ReloadSummary {
  const diff = (x.diff ?? {}) as { added?: unknown; removed?: unknown };
  const groups = (x.groups ?? {}) as { changed?: unknown; gone?: unknown };
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);
  return {
    incremental: x.incremental === true,
    reason: typeof x.reason === 'string' ? x.reason : null,
    added: count(diff.added),
    removed: count(diff.removed),
    patched: patcher
      ? { groups: (count(groups.changed) ?? 0) + (count(groups.gone) ?? 0), cards: patcher.cardsWritten }
      : null,
  };
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

const TITLE_PROPS = [
  'http://purl.org/dc/elements/1.1/title',
  'http://purl.org/dc/terms/title',
  'http://www.w3.org/2000/01/rdf-schema#label',
];

function titleOf(ont: { annotations?: { p: string; v: string }[] } | null): string | null {
  for (const p of TITLE_PROPS) {
    const a = ont?.annotations?.find((x) => x.p === p);
    if (a) return a.v;
  }
  return null;
}
