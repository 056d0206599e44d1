import { describe, expect, it } from 'vitest';
import { EvalRate, formatDuration, progressStage } from '../../../src-main/evaluation/eval-rate';

describe('EvalRate', () => {
  it('reports questions per minute and an ETA from the answers of this run', () => {
    let t = 0;
    const rate = new EvalRate(() => t, 50);
    expect(rate.perMinute()).toBeNull();
    expect(progressStage(0, 10, rate)).toBe('0/10 items');
    for (let i = 0; i < 4; i++) {
      t += 2000;
      rate.answered();
    }
    expect(rate.perMinute()).toBe(30);
    expect(rate.etaSeconds(6)).toBe(12);
    expect(progressStage(4, 10, rate)).toBe('4/10 items · 30 questions/min · ETA 12 s');
    expect(progressStage(10, 10, rate)).toBe('10/10 items · 30 questions/min');
  });

  it('follows the recent rate over its window', () => {
    let t = 0;
    const rate = new EvalRate(() => t, 5);
    for (let i = 0; i < 5; i++) {
      t += 60_000;
      rate.answered();
    }
    expect(rate.perMinute()).toBeCloseTo(1);
    for (let i = 0; i < 5; i++) {
      t += 1000;
      rate.answered();
    }
    expect(rate.perMinute()).toBeCloseTo(60);
  });

  it('formats durations', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(674)).toBe('11 min 14 s');
    expect(formatDuration(7260)).toBe('2 h 01 min');
  });
});
