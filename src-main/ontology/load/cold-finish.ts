import Database from 'better-sqlite3';
import { renameSync, rmSync } from 'node:fs';
import type * as oxigraph from 'oxigraph';
import { throwIfAborted } from '../../core/task';
import { hashFile } from '../cache/cache-key';
import { tokenPath, writeIntegrityToken } from '../cache/cache-integrity';
import { CACHE_SCHEMA_VERSION } from '../cache/schema';
import { bridgeSeconds } from '../load-profile';
import { namingStamp } from '../names/naming-policy';
import { OntologyHandle } from '../ontology-handle';
import type { LoadProfile, LoadSummary } from '../ontology-types';
import type { BuiltCache, ColdRun } from './cold-load';
import { loadSummary, reloadSummary, requireClasses } from './load-summary';
import { termOrigins } from '../imports/import-tree';

/** A committed entry under its temporary names, and what the handle's summary is made from. */
export interface CommittedEntry {
  summary: LoadSummary;
  hashes: { db?: string; graph?: string };
  loadSeconds: unknown;
  extractSeconds: unknown;
}

/** Finishes the entry's cards, writes the summary and the bridge's answers into it, and commits it. */
export async function commitEntry(run: ColdRun, built: BuiltCache): Promise<CommittedEntry> {
  const { load, clock, scratch } = run;
  const { loaded, extracted, dump, builder, patcher } = built;
  if (!loaded) throw new Error('the bridge answered no load result');
  requireClasses(load.path, loaded);
  clock.add('dumpParse', dump.read.readSeconds);
  // Node's work on the dump before the bridge answered, i.e. hidden behind the bridge's write stage.
  if (dump.overlap) clock.add('overlapped', dump.overlap);
  builder?.finishCards((f) => run.stages.report('index', 0.7 + 0.3 * f));
  throwIfAborted(load.options.signal);
  const target = (patcher ?? builder)!;
  const importHashes = [];
  for (const imp of loaded.imports) if (imp.path) importHashes.push({ path: imp.path, hash: await hashFile(imp.path) });
  // An edited catalog may map an import elsewhere: the entry is stale then, as after an edited import.
  const catalog = load.options.imports.catalog;
  if (catalog) importHashes.push({ path: catalog, hash: await hashFile(catalog) });
  const reload = load.reloading ? reloadSummary(extracted, patcher) : undefined;
  const summary = loadSummary(load.path, loaded, target, load.notes, reload, load.options.imports);
  target.setMeta('schema', CACHE_SCHEMA_VERSION);
  target.setMeta('sourceHash', load.hash);
  target.setMeta('importHashes', importHashes);
  target.setMeta('load', loaded);
  target.setMeta('extract', extracted);
  target.setMeta('summary', summary);
  target.setMeta('termOrigins', Object.fromEntries(termOrigins(loaded.importTree ?? [])));
  await target.commitAndClose();
  scratch.release(target);
  return { summary, hashes: target.hashes, loadSeconds: loaded.seconds, extractSeconds: extracted.seconds };
}

/** Moves the committed files to the entry's names; the integrity token is written last. */
export async function publishEntry(run: ColdRun, hashes: CommittedEntry['hashes']): Promise<void> {
  const { load, clock, scratch } = run;
  const { dbPath, ntPath } = load;
  // A folder, pipe or link planted at any of the three names is removed, never written through.
  for (const p of [tokenPath(dbPath), ntPath, dbPath]) rmSync(p, { recursive: true, force: true });
  renameSync(scratch.tmpNt, ntPath);
  renameSync(scratch.tmpDb, dbPath);
  // Written last: an entry is trusted only once both files are complete (see cache-integrity.ts).
  const naming = namingStamp(load.options.naming);
  await clock.timeAsync('integrity', () =>
    writeIntegrityToken(
      dbPath,
      [ntPath],
      { [dbPath]: hashes.db, [ntPath]: hashes.graph },
      { source: load.hash, naming },
    ),
  );
}

/** The handle over the published entry, its summary timed from open() on. */
export function openHandle(run: ColdRun, entry: CommittedEntry, store: oxigraph.Store | undefined): OntologyHandle {
  const { load, bridge, clock, stages } = run;
  const db = new Database(load.dbPath, { readonly: true });
  const seconds = (performance.now() - load.t0) / 1000;
  const stageSeconds = stages.seconds;
  delete stageSeconds.open;
  const profile: LoadProfile = {
    bridge: bridgeSeconds(entry.loadSeconds, entry.extractSeconds),
    node: clock.rounded(),
    jvm: { heapMb: bridge.heapMb, peakRssMb: bridge.peakRssMb(), heapFixed: bridge.fixedHeapMb !== undefined },
  };
  const handle = new OntologyHandle(load.path, db, { ...entry.summary, seconds, stageSeconds, profile }, load.ntPath);
  if (store) handle.adoptStore(store);
  return handle;
}
