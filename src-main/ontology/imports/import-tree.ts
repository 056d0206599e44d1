import type { ImportResolution } from './import-resolution';
import type { ImportEntryInfo, ImportNode, ImportsSummary } from './import-types';

export type { ImportEntryInfo, ImportNode, ImportOrigin, ImportsSummary } from './import-types';

/** The resolution's fields as the bridge's `load` and `reload` take them. */
export function bridgeImportFields(r: ImportResolution | null | undefined): Record<string, unknown> {
  return {
    catalog: r?.catalog ?? null,
    base: r?.base ?? null,
    ...(r?.roots ? { roots: r.roots } : {}),
    // A catalog found, not given, that cannot be read is warned about and left out rather than failing the load.
    ...(r?.catalogFrom === 'found' ? { catalogFound: true } : {}),
  };
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
