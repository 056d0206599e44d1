import { resolve } from 'node:path';
import { UserError } from '../../core/errors';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { CommandContext } from '../run-args';
import { progressBar } from '../progress-bar';

export function requireString(ctx: CommandContext, key: string, what: string): string {
  const v = ctx.values[key];
  if (typeof v !== 'string' || !v.trim()) throw new UserError('usage', `missing --${key} <${what}>.`);
  return v;
}

export async function openOntology(ctx: CommandContext, file: string): Promise<OntologyHandle> {
  const bar = progressBar(ctx.io.stderr, ctx.io.isTTY);
  try {
    return await ctx.container.ontologies.open(resolve(ctx.io.cwd, file), { signal: ctx.io.signal, onProgress: (p) => bar.update(p) });
  } finally {
    bar.done();
  }
}

export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.io.stdout(JSON.stringify(value) + '\n');
}
