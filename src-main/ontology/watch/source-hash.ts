import type { OntologyHandle } from '../ontology-handle';

/** The content hash the handle's cache was built from (its `sourceHash` meta row), or null when it has none. */
export function sourceHashOf(h: OntologyHandle): string | null {
  try {
    const raw = h.contentHashes().sourceHash;
    const v: unknown = raw ? JSON.parse(raw) : null;
    return typeof v === 'string' ? v : null;
  } catch {
    // A closed or foreign cache file: the watcher then takes the file's current content as the baseline.
    return null;
  }
}
