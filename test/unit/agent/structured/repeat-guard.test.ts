import { describe, expect, it } from 'vitest';
import { askTriple, RepeatGuard } from '../../../../src-main/agent/structured/repeat-guard';

describe('RepeatGuard', () => {
  it('tells new queries from repeats and trivial "is a" self-asks, and counts the streak', () => {
    const g = new RepeatGuard();
    expect(g.check('ASK { "a" "part of" "b" }', ['a', 'b', 'c'])).toBe('new');
    expect(g.check('ASK  { "a" "part of" "b" }', ['a', 'b', 'c'])).toBe('repeat');
    expect(g.excludedObjects).toEqual(['b']);
    expect(g.check('ASK { "c" "is a" "c" }', ['a', 'b', 'c'])).toBe('trivial');
    expect(g.repeats).toBe(2);
    expect(g.check('ASK { "c" "part of" "c" }', ['a', 'b', 'c'])).toBe('new');
    expect(g.repeats).toBe(0);
  });

  it('drops the relation instead when the object is the only concept on offer', () => {
    const g = new RepeatGuard();
    g.check('ASK { "x" "has role" "x" }', ['x']);
    g.check('ASK { "x" "has role" "x" }', ['x']);
    expect(g.excludedObjects).toEqual([]);
    expect(g.droppedRelations).toEqual(['has role']);
  });

  it('reads only ASK triples', () => {
    expect(askTriple('ASK { "a b" "r" "c" }')).toEqual({ s: 'a b', r: 'r', o: 'c' });
    expect(askTriple('DESCRIBE "a"')).toBeNull();
    expect(askTriple('SELECT ?x WHERE { ?x "r" "c" }')).toBeNull();
  });
});
