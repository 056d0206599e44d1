import { describe, expect, it } from 'vitest';
import { turnTaker } from '../../../src-main/core/yield-turn';

describe('turnTaker', () => {
  it('lets a timer run during a loop that would otherwise hold the thread, and costs nothing between turns', async () => {
    const breathe = turnTaker(5);
    let fired = false;
    setTimeout(() => (fired = true), 0);
    let turnsAwaited = 0;
    const end = performance.now() + 40;
    while (performance.now() < end) {
      const before = fired;
      await breathe();
      if (!before && fired) turnsAwaited++;
    }
    expect(fired).toBe(true);
    expect(turnsAwaited).toBe(1);
  });
});
