import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UserError } from '../core/errors';
import type { ServedOntologies, ServedOntology } from './served-ontologies';
import { cardFields } from './tool-result';

/** `oarag://card/<ontology>/<IRI>`, both parts percent-encoded (IRIs hold '/' and '#'). */
export function cardUri(ontology: string, iri: string): string {
  return `oarag://card/${encodeURIComponent(ontology)}/${encodeURIComponent(iri)}`;
}

export function ontologyUri(ontology: string): string {
  return `oarag://ontology/${encodeURIComponent(ontology)}`;
}

function decode(v: string | string[] | undefined): string {
  const s = Array.isArray(v) ? v[0] : v;
  try {
    return decodeURIComponent(s ?? '');
  } catch {
    throw new UserError('bad-uri', `"${s}" is not a valid percent-encoded value.`);
  }
}

/**
 * A concept card per IRI (text as the agent reads it, plus the card as JSON), and one summary per
 * loaded ontology. Cards are not listed (GO has tens of thousands); the IRI part completes from names.
 */
export function registerResources(server: McpServer, set: ServedOntologies): void {
  server.registerResource(
    'concept-card',
    new ResourceTemplate('oarag://card/{ontology}/{iri}', {
      list: undefined,
      complete: {
        ontology: (value) =>
          set.ids.filter((i) => i.toLowerCase().startsWith(value.toLowerCase())).map(encodeURIComponent),
        iri: (value, ctx) => {
          const o = pickQuietly(set, decode(ctx?.arguments?.ontology));
          if (!o || !value.trim()) return [];
          return o.query.names.search(decode(value), 20).map((x) => encodeURIComponent(o.handle.closure.iri(x.id)));
        },
      },
    }),
    {
      title: 'Concept card',
      description:
        "One concept's card: name, definition, parents, children, stated relations and annotations. The last part is the concept's IRI, name or CURIE, percent-encoded.",
      mimeType: 'text/plain',
    },
    (uri, vars) => {
      const o = set.pick(decode(vars.ontology));
      const card = cardOf(o, decode(vars.iri));
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/plain', text: card.text },
          { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(cardFields(card)) },
        ],
      };
    },
  );

  for (const o of set.list) {
    server.registerResource(
      `ontology-${o.id}`,
      ontologyUri(o.id),
      {
        title: o.handle.summary.title ?? o.id,
        description: `What ${o.id} holds: classes, relations and the size of its entailment closure.`,
        mimeType: 'text/plain',
      },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: summaryText(o) }] }),
    );
  }
}

/** The card of an IRI, or, as completion suggests names, of a name, synonym or CURIE. */
function cardOf(o: ServedOntology, ref: string) {
  const byIri = o.handle.card(ref);
  if (byIri) return byIri;
  const linked = o.query.names.linkConcept(ref);
  const card = linked.status === 'ok' ? o.handle.card(linked.entity.iri) : null;
  if (!card) throw new UserError('unknown-name', `No class of ${o.id} has the IRI, name or CURIE "${ref}".`);
  return card;
}

function pickQuietly(set: ServedOntologies, id: string): ServedOntology | null {
  try {
    return set.pick(id || undefined);
  } catch {
    return null;
  }
}

export function summaryText(o: ServedOntology): string {
  const s = o.handle.summary;
  return [
    `ontology: ${o.id}${s.title ? ` (${s.title})` : ''}`,
    ...(s.ontologyIri ? [`IRI: ${s.ontologyIri}`] : []),
    `classes: ${s.classes}`,
    `relations (object properties): ${s.objectProperties}`,
    `entailed subclass links: ${s.closure.subClassOf}; entailed existential links: ${s.closure.existential}`,
    ...(s.unsatisfiable.length ? [`unsatisfiable classes: ${s.unsatisfiable.length}`] : []),
  ].join('\n');
}
