import { UserError } from '../../core/errors';
import { fillerNote } from '../../ontology/store/sparql/raw-sparql';
import type { CommandSpec } from '../command-spec';
import { openOntology, printJson, requireString } from './shared';

export const sparqlCommand: CommandSpec = {
  name: 'sparql',
  summary: 'Run read-only SPARQL 1.1 over the closure graph (see docs/closure-graph.md).',
  usage: "oarag sparql --ontology <file> [--json] [--timeout <seconds>] '<SPARQL>'",
  options: { ontology: { type: 'string' }, json: { type: 'boolean' }, timeout: { type: 'string' } },
  async run(ctx) {
    const q = ctx.positionals.join(' ');
    if (!q.trim()) throw new UserError('usage', 'give a SPARQL query.');
    const timeout = ctx.values.timeout === undefined ? undefined : Number(ctx.values.timeout);
    if (timeout !== undefined && !(timeout > 0 && timeout <= 86_400))
      throw new UserError('usage', '--timeout takes a number of seconds between 0 and 86400.');
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    const res = await h.sparql(q, {
      signal: ctx.io.signal,
      timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    });
    if (ctx.values.json) {
      printJson(ctx, res);
      return 0;
    }
    if (res.kind === 'ask') ctx.io.stdout(`${res.boolean}\n`);
    else {
      ctx.io.stdout(res.variables.join('\t') + '\n');
      for (const row of res.rows) ctx.io.stdout(res.variables.map((v) => row[v] ?? '').join('\t') + '\n');
      if (res.truncated) ctx.io.stdout(`… more rows (the first ${res.rows.length} are shown)\n`);
      if (res.fillerRows) ctx.io.stderr(`note: ${fillerNote(res.fillerRows)}\n`);
    }
    return 0;
  },
};
