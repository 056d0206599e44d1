import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AgentQuestion } from '../agent/agent-types';
import { checkAnswer } from '../agent/frame/check-answer';
import { frameContext } from '../agent/frame/frame-deps';
import { prefetchFrame } from '../agent/frame/frame-statements';
import { frameText } from '../agent/frame/frame-text';
import { readQuestion } from '../agent/frame/read-question';
import { validateQuestion } from '../agent/question';
import { UserError } from '../core/errors';
import type { ServedOntologies, ServedOntology } from './served-ontologies';
import { strictArgs } from './tool-args';
import { guarded, textResult } from './tool-result';
import { optionVerdictText } from '../agent/frame/option-verdict';

const questionArgs = {
  question: z.string().min(1).max(20_000).describe('The question as the user wrote it'),
  kind: z
    .enum(['mcq', 'single', 'oq', 'free'])
    .describe('mcq: several options may be right; single: one option; oq: name concepts; free: a text answer'),
  options: z
    .array(z.string().min(1).max(2000))
    .max(26)
    .optional()
    .describe('The options of a choice question, in order (keys A, B, …)'),
};

function question(a: { question: string; kind: AgentQuestion['kind']; options?: string[] }): AgentQuestion {
  try {
    return validateQuestion({
      kind: a.kind,
      question: a.question,
      options: a.options?.map((name, i) => ({ key: String.fromCharCode(65 + i), name })),
    });
  } catch (e) {
    throw new UserError('bad-params', (e as Error).message);
  }
}

function read(o: ServedOntology, q: AgentQuestion) {
  const ctx = frameContext(o.handle, o.query.names, o.query.decider);
  return { ctx, reading: readQuestion(q, ctx.lexicon) };
}

/**
 * The question frame for MCP clients: how a question reads in the ontology's concepts, and the
 * reasoner's check of an answer against it, exactly as the workbench checks its own answers.
 */
export function registerFrameTools(
  server: McpServer,
  set: ServedOntologies,
  ontology: z.ZodOptional<z.ZodString>,
  annotations: Record<string, boolean>,
): void {
  server.registerTool(
    'read_question',
    {
      title: 'Read a question as a statement',
      description:
        "How a question reads in the ontology's own concepts: for a choice question the statement each option fills (e.g. nucleolus — part of — ?), " +
        'for an open question its root and conditions, for a free question the statement it asks about. No frame comes back when the words do not settle it; the reason says why.',
      inputSchema: strictArgs({ ...questionArgs, ontology }),
      annotations,
    },
    (a) =>
      guarded(() => {
        const o = set.pick(a.ontology);
        const { reading } = read(o, question(a));
        const text = reading.frame
          ? `Read as: ${frameText(reading.frame)} (confidence ${reading.frame.confidence}). ${reading.reason}`
          : `No frame: ${reading.reason}`;
        return textResult(text, { ontology: o.id, ...reading });
      }),
  );

  server.registerTool(
    'check_answer',
    {
      title: "Check an answer against the question's statement",
      description:
        'Puts an answer to the reasoner against what the question states (see read_question): each option of a choice question, every named concept of an open one, ' +
        'or the statement of a free one. Levels: entailed, not-entailed (the ontology does not prove the answer as given), unchecked (the question or answer cannot be put to the reasoner; the reason says why).',
      inputSchema: strictArgs({
        ...questionArgs,
        answer: z
          .union([z.string().max(20_000), z.array(z.string().max(2000)).max(1000)])
          .describe('Option keys (A, B, …) for a choice question, concept names for an open one, text for a free one'),
        ontology,
      }),
      annotations,
    },
    (a, extra) =>
      guarded(async () => {
        const o = set.pick(a.ontology);
        const q = question(a);
        const { ctx, reading } = read(o, q);
        // As the workbench checks its own answers: the frame's statements decided first (ELK, then a DL
        // reasoner on each module within the deadline), so a check can say CONTRADICTED and decide.
        await prefetchFrame(reading.frame, o.query.decider, { signal: extra.signal });
        const checked = checkAnswer({ question: q, answer: a.answer, reading }, ctx.deps);
        const lines = [`${checked.level}: ${checked.reason}`];
        for (const opt of checked.options ?? [])
          lines.push(`${opt.key}. ${opt.name}: ${optionVerdictText(opt)}${opt.chosen ? ' (chosen)' : ''}`);
        return textResult(lines.join('\n'), { ontology: o.id, frame: reading, checked });
      }),
  );
}
