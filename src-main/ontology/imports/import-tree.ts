import type { ImportResolution } from './import-resolution';

/** One owl:imports as the bridge reports it (load/ImportTree.java). */
export interface ImportEntryInfo {
  iri: string;
  /** The import IRI of the ontology that declares it; null for the loaded file. */
  parent: string | null;
  path: string | null;
  origin: 'catalog' | 'folder' | 'file' | null;
  classes: number;
  axioms: number;
  /** Classes and object properties first declared by this document. */
  terms: string[];
}

/** Where an import came from, as the imports view and `load --json` show it. */
export type ImportOrigin = 'catalog' | 'folder' | 'file' | 'skipped';

export interface ImportNode {
  iri: string;
  path: string | null;
  origin: ImportOrigin;
  /** Why it was skipped (the load's warning), or null. */
  reason: string | null;
  /** Classes in its signature and axioms it holds (0 when skipped). */
  classes: number;
  axioms: number;
  /** Terms it brings that the loaded file does not declare. */
  terms: number;
  children: ImportNode[];
}

export interface ImportsSummary {
  catalog: string | null;
  catalogFrom: 'given' | 'found' | null;
  tree: ImportNode[];
}

/** The resolution's fields as the bridge's `load` and `reload` take them. */
export function bridgeImportFields(r: ImportResolution | null | undefined): Record<string, unknown> {
  return { catalog: r?.catalog ?? null, base: r?.base ?? null, ...(r?.roots ? { roots: r.roots } : {}) };
}

/** The bridge's flat list as a tree, each skipped import with the load's warning about it. */
export function importsSummary(
  entries: readonly ImportEntryInfo[],
  r: ImportResolution | null,
  warnings: readonly { iri?: string; message: string }[],
): ImportsSummary {
  const nodes = new Map<string, ImportNode>();
  const roots: ImportNode[] = [];
  for (const e of entries) {
    const skipped = e.path === null || e.origin === null;
    const node: ImportNode = {
      iri: e.iri,
      path: e.path,
      origin: skipped ? 'skipped' : e.origin!,
      reason: skipped ? (warnings.find((w) => w.iri === e.iri)?.message ?? 'not found locally') : null,
      classes: e.classes,
      axioms: e.axioms,
      terms: e.terms.length,
      children: [],
    };
    if (!nodes.has(e.iri)) nodes.set(e.iri, node);
    const parent = e.parent === null ? undefined : nodes.get(e.parent);
    (parent ? parent.children : roots).push(node);
  }
  return { catalog: r?.catalog ?? null, catalogFrom: r?.catalogFrom ?? null, tree: roots };
}

/** Each imported term with the import IRI it comes from; terms of the loaded file are left out. */
export function termOrigins(entries: readonly ImportEntryInfo[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entries) for (const t of e.terms) if (!out.has(t)) out.set(t, e.iri);
  return out;
}
