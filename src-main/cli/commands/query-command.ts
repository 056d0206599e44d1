import { resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { MIB, readInputFileSync } from '../../core/input-file';
import type { QueryResult } from '../../query/query-types';
import type { CommandSpec } from '../command-spec';
import { openOntology, printJson, requireString } from './shared';

/** The JSON object of the CLI contract: the agent-facing fields, without internal extras. */
export function queryJson(r: QueryResult): Record<string, unknown> {
  return {
    query: r.query,
    form: r.form,
    verdict: r.verdict,
    ...(r.reasoner ? { reasoner: r.reasoner } : {}),
    ...(r.unknownReason ? { unknownReason: r.unknownReason } : {}),
    results: r.results,
    relations: r.relations,
    verdicts: r.verdicts,
    candidates: r.candidates,
    fallback: r.fallback,
    truncated: r.truncated,
    total: r.total,
    observation: r.observation,
    kind: r.kind,
    entities: r.entities,
    ...(r.justification ? { justification: r.justification } : {}),
    ...(r.justifications
      ? { justifications: r.justifications, moreJustifications: r.moreJustifications === true }
      : {}),
    elapsedMs: r.elapsedMs,
  };
}

export const queryCommand: CommandSpec = {
  name: 'query',
  summary: 'Run a dialect query (DESCRIBE / ASK / SELECT / EXPLAIN over quoted names).',
  usage:
    "oarag query --ontology <file> [--json] '<query>'  |  oarag query --ontology <file> --json --batch <queries.txt>",
  options: { ontology: { type: 'string' }, json: { type: 'boolean' }, batch: { type: 'string' } },
  async run(ctx) {
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    const qs = ctx.container.queryService(h);
    if (typeof ctx.values.batch === 'string') {
      const text = readInputFileSync(resolve(ctx.io.cwd, ctx.values.batch), {
        what: 'batch file',
        maxBytes: 64 * MIB,
      }).toString('utf8');
      for (const line of text.split(/\r?\n/)) {
        if (!line.trim()) continue;
        const r = await qs.run(line);
        if (ctx.values.json) printJson(ctx, queryJson(r));
        else ctx.io.stdout(`> ${line}\n${r.observation}\n\n`);
      }
      return 0;
    }
    const query = ctx.positionals.join(' ');
    if (!query.trim())
      throw new UserError('usage', 'give a query, e.g. oarag query --ontology go.obo \'DESCRIBE "nucleus"\'.');
    const r = await qs.run(query);
    if (ctx.values.json) printJson(ctx, queryJson(r));
    else ctx.io.stdout(r.observation + '\n');
    return r.form === 'error' ? 1 : 0;
  },
};

export const explainCommand: CommandSpec = {
  name: 'explain',
  summary: 'Show the justifications of an entailment A ⊑ ∃r.B (or A ⊑ B with "is a"): up to 10, each minimal.',
  usage: "oarag explain --ontology <file> [--json] '<A>' '<r>' '<B>'",
  options: { ontology: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx) {
    if (ctx.positionals.length !== 3)
      throw new UserError('usage', "give three names: oarag explain --ontology <file> '<A>' '<r>' '<B>'.");
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    const [subject, relation, filler] = ctx.positionals;
    const res = await ctx.container.queryService(h).execute({ form: 'explain', subject, relation, filler });
    if (ctx.values.json) printJson(ctx, queryJson(res));
    else ctx.io.stdout(res.observation + '\n');
    return res.form === 'error' ? 1 : 0;
  },
};
