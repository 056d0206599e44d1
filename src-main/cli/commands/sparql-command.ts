import { UserError } from '../../core/errors';
import { runSparql } from '../../query/sparql/raw-sparql';
import type { CommandSpec } from '../run-args';
import { openOntology, printJson, requireString } from './shared';

export const sparqlCommand: CommandSpec = {
  name: 'sparql',
  summary: 'Run read-only SPARQL 1.1 over the closure graph (see docs/closure-graph.md).',
  usage: "oarag sparql --ontology <file> [--json] '<SPARQL>'",
  options: { ontology: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx) {
    const q = ctx.positionals.join(' ');
    if (!q.trim()) throw new UserError('usage', 'give a SPARQL query.');
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    const res = runSparql(await h.store(ctx.io.signal), q);
    if (ctx.values.json) {
      printJson(ctx, res);
      return 0;
    }
    if (res.kind === 'ask') ctx.io.stdout(`${res.boolean}\n`);
    else {
      ctx.io.stdout(res.variables.join('\t') + '\n');
      for (const row of res.rows) ctx.io.stdout(res.variables.map((v) => row[v] ?? '').join('\t') + '\n');
      if (res.truncated) ctx.io.stdout(`… ${res.total - res.rows.length} more rows (${res.total} in all)\n`);
    }
    return 0;
  },
};
