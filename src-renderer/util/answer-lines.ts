import type { QuestionOption } from '../../src-main/api/contract';

/**
 * An answer as people read it: option keys with their names ("A — myocardium"), concept names one
 * per line, free text as it is. A key the options do not list stays a key.
 */
export function answerLines(answer: unknown, options: readonly QuestionOption[] = []): string[] {
  if (answer === null || answer === undefined) return [];
  const list = Array.isArray(answer) ? answer : [answer];
  return list.map((k) => {
    const text = typeof k === 'string' ? k : JSON.stringify(k);
    const o = options.find((x) => x.key === text);
    return o ? `${o.key} — ${o.name}` : text;
  });
}

/** The history keeps each answer as JSON text; older or odd rows may hold plain text. */
export function storedAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
