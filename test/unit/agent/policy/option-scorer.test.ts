import { describe, expect, it } from 'vitest';
import { scoreStatements, splitAtSubject } from '../../../../src-main/agent/policy/option-scorer';
import type { ScoreRequest } from '../../../../src-main/llm/types';

const cardOf = (prompt: string) => (prompt.includes('\n\n') ? prompt.split('\n\n')[0] : '');

describe('scoreStatements', () => {
  it('scores only what follows the subject, with and without the card, one call per shared prompt', async () => {
    const calls: ScoreRequest[] = [];
    // A fake model: a continuation is likelier by 2 nats for each of its words the card before the prefix contains.
    const score = async (req: ScoreRequest) => {
      calls.push(req);
      return {
        scores: req.continuations.map((c) => ({
          logprob: -10 + 2 * c.split(/\W+/).filter((w) => w && cardOf(req.prompt).includes(w)).length,
          tokens: 3,
        })),
        evaluatedTokens: 10,
        method: 'top-k' as const,
      };
    };
    const card = 'name: heart valve\npart of: heart';
    const items = ['heart', 'kidney'].map((f) => ({
      key: f,
      ...splitAtSubject(`Every heart valve is part of some ${f}.`, 'heart valve'),
      context: card,
    }));
    expect(items[0]).toMatchObject({ prefix: 'Every heart valve', rest: ' is part of some heart.' });
    const out = await scoreStatements(score, items);
    expect(calls).toHaveLength(2);
    expect(calls[0].prompt).toBe(`${card}\n\nEvery heart valve`);
    expect(calls[1].prompt).toBe('Every heart valve');
    const lift = Object.fromEntries(out.scored.map((s) => [s.key, s.lift]));
    expect(lift.heart).toBeGreaterThan(lift.kidney);
    expect(out).toMatchObject({ calls: 2, evaluatedTokens: 20 });
  });
});
