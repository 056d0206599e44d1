import type { ScoreRequest, ScoreResult } from '../../llm/types';

/** One statement to score, read after its context (a concept card) and alone. */
export interface ScoreItem {
  key: string;
  sentence: string;
  context: string;
}

export interface ScoredStatement {
  key: string;
  /** ln P(sentence | context) − ln P(sentence): how much the context makes the statement likelier. */
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
 */
export async function scoreStatements(
  score: (req: ScoreRequest) => Promise<ScoreResult>,
  items: ScoreItem[],
): Promise<ScoringOutcome> {
  const byContext = new Map<string, ScoreItem[]>();
  for (const it of items) {
    const ctx = it.context.slice(0, CONTEXT_CHARS);
    const list = byContext.get(ctx) ?? [];
    list.push(it);
    byContext.set(ctx, list);
  }
  let calls = 0;
  let evaluatedTokens = 0;
  const withContext = new Map<string, number>();
  for (const [ctx, list] of byContext) {
    const r = await score({ prompt: `${ctx}\n\n`, continuations: list.map((i) => i.sentence) });
    calls++;
    evaluatedTokens += r.evaluatedTokens;
    list.forEach((it, k) => withContext.set(it.key, r.scores[k].logprob));
  }
  const alone = await score({ prompt: '', continuations: items.map((i) => i.sentence) });
  calls++;
  evaluatedTokens += alone.evaluatedTokens;
  const scored = items.map((it, k) => {
    const w = withContext.get(it.key)!;
    const a = alone.scores[k].logprob;
    return { key: it.key, lift: round(w - a), withContext: round(w), alone: round(a) };
  });
  return { scored, calls, evaluatedTokens };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
