import { describe, expect, it } from 'vitest';
import { plainForm } from '../../../../src-main/agent/frame/verb-forms';

describe('plainForm: a relation name as a question says it after "does"', () => {
  it('drops the third-person "s" of the first verb-like word', () => {
    expect(plainForm('develops from')).toBe('develop from');
    expect(plainForm('negatively regulates')).toBe('negatively regulate');
    expect(plainForm('has part')).toBe('have part');
    expect(plainForm('overlaps')).toBe('overlap');
    expect(plainForm('applies to')).toBe('apply to');
    expect(plainForm('reaches')).toBe('reach');
  });

  it('leaves names with no such word alone', () => {
    expect(plainForm('part of')).toBeNull();
    expect(plainForm('is a')).toBeNull();
    expect(plainForm('continuous with')).toBeNull();
    expect(plainForm('in taxon')).toBeNull();
    expect(plainForm('process')).toBeNull();
  });
});
