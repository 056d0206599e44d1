import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_DIALECT_LIMITS, type DialectQuery } from '../query/dialect';
import type { SparqlResult } from '../ontology/store/sparql/raw-sparql';
import type { OntologySet, ServedOntology } from './ontology-set';
import { overviewText, relatedOverview } from './related';
import { registerFrameTools } from './frame-tools';
import { searchNames, searchText } from './search';
import { guarded, queryStructured, queryToolResult, textResult } from './tool-result';

const NAME_MAX = DEFAULT_DIALECT_LIMITS.maxNameLength;
/** Rows of a SPARQL answer written into the text part; the structured part carries all the runner returns (1000). */
const SPARQL_TEXT_ROWS = 100;

const name = (what: string) =>
  z
    .string()
    .min(1)
    .max(NAME_MAX)
    .describe(`${what}: the ontology's name for it (label or synonym, any case) or a CURIE such as GO:0005634`);
const relation = (what: string) =>
  z
    .string()
    .min(1)
    .max(NAME_MAX)
    .describe(`${what}: a relation (object property) name such as "part of", or "is a" for classification`);

function ontologyArg(set: OntologySet) {
  return z
    .string()
    .max(500)
    .optional()
    .describe(
      set.list.length > 1
        ? `Which loaded ontology to use (required): one of ${set.ids.map((i) => `"${i}"`).join(', ')}`
        : `The loaded ontology ("${set.ids[0]}"); may be left out`,
    );
}

/** The nine tools; every one is read-only and answers from the ontology's cached entailment closure. */
export function registerTools(server: McpServer, set: OntologySet, client = 'mcp'): void {
  const ontology = ontologyArg(set);
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
  const run = async (o: ServedOntology, q: DialectQuery) => queryToolResult(o.id, await o.query.execute(q));

  server.registerTool(
    'describe',
    {
      title: 'Describe a concept',
      description:
        "The ontology's record of one concept: its definition, parents, children, stated relations, synonyms and other annotations. " +
        'Also describes a relation (its super- and sub-relations). Use it to read what the ontology says about a name before reasoning with it.',
      inputSchema: { name: name('The concept or relation'), ontology },
      annotations: readOnly,
    },
    ({ name: n, ontology: id }) => guarded(() => run(set.pick(id), { form: 'describe', name: n })),
  );

  server.registerTool(
    'ask',
    {
      title: 'Check one statement',
      description:
        'Is "every <subject> is related by <relation> to some <object>" entailed by the ontology (with inheritance, sub-relations and the reasoner\'s closure)? ' +
        'With relation "is a" it checks classification (subject is a kind of object). Verdicts: ENTAILED (proven) or NOT ENTAILED. ' +
        'NOT ENTAILED is open-world: the ontology does not prove it, which does not make it false.',
      inputSchema: {
        subject: name('The subject concept'),
        relation: relation('The relation'),
        object: name('The object concept'),
        ontology,
      },
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(() => run(set.pick(id), { form: 'ask', subject, relation: r, filler: object })),
  );

  server.registerTool(
    'select',
    {
      title: 'Concepts meeting all conditions',
      description:
        'Lists every concept x that meets ALL the conditions "x <relation> some <object>" (use relation "is a" to stay within a branch), most specific first, with the total count. ' +
        'Give "values" to test only those candidate names instead: one verdict (ENTAILED / NOT ENTAILED / UNKNOWN NAME) per candidate. ' +
        'When nothing is entailed, a few text-search matches are offered, marked as not verified.',
      inputSchema: {
        conditions: z
          .array(z.object({ relation: relation('The relation'), object: name('The object concept') }).strict())
          .min(1)
          .max(DEFAULT_DIALECT_LIMITS.maxConditions)
          .describe('The conditions, all of which must hold'),
        values: z
          .array(name('A candidate concept'))
          .min(1)
          .max(DEFAULT_DIALECT_LIMITS.maxValues)
          .optional()
          .describe('Optional candidates to check one by one instead of listing every match'),
        ontology,
      },
      annotations: readOnly,
    },
    ({ conditions, values, ontology: id }) =>
      guarded(() =>
        run(set.pick(id), {
          form: 'select-subjects',
          variable: 'x',
          conditions: conditions.map((c) => ({ relation: c.relation, filler: c.object })),
          ...(values ? { values } : {}),
        }),
      ),
  );

  server.registerTool(
    'related',
    {
      title: 'What a concept is related to',
      description:
        'With "relation": every concept the subject is related to by that relation (SELECT ?o), e.g. all its "part of" wholes, or all its superclasses with "is a". ' +
        'With "object": every relation that holds from the subject to that object (SELECT ?r). ' +
        'With neither: an overview of each relation the subject states or inherits, with its objects. With both: the ask verdict.',
      inputSchema: {
        subject: name('The subject concept'),
        relation: relation('Optional relation').optional(),
        object: name('Optional object concept').optional(),
        ontology,
      },
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(async () => {
        const o = set.pick(id);
        if (r !== undefined && object !== undefined)
          return run(o, { form: 'ask', subject, relation: r, filler: object });
        if (r !== undefined) return run(o, { form: 'select-fillers', subject, relation: r });
        if (object !== undefined) return run(o, { form: 'select-relations', subject, filler: object });
        const linked = o.query.names.linkConcept(subject);
        // The query service words the UNKNOWN NAME answer, with its suggestions.
        if (linked.status !== 'ok') return run(o, { form: 'select-fillers', subject, relation: 'is a' });
        const v = await relatedOverview(o, linked.entity.iri, subject);
        return textResult(overviewText(v), {
          ontology: o.id,
          subject: v.subject,
          omitted: v.omitted,
          relations: v.byRelation.map((b) => ({ relation: b.relation, ...queryStructured(o.id, b.result) })),
        });
      }),
  );

  server.registerTool(
    'explain',
    {
      title: 'Why a statement holds',
      description:
        'The axioms of the ontology that an ENTAILED statement "every <subject> is related by <relation> to some <object>" follows from (a justification found by the ELK reasoner). ' +
        'The first call on an ontology starts the reasoner and can take some seconds.',
      inputSchema: {
        subject: name('The subject concept'),
        relation: relation('The relation'),
        object: name('The object concept'),
        ontology,
      },
      annotations: readOnly,
    },
    ({ subject, relation: r, object, ontology: id }) =>
      guarded(() => run(set.pick(id), { form: 'explain', subject, relation: r, filler: object })),
  );

  server.registerTool(
    'search',
    {
      title: 'Find concept names',
      description:
        'Finds concepts by name, synonym or ID as you would in a search box: exact names first, then names starting with the text, then similar spellings. ' +
        'Each hit gives the name to use in the other tools, its ID, the synonym that matched, and a parent for context.',
      inputSchema: {
        text: z.string().min(1).max(NAME_MAX).describe('Words of the name, a synonym, or an ID'),
        limit: z.number().int().min(1).max(50).optional().describe('Hits to return (default 10)'),
        ontology,
      },
      annotations: readOnly,
    },
    ({ text, limit, ontology: id }) =>
      guarded(() => {
        const o = set.pick(id);
        const hits = searchNames(o, text, limit ?? 10);
        return textResult(searchText(text, hits), { ontology: o.id, text, hits });
      }),
  );

  registerFrameTools(server, set, ontology, readOnly);

  server.registerTool(
    'sparql',
    {
      title: 'Read-only SPARQL',
      description:
        'SPARQL 1.1 (SELECT, ASK, CONSTRUCT, DESCRIBE; no updates) over the entailed closure graph: rdfs:subClassOf and existential restrictions as inferred by the reasoner, ' +
        'with labels. Use the other tools first; this is for questions they cannot phrase. At most 1000 rows are returned; a query running over 10 s is stopped.',
      inputSchema: { query: z.string().min(1).max(100_000).describe('The SPARQL query'), ontology },
      annotations: readOnly,
    },
    ({ query, ontology: id }, extra) =>
      guarded(async () => {
        const o = set.pick(id);
        // Off the main thread and under a deadline, so a costly query cannot stall the other tools.
        const res = await o.handle.sparql(query, { signal: extra.signal, client: extra.sessionId ?? client });
        return textResult(sparqlText(res), { ontology: o.id, ...res });
      }),
  );
}

export function sparqlText(r: SparqlResult): string {
  if (r.kind === 'ask') return String(r.boolean);
  if (!r.rows.length) return 'No results.';
  const lines = [
    r.variables.join('\t'),
    ...r.rows.slice(0, SPARQL_TEXT_ROWS).map((row) => r.variables.map((v) => row[v] ?? '').join('\t')),
  ];
  const shown = Math.min(r.rows.length, SPARQL_TEXT_ROWS);
  if (r.truncated)
    lines.push(
      `… ${r.rows.length - shown} more rows in the structured result, and more beyond the ${r.rows.length}-row cap (${r.total}+ in all)`,
    );
  else if (shown < r.rows.length)
    lines.push(`… ${r.rows.length - shown} more rows in the structured result (${r.total} in all)`);
  return lines.join('\n');
}
