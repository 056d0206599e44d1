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
}
