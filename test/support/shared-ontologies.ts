import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sharedOntologiesDir } from '../../src-main/core/paths';

/** Real ontologies live outside the repo; tests read them through OARAG_ONTOLOGIES and skip visibly without them. */
export const SHARED_ONTOLOGIES = sharedOntologiesDir();

export const REAL_FILES = [
  'pizza.owl',
  'go-nucleus.ofn',
  'foodon-plant-parts.ofn',
  'foodon-ncbitaxon-import.ofn',
  'po.obo',
  'zfa.obo',
  'envo.obo',
  'so.owl',
  'ro.owl',
  'go-mgi-subset.obo',
  'uberon-musculoskeletal.obo',
];

/** The ontologies the "choose every option" test generates a small dataset from (issue #35): all of them. */
export const CHOOSE_ALL_FILES = REAL_FILES;

export function sharedOntology(name: string): string | null {
  const p = join(SHARED_ONTOLOGIES, name);
  if (existsSync(p)) return p;
  console.warn(`[skip] ${name} not found under ${SHARED_ONTOLOGIES} (set OARAG_ONTOLOGIES)`);
  return null;
}

export function haveSharedOntologies(): boolean {
  const ok = existsSync(SHARED_ONTOLOGIES);
  if (!ok) console.warn(`[skip] real-ontology tests: ${SHARED_ONTOLOGIES} is absent (set OARAG_ONTOLOGIES)`);
  return ok;
}
