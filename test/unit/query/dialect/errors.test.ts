import { describe, expect, it } from 'vitest';
import { asFailure, codePointLabel, fail, snippet } from '../../../../src-main/query/dialect/errors';
import { hintFor } from '../../../../src-main/query/dialect/help';

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (thrown) {
    return thrown;
  }
  throw new Error('nothing was thrown');
}

describe('errors', () => {
  it('fail throws a failure that asFailure recovers, with the topic hint', () => {
    const thrown = thrownBy(() => fail('Something is wrong.', 'describe'));
    expect(asFailure(thrown)).toEqual({ error: 'Something is wrong.', hint: hintFor('describe') });
  });

  it('asFailure ignores ordinary errors and values', () => {
    expect(asFailure(new Error('x'))).toBeUndefined();
    expect(asFailure({ error: 'x', hint: 'y' })).toBeUndefined();
    expect(asFailure(null)).toBeUndefined();
    expect(asFailure('x')).toBeUndefined();
  });

  it('snippet quotes and escapes text', () => {
    expect(snippet('latte')).toBe('"latte"');
    expect(snippet('a"b\nc\u0000')).toBe('"a\\"b\\nc\\u0000"');
  });

  it('snippet cuts long text with an ellipsis', () => {
    expect(snippet('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}"…`);
    expect(snippet('x'.repeat(100_000)).length).toBeLessThan(50);
  });

  it('snippet never cuts a surrogate pair in half', () => {
    const text = 'abcdefghi😀rest';
    expect(snippet(text, 10)).toBe('"abcdefghi"…');
  });

  it('codePointLabel names code points, astral ones included', () => {
    expect(codePointLabel('a\u0007', 1)).toBe('U+0007');
    expect(codePointLabel('☕', 0)).toBe('U+2615');
    expect(codePointLabel('😀', 0)).toBe('U+1F600');
  });
});
