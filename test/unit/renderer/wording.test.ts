import { describe, expect, it } from 'vitest';
import { agree, listAnd, optionsSubject } from '../../../src-main/core/plural';
import { frameLine } from '../../../src-renderer/util/frame-edit';
import { outsideElNote, pluralVerbPhrase, unsatisfiableHead } from '../../../src-renderer/util/wording';

describe('wording: counts agree with their nouns and verbs', () => {
  it('says "1 class is", "2 classes are"', () => {
    expect(unsatisfiableHead(1)).toBe('1 class is equivalent to owl:Nothing');
    expect(unsatisfiableHead(2)).toBe('2 classes are equivalent to owl:Nothing');
  });

  it('names chosen options as the subject of their verb', () => {
    expect(optionsSubject(['A'])).toBe('Option A');
    expect(optionsSubject(['A', 'C'])).toBe('Options A and C');
    expect(listAnd(['A', 'B', 'C'])).toBe('A, B and C');
    expect(`${optionsSubject(['A', 'C'])} ${agree(2, 'is', 'are')} not entailed`).toBe(
      'Options A and C are not entailed',
    );
  });

  it('one axiom outside EL is "it", several are "them"', () => {
    expect(outsideElNote(1, 0)).toBe(
      'One of these axioms lies outside OWL 2 EL; ELK may read it only in part, so some of what it implies may be missing here.',
    );
    expect(outsideElNote(3, 0)).toMatch(
      /^3 of these axioms lie outside OWL 2 EL; ELK may read them only in part, so some of what they imply/,
    );
    expect(outsideElNote(1, 1)).toBe(
      'One of these axioms lies outside OWL 2 EL; ELK skips it entirely, so nothing inferred here follows from it.',
    );
    expect(outsideElNote(3, 1)).toMatch(/ELK skips 1 of them entirely, so nothing inferred here follows from it\.$/);
  });

  it('a relation reads as the verb of "kinds of X that …"', () => {
    expect(pluralVerbPhrase('part of')).toBe('are part of');
    expect(pluralVerbPhrase('has part')).toBe('have part');
    expect(pluralVerbPhrase('develops from')).toBe('develop from');
    expect(pluralVerbPhrase('lacks_plasma_membrane_part')).toBe('lack plasma membrane part');
    expect(pluralVerbPhrase('finding site')).toBe('have finding site');
    expect(pluralVerbPhrase('located in')).toBe('are located in');
    const f = {
      kind: 'open',
      root: { name: 'cell' },
      conditions: [{ relation: { name: 'part of' }, filler: { name: 'retina' } }],
    } as unknown as Parameters<typeof frameLine>[0];
    expect(frameLine(f).statement).toBe('kinds of cell that are part of some retina');
  });
});
