import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../src-main/core/terminal-safe';

describe('terminalSafe', () => {
  it('turns C0 and C1 controls (but newline and tab) into visible escapes', () => {
    expect(terminalSafe('a\u001b]0;pwned\u0007b\u001bc')).toBe('a\\u001b]0;pwned\\u0007b\\u001bc');
    expect(terminalSafe('x\u009b2Jy\u0085\r\u007f')).toBe('x\\u009b2Jy\\u0085\\u000d\\u007f');
    expect(terminalSafe('line\n\tindented é ✓')).toBe('line\n\tindented é ✓');
  });

  it('keeps JSON valid and exact: the escape parses back to the character', () => {
    const json = terminalSafe(JSON.stringify({ label: 'a\u0085b\u009dc' }));
    expect(/[\u0080-\u009f]/.test(json)).toBe(false);
    expect(JSON.parse(json)).toEqual({ label: 'a\u0085b\u009dc' });
  });
});
