export type CacheState = 'hit' | 'miss';

export interface LoadWarning {
  code: string;
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
