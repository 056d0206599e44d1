import type { JsonSchema } from '../llm/types';
import type { AgentQuestion } from './agent-types';
export type { QuestionKind, QuestionOption, AgentQuestion, AgentAnswer } from './agent-types';

export function answerSchema(q: AgentQuestion): JsonSchema {
  return { type: 'object', properties: { answer: answerValueSchema(q) } };
}

/** The schema of the answer value alone (what goes under "answer"). */
export function answerValueSchema(q: AgentQuestion): JsonSchema {
  const keys = (q.options ?? []).map((o) => o.key);
  switch (q.kind) {
    case 'mcq':
      return { type: 'array', items: { type: 'string', enum: keys } };
    case 'single':
      return { type: 'string', enum: keys };
    case 'oq':
      return { type: 'array', items: { type: 'string' } };
    case 'free':
      return { type: 'string' };
  }
}

/** How the schema is put to the model in prose, with a concrete example. */
export function answerFormatText(q: AgentQuestion): string {
  switch (q.kind) {
    case 'mcq':
      return 'Answer format: {"answer": [<the key of every correct option, as a string>]}. Several options may be correct.';
    case 'single':
      return 'Answer format: {"answer": "<the key of the one correct option>"}.';
    case 'oq':
      return 'Answer format: {"answer": [<the name of each concept, as a string, exactly as the ontology spells it>]}.';
    case 'free':
      return 'Answer format: {"answer": "<your answer as a short text>"}.';
  }
}

export function questionBlock(q: AgentQuestion): string {
  const lines = [`Question: ${q.question.trim()}`];
  if (q.options?.length) {
    lines.push('Options:');
    for (const o of q.options) lines.push(`${o.key}. ${o.name}`);
  }
  lines.push(answerFormatText(q));
  return lines.join('\n');
}

export function validateQuestion(input: unknown): AgentQuestion {
  const o = input as Partial<AgentQuestion> | null;
  if (!o || typeof o !== 'object') throw new Error('a question must be an object with "kind" and "question".');
  if (!['mcq', 'single', 'oq', 'free'].includes(String(o.kind)))
    throw new Error('"kind" must be one of mcq, single, oq, free.');
  if (typeof o.question !== 'string' || !o.question.trim()) throw new Error('"question" must be a non-empty string.');
  if (o.question.length > 20_000) throw new Error('"question" is longer than 20,000 characters.');
  if (o.kind === 'mcq' || o.kind === 'single') {
    if (!Array.isArray(o.options) || o.options.length < 2 || o.options.length > 26)
      throw new Error('a choice question needs 2 to 26 options.');
    const keys = new Set<string>();
    for (const opt of o.options) {
      if (!opt || typeof opt.key !== 'string' || typeof opt.name !== 'string' || !opt.key.trim()) {
        throw new Error('every option needs a "key" and a "name".');
      }
      if (keys.has(opt.key)) throw new Error(`option key "${opt.key}" is used twice.`);
      keys.add(opt.key);
    }
  }
  return {
    kind: o.kind as AgentQuestion['kind'],
    question: o.question,
    options: o.options?.map((x) => ({ key: x.key, name: x.name })),
  };
}
