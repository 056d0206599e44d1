import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { SparqlResult } from '../ontology/store/sparql/raw-sparql';
import type { ServedOntologies } from './served-ontologies';
import { registerFrameTools } from './frame-tools';
import { registerConceptTools, registerRelationTools } from './query-tools';
import { searchNames, searchText } from './search';
import { NAME_MAX, ontologyArg, readOnly, strictArgs, type ToolKit } from './tool-args';
import { guarded, queryToolResult, textResult } from './tool-result';

/** Rows of a SPARQL answer written into the text part; the structured part carries all the runner returns (1000). */
const SPARQL_TEXT_ROWS = 100;

/** The nine tools; every one is read-only and answers from the ontology's cached entailment closure. */
export function registerTools(server: McpServer, set: ServedOntologies, client = 'mcp'): void {
  const ontology = ontologyArg(set);
  const kit: ToolKit = {
    server,
    set,
    ontology,
    // One justification per explain, as the tool says: a client model's context is not the console.
    run: async (o, q) => queryToolResult(o.id, await o.query.execute(q, undefined, { justifications: 1 })),
  };
  registerConceptTools(kit);
  registerRelationTools(kit);
  registerSearchTool(kit);
  registerFrameTools(server, set, ontology, readOnly);
  registerSparqlTool(kit, client);
}

function registerSearchTool({ server, set, ontology }: ToolKit): void {
  server.registerTool(
    'search',
    {
      title: 'Find concept names',
      description:
        'Finds concepts by name, synonym or ID as you would in a search box: exact names first, then names starting with the text, then similar spellings. ' +
        'Each hit gives the name to use in the other tools, its ID, the synonym that matched, and a parent for context.',
      inputSchema: strictArgs({
        text: z.string().min(1).max(NAME_MAX).describe('Words of the name, a synonym, or an ID'),
        limit: z.number().int().min(1).max(50).optional().describe('Hits to return (default 10)'),
        ontology,
      }),
      annotations: readOnly,
    },
    ({ text, limit, ontology: id }) =>
      guarded(() => {
        const o = set.pick(id);
        const hits = searchNames(o, text, limit ?? 10);
        return textResult(searchText(text, hits), { ontology: o.id, text, hits });
      }),
  );
}

function registerSparqlTool({ server, set, ontology }: ToolKit, client: string): void {
  server.registerTool(
    'sparql',
    {
      title: 'Read-only SPARQL',
      description:
        'SPARQL 1.1 (SELECT, ASK, CONSTRUCT, DESCRIBE; no updates) over the entailed closure graph: rdfs:subClassOf and existential restrictions as inferred by the reasoner, ' +
        'with labels. Use the other tools first; this is for questions they cannot phrase. At most 1000 rows are returned; a query running over 10 s is stopped.',
      inputSchema: strictArgs({ query: z.string().min(1).max(100_000).describe('The SPARQL query'), ontology }),
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
