import type { ImportsSummary } from './imports/import-types';

export type CacheState = 'hit' | 'miss';

/**
 * Every kind of warning a load can give. Views switch on the code; the message is for people and may
 * change. The bridge's codes are checked against its Java sources by a test (load-warnings.test.ts).
 */
export const LOAD_WARNING_CODES = [
  // From the bridge: an owl:imports it could not read, skipped as no ontology, or read from outside the folder.
  'unresolved-import',
  'skipped-import',
  'import-outside-folder',
  // From the bridge: a catalog that was found but cannot be read, or a next catalog it names that is missing.
  'catalog-problem',
  // From the bridge: constructs outside OWL 2 EL, which ELK ignores (counts per construct).
  'non-el',
  // From the load: classes equivalent to owl:Nothing.
  'unsatisfiable',
  // Java ran out of memory and the load was retried with a larger heap.
  'heap-retried',
  // The cached copy was damaged, unfinished or outdated, or an import changed: it was rebuilt.
  'cache-rebuilt',
  'cache-stale',
  // A code this version does not know (a newer bridge); the message still says what happened.
  'other',
] as const;

export type LoadWarningCode = (typeof LOAD_WARNING_CODES)[number];

export interface LoadWarning {
  code: LoadWarningCode;
  message: string;
  counts?: Record<string, number>;
  iri?: string;
}

export type LoadStage = 'check' | 'parse' | 'classify' | 'closure' | 'write' | 'index' | 'store' | 'open';

export interface LoadSummary {
  file: string;
  format: string | null;
  ontologyIri: string | null;
  title: string | null;
  classes: number;
  objectProperties: number;
  closure: { subClassOf: number; existential: number };
  unsatisfiable: string[];
  warnings: LoadWarning[];
  cache: CacheState;
  seconds: number;
  stageSeconds: Partial<Record<LoadStage, number>>;
  /** How a cold load spent its time and memory; absent on a warm open, which did none of that work. */
  profile?: LoadProfile;
  /**
   * Set when the load reused the bridge's session of the same file's earlier content (a reload after an
   * edit): whether the changed axioms were applied to the classified ontology (incremental) or it was
   * loaded afresh, why not, and how many axioms the file gained and lost.
   */
  reload?: ReloadSummary;
  /** The imports closure as a tree and the catalog used; absent in caches built before catalogs. */
  imports?: ImportsSummary;
}

export interface ReloadSummary {
  incremental: boolean;
  /** Why the reload was not incremental (the bridge's reason code), or null. */
  reason: string | null;
  /** Axioms the file gained and lost: counted only by an incremental reload, null after a full load. */
  added: number | null;
  removed: number | null;
  /**
   * The cache entry was patched from the one the last load built, with the record groups the bridge
   * replaced (its delta dump) and the cards written again; null when the entry was built whole.
   */
  patched: { groups: number; cards: number } | null;
}

export interface LoadProfile {
  /** The bridge's own timers (parse, classify, closure, write, ...): whatever keys it reports. */
  bridge: Record<string, number>;
  /** Steps inside Node: dump parsing, SQLite rows, cards, full-text indexes, the closure graph. */
  node: Record<string, number>;
  /**
   * The JVM's heap limit (sized from the input unless fixed by OARAG_JAVA_HEAP_MB) and its peak
   * resident memory during this load (null where the OS does not tell).
   */
  jvm: { heapMb: number | null; peakRssMb: number | null; heapFixed?: boolean };
}
