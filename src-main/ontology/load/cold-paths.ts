import { rmSync } from 'node:fs';
import { CachePatcher } from '../cache/cache-patcher';
import { Unpatchable } from '../cache/delta-apply';
import { followDump } from '../dump/dump-reader';
import type { DumpRecord, GoneRecord } from '../dump/dump-types';
import { buildFromDump, startDump, withFirst } from './bridge-dump';
import type { BridgeLoadResult, BuiltCache, ColdRun } from './cold-load';
import { requireClasses } from './load-summary';
import { bridgeImportFields } from '../imports/import-tree';

/** The cache entry of the bridge's last dump of a file: a delta of its next reload patches a copy of it. */
export interface PatchBase {
  dbPath: string;
  ntPath: string;
}

/** A file the bridge does not hold: `load` parses and classifies it, then `extract` writes the whole dump. */
export async function fullLoad(run: ColdRun): Promise<BuiltCache> {
  const { bridge, load, stages } = run;
  const loaded = await bridge.request<BridgeLoadResult>(
    'load',
    { path: load.path, ...bridgeImportFields(load.options.imports) },
    { signal: load.options.signal, timeoutMs: load.options.timeoutMs, onProgress: stages.onBridge },
  );
  requireClasses(load.path, loaded);
  stages.enter('classify');
  const dump = startDump(run, 'extract', { out: run.scratch.dumpPath });
  const builder = await buildFromDump(run, dump, dump.batches);
  const extracted = await dump.answered;
  return { loaded, extracted, dump, builder };
}

/**
 * The bridge holds the file's earlier content but there is no entry of its last dump to patch: `reload`
 * applies the edit to that session (docs/bridge-protocol.md) and writes the whole dump.
 */
export async function reload(run: ColdRun): Promise<BuiltCache> {
  const { load, scratch } = run;
  run.stages.enter('classify');
  const dump = startDump(run, 'reload', {
    path: load.path,
    out: scratch.dumpPath,
    ...bridgeImportFields(load.options.imports),
  });
  const builder = await buildFromDump(run, dump, dump.batches);
  const extracted = await dump.answered;
  return { loaded: extracted as unknown as BridgeLoadResult, extracted, dump, builder };
}

/**
 * A reload that asks for a delta: the bridge writes only the groups the edit changed, which patch a copy
 * of the last dump's entry. A full dump (the bridge's choice), a delta the cache cannot take, or a copy
 * that failed is built whole instead; for the last two the bridge writes the whole dump after all.
 */
export async function deltaReload(run: ColdRun, base: PatchBase): Promise<BuiltCache> {
  const { bridge, load, scratch } = run;
  run.stages.enter('classify');
  const dump = startDump(run, 'reload', {
    path: load.path,
    out: scratch.dumpPath,
    ...bridgeImportFields(load.options.imports),
    delta: true,
  });
  // The copy a patch starts from is made while the bridge works; a full dump deletes it again.
  const copying = CachePatcher.copyBase(base.dbPath, scratch.tmpDb);
  scratch.waitFor(copying);
  // A delta says so in its first record (docs/bridge-protocol.md); a full dump is read as it is written.
  const r = await dump.batches.next();
  const first = r.done ? [] : r.value;
  const delta = (first[0] as { t: string } | undefined)?.t === 'delta';
  const patcher =
    delta && (await copying) ? await patchCopy(run, base, withFirst(first.slice(1), dump.batches)) : undefined;
  if (patcher) {
    const extracted = await dump.answered;
    return { loaded: extracted as unknown as BridgeLoadResult, extracted, dump, patcher };
  }
  await copying;
  rmSync(scratch.tmpDb, { force: true });
  let batches = withFirst(first, dump.batches);
  if (delta) {
    // a delta there is no copy to patch with: the bridge writes the whole dump
    for await (const _ of dump.batches); // the rest of the delta, until the reload's answer
    await bridge.request(
      'extract',
      { out: scratch.dumpPath },
      { signal: load.options.signal, timeoutMs: load.options.timeoutMs },
    );
    batches = followDump(scratch.dumpPath, Promise.resolve(), dump.read);
  }
  const builder = await buildFromDump(run, dump, batches);
  const extracted = await dump.answered;
  return { loaded: extracted as unknown as BridgeLoadResult, extracted, dump, builder };
}

/**
 * Patches the copy of the base entry with the delta's batches; undefined when the delta is one the cache
 * cannot take (the caller then has the bridge write the whole dump).
 */
async function patchCopy(
  run: ColdRun,
  base: PatchBase,
  batches: AsyncIterable<DumpRecord[]>,
): Promise<CachePatcher | undefined> {
  const { load, scratch, clock } = run;
  const patcher = new CachePatcher(base, scratch.tmpDb, scratch.tmpNt, load.options.naming, clock);
  try {
    for await (const batch of batches) for (const rec of batch) patcher.add(rec as DumpRecord | GoneRecord);
    patcher.finishCards();
    return scratch.hold(patcher);
  } catch (e) {
    await patcher.abort();
    if (e instanceof Unpatchable) return undefined;
    throw e;
  }
}
