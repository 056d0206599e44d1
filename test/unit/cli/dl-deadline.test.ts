import { describe, expect, it } from 'vitest';
import { dlDeadlineOption } from '../../../src-main/cli/run-args';

describe('--dl-deadline', () => {
  it('takes milliseconds within the setting bounds', () => {
    expect(dlDeadlineOption('5000')).toBe(5000);
    expect(dlDeadlineOption(' 100 ')).toBe(100);
  });
  it('refuses what is no deadline with a usage error', () => {
    for (const bad of ['0', '99', '600001', '2s', '', '-5', true])
      expect(() => dlDeadlineOption(bad)).toThrow(/--dl-deadline takes milliseconds/);
  });
});
