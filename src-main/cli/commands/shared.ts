import { resolve } from 'node:path';
import type { NameScopeMode } from '../../agent/loop-context';
import { isAgentProtocol, type AgentProtocol } from '../../agent/protocol';
import { UserError } from '../../core/errors';
import type { LlmBackend } from '../../llm/types';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { CommandContext } from '../command-spec';
import { progressBar } from '../progress-bar';

export function requireString(ctx: CommandContext, key: string, what: string): string {
  const v = ctx.values[key];
  if (typeof v !== 'string' || !v.trim()) throw new UserError('usage', `missing --${key} <${what}>.`);
  return v;
}

export async function openOntology(ctx: CommandContext, file: string): Promise<OntologyHandle> {
  const bar = progressBar(ctx.io);
  try {
    return await ctx.container.ontologies.open(resolve(ctx.io.cwd, file), {
      signal: ctx.io.signal,
      onProgress: (p) => bar.update(p),
    });
  } finally {
    bar.done();
  }
}

export function printJson(ctx: CommandContext, value: unknown): void {
  ctx.io.stdout(JSON.stringify(value) + '\n');
}

/** --model, else the configured default, else the built-in model; a clear error when there is none. */
export function modelSpec(ctx: CommandContext): string {
  const v = ctx.values.model;
  if (typeof v === 'string' && v.trim()) return v.trim();
  const d = ctx.container.defaultModelSpec();
  if (d) return d;
  throw new UserError(
    'usage',
    'no model: give --model <gguf-path|openai:<url>#<model>|scripted:<file>>, or fetch the built-in model with `node scripts/fetch-model.mjs` (needs Python with pip).',
  );
}

/** --protocol structured|text|auto (default auto: structured wherever the backend can enforce it). */
export function protocolOption(ctx: CommandContext): AgentProtocol | 'auto' {
  const v = ctx.values.protocol;
  if (v === undefined) return 'auto';
  if (v === 'auto' || isAgentProtocol(v)) return v;
  throw new UserError('usage', `--protocol must be structured, text or auto, not "${String(v)}".`);
}

/** --names question|ontology: which names a step grammar offers (default question). */
export function nameScopeOption(ctx: CommandContext): NameScopeMode {
  const v = ctx.values.names;
  if (v === undefined || v === 'question') return 'question';
  if (v === 'ontology') return 'ontology';
  throw new UserError('usage', `--names must be question or ontology, not "${String(v)}".`);
}

/** --driver: who drives the agent's queries (default: the setting, else 'auto'). */
export function driverOption(ctx: CommandContext): 'auto' | 'policy' | 'react' {
  const v = ctx.values.driver;
  if (v === undefined) return ctx.container.settings.get().agentDriver;
  if (v === 'auto' || v === 'policy' || v === 'react') return v;
  throw new UserError('usage', `--driver must be auto, policy or react, not "${String(v)}".`);
}

/** --scope main|closure (default main): whose axioms generate and revise work on. */
export function scopeOption(v: unknown): 'main' | 'closure' {
  if (v === undefined || v === 'main') return 'main';
  if (v === 'closure') return 'closure';
  throw new UserError('usage', `--scope must be main or closure, not "${String(v)}".`);
}

/** --retry-for <seconds>: how long a server outage is waited out (absent: the backend's default, 120 s). */
export function retryForOption(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+(\.\d+)?$/.test(v.trim()) || n > 86_400)
    throw new UserError('usage', `--retry-for must be a number of seconds from 0 to 86400, not "${String(v)}".`);
  return Math.round(n * 1000);
}

/**
 * The model's backend with `--retry-for` applied and its waits for the server said on stderr; `close`
 * stops listening and closes it.
 */
export async function watchedBackend(
  ctx: CommandContext,
  model: string,
): Promise<{ llm: LlmBackend; close: () => Promise<void> }> {
  const retryForMs = retryForOption(ctx.values['retry-for']);
  const llm = await ctx.container.createBackend(model, ctx.io.signal);
  const off = sayServerWaits(llm, ctx.io.stderr, retryForMs);
  return {
    llm,
    close: async () => {
      off();
      await llm.close();
    },
  };
}

/** Sets the outage limit, and says on stderr while the server is away and when it is back; returns the unsubscribe. */
export function sayServerWaits(llm: LlmBackend, stderr: (s: string) => void, retryForMs?: number): () => void {
  if (retryForMs !== undefined) llm.setRetryFor?.(retryForMs);
  const off = llm.watchServer?.((w) =>
    stderr(
      w
        ? `waiting for the server (${w.reason}): ${Math.round(w.waitedMs / 1000)} s of ${Math.round(w.limitMs / 1000)} s\n`
        : 'the server is back\n',
    ),
  );
  return off ?? (() => undefined);
}
