import type { ElkBridge } from '../bridge/bridge-client';
import type { CacheBuilder } from '../cache/cache-builder';
import type { CachePatcher } from '../cache/cache-patcher';
import type { DumpReadStats } from '../dump/dump-reader';
import type { DumpRecord } from '../dump/dump-types';
import type { StepClock } from '../load-profile';
import type { NamingOptions } from '../names/naming-policy';
import type { LoadWarning } from '../ontology-types';
import type { ColdScratch } from './cold-scratch';
import type { ImportEntryInfo } from '../imports/import-tree';
import type { ImportResolution } from '../imports/import-resolution';
import type { LoadStages, StageReport } from './load-stages';

/** What a cold load takes from open()'s options; the naming preference is settled by then. */
export interface ColdOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  imports: ImportResolution;
  naming: NamingOptions;
}

/** One cold load of a file whose cache entry is missing or unusable. */
export interface ColdLoad {
  path: string;
  /** The file's content hash: the entry's key, and what its integrity token vouches for. */
  hash: string;
  /** The entry's files, written under temporary names and renamed once complete. */
  dbPath: string;
  ntPath: string;
  /** performance.now() when open() began: the summary's seconds count from there. */
  t0: number;
  options: ColdOptions;
  report: StageReport;
  /** Warnings from before the load (a damaged entry, a heap retried); they lead the summary's. */
  notes: LoadWarning[];
  /** The bridge holds this file's earlier content: the edit is applied to that session. */
  reloading: boolean;
}

/** The parts every path of a cold load works with. */
export interface ColdRun {
  load: ColdLoad;
  bridge: ElkBridge;
  stages: LoadStages;
  clock: StepClock;
  scratch: ColdScratch;
}

/** The bridge's answer to `load`; a reload answers these fields and extract's at once. */
export interface BridgeLoadResult {
  ontologyIri: string | null;
  versionIri: string | null;
  format: string;
  classes: number;
  objectProperties: number;
  axioms: number;
  imports: { iri: string; path: string | null }[];
  /** The closure's owl:imports as the bridge found them (older bridges do not send it). */
  importTree?: ImportEntryInfo[];
  /** Classes named in axioms ELK reads only in part (see OntologyHandle.outsideEl). */
  outsideEl?: string[];
  /** As the JVM sent them: read through bridgeWarnings. */
  warnings: unknown;
  /** Present once the bridge times its parse; its keys are the bridge's own. */
  seconds?: Record<string, unknown>;
}

/**
 * The bridge writing a dump, and Node reading it meanwhile (see followDump). `answer` and `overlap` are
 * set when the bridge answers.
 */
export interface BridgeDump {
  answered: Promise<Record<string, unknown>>;
  batches: AsyncGenerator<DumpRecord[]>;
  read: DumpReadStats;
  answer?: Record<string, unknown>;
  /** Seconds of Node's work on the dump before the bridge answered, i.e. hidden behind its write stage. */
  overlap: number;
}

/** A new cache entry written under temporary names, not yet committed: built whole, or patched from the last. */
export interface BuiltCache {
  loaded: BridgeLoadResult | undefined;
  extracted: Record<string, unknown>;
  dump: BridgeDump;
  builder?: CacheBuilder;
  patcher?: CachePatcher;
}
