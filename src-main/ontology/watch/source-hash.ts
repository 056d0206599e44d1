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

/** The imports the handle's cache was built from, with their hashes (its `importHashes` meta row). */
export function importHashesOf(h: OntologyHandle): { path: string; hash: string }[] {
  try {
    const raw = h.contentHashes().importHashes;
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v)
      ? v.filter((x): x is { path: string; hash: string } => typeof x?.path === 'string' && typeof x?.hash === 'string')
      : [];
  } catch {
    return [];
  }
}
