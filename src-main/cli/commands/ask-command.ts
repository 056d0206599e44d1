import { basename, resolve } from 'node:path';
import type { AskRequest } from '../../agent/ask-use-case';
import type { FramedItem } from '../../agent/frame/item-frame';
import { validateQuestion } from '../../agent/question';
import type { TrajectoryStep } from '../../agent/agent-types';
import { UserError } from '../../core/errors';
import { MIB, readInputFileSync } from '../../core/input-file';
import { describeJsonError } from '../../core/safe-json';
import type { CommandSpec } from '../command-spec';
import {
  driverOption,
  modelSpec,
  nameScopeOption,
  openOntology,
  printJson,
  protocolOption,
  requireString,
  watchedBackend,
} from './shared';

export const askCommand: CommandSpec = {
  name: 'ask',
  summary: 'Answer a question with the OA-RAG agent, citing ontology evidence and a grounding level.',
  usage:
    'oarag ask --ontology <file> [--model <gguf-path|openai:<url>#<model>|scripted:<file>>] [--protocol structured|text|auto] [--names question|ontology] [--driver auto|policy|react] [--retry-for <seconds>] ' +
    '[--json] ("<question>" | --item <item.json>) [--kind free|oq|mcq|single]   (no --model: the default model, else the built-in SmolLM2)',
  options: {
    ontology: { type: 'string' },
    model: { type: 'string' },
    json: { type: 'boolean' },
    item: { type: 'string' },
    kind: { type: 'string' },
    persona: { type: 'string' },
    'no-history': { type: 'boolean' },
    protocol: { type: 'string' },
    names: { type: 'string' },
    driver: { type: 'string' },
    'retry-for': { type: 'string' },
  },
  async run(ctx) {
    const request = readQuestion(ctx.values, ctx.positionals.join(' '), ctx.io.cwd);
    const model = modelSpec(ctx);
    const protocol = protocolOption(ctx);
    const nameScope = nameScopeOption(ctx);
    const h = await openOntology(ctx, requireString(ctx, 'ontology', 'file'));
    // The agent's modules load only here: `oarag --help` and other commands do not pay for them.
    const [{ askQuestion }, { frameText }, { defaultPersona }] = await Promise.all([
      import('../../agent/ask-use-case'),
      import('../../agent/frame/frame-text'),
      import('../../agent/persona'),
    ]);
    const { llm, close } = await watchedBackend(ctx, model);
    try {
      const persona =
        typeof ctx.values.persona === 'string'
          ? ctx.values.persona
          : (ctx.container.settings.get().personas[h.path] ?? defaultPersona(h.summary.title, basename(h.path)));
      const live = ctx.io.isTTY && !ctx.values.json;
      const rec = await askQuestion(
        {
          handle: h,
          queryService: ctx.container.queryService(h),
          llm,
          persona,
          protocol,
          nameScope,
          driver: driverOption(ctx),
          ...ctx.container.agentOptions(h),
        },
        request,
        { signal: ctx.io.signal, onStep: live ? (s) => ctx.io.stderr(renderStep(s)) : undefined },
      );
      if (!ctx.values['no-history']) ctx.container.history.add(rec, h.path, model);
      if (ctx.values.json) {
        printJson(ctx, {
          answer: rec.answer,
          evidence: rec.evidence.map((e) => ({
            id: e.id,
            text: e.text,
            kind: e.kind,
            query: e.query,
            entities: e.entities,
          })),
          grounding: rec.grounding,
          frame: rec.frame,
          checked: rec.checked,
          trajectory: rec.trajectory.map((s) => (s.type === 'observation' ? { ...s, result: undefined } : s)),
          usage: rec.usage,
          protocol: rec.protocol,
          steps: rec.steps,
          answerFormat: rec.answerFormat,
        });
      } else {
        const ans =
          rec.answer === null ? '(no answer)' : Array.isArray(rec.answer) ? rec.answer.join(', ') : rec.answer;
        const checked = rec.checked!;
        const frame = rec.frame?.frame;
        const lines = [
          frame
            ? `Read as: ${frameText(frame)}${frame.source === 'question' ? ` (from the question's words, confidence ${frame.confidence})` : frame.source === 'item' ? " (the item's own statement)" : ''}`
            : `Read as: no frame (${rec.frame?.reason ?? 'not read'})`,
          `Answer: ${ans}`,
          `Grounding (checked by the reasoner): ${checked.level}`,
          `Grounding (claimed by the model): ${rec.grounding ?? 'none'}`,
          `  ${checked.reason}`,
        ];
        for (const e of rec.evidence) lines.push(`  ${e.id}: ${e.text.split('\n')[0]}`);
        lines.push(
          `Usage: ${rec.usage.calls} calls, ${rec.usage.inputTokens} input + ${rec.usage.outputTokens} output tokens, ${rec.seconds} s`,
        );
        ctx.io.stdout(lines.join('\n') + '\n');
      }
      return 0;
    } finally {
      await close();
    }
  },
};

function readQuestion(values: Record<string, unknown>, text: string, cwd: string): AskRequest {
  if (typeof values.item === 'string') {
    const text = readInputFileSync(resolve(cwd, values.item), { what: 'item', maxBytes: MIB }).toString('utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new UserError('bad-item', `the item ${values.item} is not valid JSON (${describeJsonError(e)}).`);
    }
    const item = raw as { kind?: string; question?: string; options?: { key: string; name: string }[] };
    // Dataset items say "oq" and "mcq"; an item with options and one gold key may also be "single".
    try {
      const question = validateQuestion({
        kind: item.kind,
        question: item.question,
        options: item.options?.map((o) => ({ key: o.key, name: o.name })),
      });
      return { question, item: framedItem(raw) };
    } catch (e) {
      throw new UserError('bad-item', `the item ${values.item} is not a question: ${(e as Error).message}`);
    }
  }
  if (!text.trim()) throw new UserError('usage', 'give a question in quotes, or --item <item.json>.');
  const kind = typeof values.kind === 'string' ? values.kind : 'free';
  if (kind === 'mcq' || kind === 'single')
    throw new UserError('usage', 'choice questions need options: use --item <item.json>.');
  try {
    return { question: validateQuestion({ kind, question: text }) };
  } catch (e) {
    throw new UserError('usage', (e as Error).message);
  }
}

const str = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 4096;

/** A dataset item's own statement (generate's output), when the file is one: its frame is then the item's, not a reading. */
function framedItem(raw: unknown): FramedItem | null {
  const o = raw as Record<string, unknown>;
  if (o.kind === 'mcq') {
    const ax = o.axiom as Record<string, unknown> | undefined;
    const opts = o.options as { key?: unknown; iri?: unknown; name?: unknown }[];
    const slot = o.slot;
    if (
      (slot === 'subject' || slot === 'relation' || slot === 'filler') &&
      ax &&
      str(ax.subject) &&
      str(ax.relation) &&
      str(ax.filler) &&
      Array.isArray(opts) &&
      opts.every((x) => str(x.key) && str(x.iri) && typeof x.name === 'string')
    )
      return {
        kind: 'mcq',
        slot,
        axiom: { subject: ax.subject, relation: ax.relation, filler: ax.filler },
        options: opts.map((x) => ({ key: x.key as string, iri: x.iri as string, name: x.name as string })),
      };
    return null;
  }
  if (o.kind === 'oq' && Array.isArray(o.conditions) && (o.root === null || str(o.root))) {
    const conds = o.conditions as { relation?: unknown; filler?: unknown }[];
    if (conds.every((c) => c && str(c.relation) && str(c.filler)))
      return {
        kind: 'oq',
        root: (o.root as string | null) ?? null,
        conditions: conds.map((c) => ({ relation: c.relation as string, filler: c.filler as string })),
      };
  }
  return null;
}

function renderStep(s: TrajectoryStep): string {
  switch (s.type) {
    case 'message':
      return s.role === 'assistant' ? `\n[${s.stage}] ${s.content.trim()}\n` : '';
    case 'action':
      return `  → ${s.query}\n`;
    case 'observation':
      return `  ← ${s.text.split('\n').slice(0, 6).join('\n    ')}\n`;
    case 'note':
      return `  (${s.text})\n`;
  }
}
