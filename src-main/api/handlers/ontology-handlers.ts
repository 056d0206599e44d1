import { basename, dirname, resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { withTypedPaths } from '../../core/shown-paths';
import { classTreeOf } from '../../ontology/tree/class-tree';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import { ontologyInfo } from '../ontology-info';
import type { ApiHost, AreaHandlers } from './api-host';
import { definitionHits } from '../../ontology/names/definition-search';

type OntologyHandlers = AreaHandlers<'ontology'>;

/** Opening, listing and closing ontologies. */
export function ontologyHandlers(
  host: ApiHost,
): Pick<
  OntologyHandlers,
  'ontology.open' | 'ontology.list' | 'ontology.recent' | 'ontology.close' | 'ontology.status'
> {
  const { c } = host;
  const open = c.openOntologies;
  return {
    'ontology.open': ({ path, catalog }) => {
      const t = host.launch('load', `Open ${basename(path)}`, async (task) => {
        const started = Date.now();
        const h = await c.ontologies
          .open(path, {
            signal: task.signal,
            onProgress: (p) => task.update(p),
            // A reload keeps the catalog the ontology was opened with.
            catalog: catalog ?? givenCatalogOf(open.list(), path),
            // Import targets follow the folders the user allowed, once any are set.
            importRoots: importRoots(c.settings.get().fileRoots, path),
          })
          .catch((e: unknown) => Promise.reject(withTypedPaths(e, [path])));
        // The service hands back a handle it still has open for this content instead of loading it.
        const alreadyOpen = open.wasAdopted(h);
        host.adopt(h, started);
        c.settings.touchRecent(h.path);
        return alreadyOpen ? { ...ontologyInfo(h), alreadyOpen } : ontologyInfo(h);
      });
      return { taskId: t.id };
    },
    'ontology.list': () => open.list().map((o) => ontologyInfo(o.handle)),
    'ontology.recent': () => c.settings.recentFiles(),
    'ontology.close': ({ ontologyId }) => ({ closed: host.close(ontologyId) }),
    'ontology.status': async ({ ontologyId }) => {
      open.get(ontologyId);
      const state = await c.fileWatcher.status(ontologyId);
      if (!state) throw new UserError('not-open', 'That ontology is not open; open it first.');
      return { state };
    },
  };
}

/** Reading an open ontology: search, cards, the class tree and the stated axioms. */
export function browseHandlers(
  host: ApiHost,
): Omit<
  OntologyHandlers,
  'ontology.open' | 'ontology.list' | 'ontology.recent' | 'ontology.close' | 'ontology.status'
> {
  const { c } = host;
  const handle = (id: string) => c.openOntologies.get(id);
  return {
    'ontology.search': ({ ontologyId, text, limit, includeObsolete }) => {
      const h = handle(ontologyId);
      const ix = h.closure;
      const max = limit ?? 20;
      const byName = c
        .queryService(h)
        .names.search(text, max, { includeObsolete })
        .map((x) => ({
          iri: ix.iri(x.id),
          name: ix.nameOf(x.id),
          matched: x.matched,
          matchKind: x.matchKind,
          tier: x.tier,
          ...(x.scope ? { scope: x.scope } : {}),
          score: Math.round(x.score * 1000) / 1000,
          obsolete: ix.deprecated.has(x.id),
          ...(x.replaces ? { replaces: x.replaces } : {}),
          ...sourceOf(h, ix.iri(x.id)),
        }));
      // Definitions that contain the text come after every name and synonym match.
      const skip = new Set(byName.map((x) => ix.id(x.iri)!));
      const byDefinition = definitionHits(h, text, max - byName.length, { skip, includeObsolete }).map((d) => ({
        iri: ix.iri(d.id),
        name: ix.nameOf(d.id),
        matched: d.snippet,
        matchKind: 'definition',
        tier: 'definition' as const,
        score: 0,
        obsolete: ix.deprecated.has(d.id),
        highlight: { start: d.start, length: d.length },
      }));
      return [...byName, ...byDefinition];
    },
    'ontology.card': ({ ontologyId, iri }) => {
      const card = handle(ontologyId).card(iri);
      if (!card) throw new UserError('unknown-name', 'No class has that IRI in this ontology.');
      return card;
    },
    'ontology.children': async ({ ontologyId, iri, relation, hierarchy }) => {
      const h = handle(ontologyId);
      const r = await c.trees.children(h, iri, relation ?? null, hierarchy);
      return { ...r, nodes: r.nodes.map((n) => ({ ...n, ...sourceOf(h, n.iri) })) };
    },
    'ontology.path': async ({ ontologyId, iri, relation, hierarchy }) => {
      const h = handle(ontologyId);
      const r = await c.trees.path(h, iri, relation ?? null, hierarchy);
      return { ...r, path: r.path.map((n) => ({ ...n, ...sourceOf(h, n.iri) })) };
    },
    'ontology.statedInferred': ({ ontologyId, iri }) => c.stated.statedInferred(handle(ontologyId), iri),
    'ontology.lineage': ({ ontologyId, iri }) => c.stated.lineage(handle(ontologyId), iri),
    'ontology.axioms': ({ ontologyId, iri }) => c.stated.classAxioms(handle(ontologyId), iri),
    'ontology.whyUnsatisfiable': ({ ontologyId, iri }, ctx) =>
      c.stated.whyUnsatisfiable(handle(ontologyId), iri, ctx.signal),
    'ontology.relations': ({ ontologyId }) => classTreeOf(handle(ontologyId).closure).relations(),
  };
}

function givenCatalogOf(list: readonly { handle: OntologyHandle }[], path: string): string | undefined {
  const h = list.find((o) => o.handle.path === path)?.handle;
  return h?.imports?.catalogFrom === 'given' ? (h.imports.catalog ?? undefined) : undefined;
}

/** The allowed folders and the file's own (opening it chose that one), or none when no folders are set. */
function importRoots(fileRoots: readonly string[] | null | undefined, path: string): string[] | undefined {
  return fileRoots?.length ? [...fileRoots, dirname(resolve(path))] : undefined;
}

/** `{ source }` for a term an import brings, else nothing. */
function sourceOf(h: OntologyHandle, iri: string): { source?: string } {
  const source = h.termSource(iri);
  return source ? { source } : {};
}
