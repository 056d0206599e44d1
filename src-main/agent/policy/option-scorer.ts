import type { ScoreRequest, ScoreResult } from '../../llm/types';

/**
 * One statement to score, split where its subject ends ("Every nucleolus" | " is part of some
 * nucleus."): only the part after the subject is scored, after the context (a concept card) and
 * without it. A card always names its own concept, so scoring the subject too would reward long names.
 */
export interface ScoreItem {
  key: string;
  prefix: string;
  rest: string;
  context: string;
}

export interface ScoredStatement {
  key: string;
  /** ln P(rest | context, prefix) − ln P(rest | prefix): how much the card makes the statement likelier. */
  lift: number;
  withContext: number;
  alone: number;
}

export interface ScoringOutcome {
  scored: ScoredStatement[];
  calls: number;
  evaluatedTokens: number;
}

/** Cards are cut to this many characters: enough for the definition and the stated links. */
export const CONTEXT_CHARS = 1200;

/**
 * The model's judgement of each statement, as a likelihood ratio: how much likelier the statement
 * becomes once the model has read the card. A weak model that cannot answer yes or no reliably still
 * reads a card it was shown; the difference cancels what the model thinks of the words alone.
 * Statements that share a prompt are scored in one call (the prompt is evaluated once).
 */
export async function scoreStatements(
  score: (req: ScoreRequest) => Promise<ScoreResult>,
  items: ScoreItem[],
): Promise<ScoringOutcome> {
  let calls = 0;
  let evaluatedTokens = 0;
  const run = async (prompt: (it: ScoreItem) => string): Promise<Map<string, number>> => {
    const groups = new Map<string, ScoreItem[]>();
    for (const it of items) groups.set(prompt(it), [...(groups.get(prompt(it)) ?? []), it]);
    const out = new Map<string, number>();
    for (const [p, list] of groups) {
      const r = await score({ prompt: p, continuations: list.map((i) => i.rest) });
      calls++;
      evaluatedTokens += r.evaluatedTokens;
      list.forEach((it, k) => out.set(it.key, r.scores[k].logprob));
    }
    return out;
  };
  const withContext = await run((it) => `${it.context.slice(0, CONTEXT_CHARS)}\n\n${it.prefix}`);
  const alone = await run((it) => it.prefix);
  const scored = items.map((it) => {
    const w = withContext.get(it.key)!;
    const a = alone.get(it.key)!;
    return { key: it.key, lift: round(w - a), withContext: round(w), alone: round(a) };
  });
  return { scored, calls, evaluatedTokens };
}

/** A sentence about `subject` split after the subject's first mention. */
export function splitAtSubject(sentence: string, subject: string): { prefix: string; rest: string } {
  const at = sentence.indexOf(subject);
  if (at < 0) return { prefix: '', rest: sentence };
  return { prefix: sentence.slice(0, at + subject.length), rest: sentence.slice(at + subject.length) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
