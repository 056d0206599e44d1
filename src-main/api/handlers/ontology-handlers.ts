import { basename } from 'node:path';
import { UserError } from '../../core/errors';
import { withTypedPaths } from '../../core/shown-paths';
import { classTreeOf } from '../../ontology/tree/class-tree';
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
    'ontology.open': ({ path }) => {
      const t = host.launch('load', `Open ${basename(path)}`, async (task) => {
        const started = Date.now();
        const h = await c.ontologies
          .open(path, { signal: task.signal, onProgress: (p) => task.update(p) })
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
    'ontology.children': ({ ontologyId, iri, relation, hierarchy }) =>
      c.trees.children(handle(ontologyId), iri, relation ?? null, hierarchy),
    'ontology.path': ({ ontologyId, iri, relation, hierarchy }) =>
      c.trees.path(handle(ontologyId), iri, relation ?? null, hierarchy),
    'ontology.statedInferred': ({ ontologyId, iri }) => c.stated.statedInferred(handle(ontologyId), iri),
    'ontology.lineage': ({ ontologyId, iri }) => c.stated.lineage(handle(ontologyId), iri),
    'ontology.axioms': ({ ontologyId, iri }) => c.stated.classAxioms(handle(ontologyId), iri),
    'ontology.whyUnsatisfiable': ({ ontologyId, iri }) => c.stated.whyUnsatisfiable(handle(ontologyId), iri),
    'ontology.relations': ({ ontologyId }) => classTreeOf(handle(ontologyId).closure).relations(),
  };
}
