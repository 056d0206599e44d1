import { describe, expect, it } from 'vitest';
import { decideChoice, LIFT_MARGIN, type OptionFacts } from '../../../../src-main/agent/policy/choice-decision';

/** A tiny hierarchy: heart ⊑ organ ⊑ structure; valve ⊑ structure. Relations: hasSite ⊑ locatedIn. */
const up: Record<string, string[]> = { heart: ['organ', 'structure'], organ: ['structure'], valve: ['structure'] };
const facts = {
  isSubClass: (a: string, b: string) => a === b || (up[a] ?? []).includes(b),
  isSubProperty: (r: string, s: string) => r === s || (r === 'hasSite' && s === 'locatedIn'),
};
const opt = (key: string, iri: string | null, verdict: OptionFacts['verdict'], lift: number | null): OptionFacts => ({
  key,
  iri,
  verdict,
  lift,
});

describe('decideChoice', () => {
  it('chooses exactly what the reasoner entails when it entails something, whatever the scores', () => {
    const d = decideChoice(
      [opt('A', 'heart', 'ENTAILED', 1), opt('B', 'valve', 'NOT ENTAILED', 9)],
      'filler',
      facts,
      false,
    );
    expect(d.chosen).toEqual(['A']);
    expect(d.source).toEqual({ A: 'reasoner' });
  });

  it('with nothing entailed: the best score, any within the margin, then what follows by "is a" in the slot', () => {
    const options = [
      opt('A', 'heart', 'NOT ENTAILED', 5),
      opt('B', 'organ', 'NOT ENTAILED', 1),
      opt('C', 'valve', 'NOT ENTAILED', 5 - LIFT_MARGIN / 2),
      opt('D', 'structure', 'NOT ENTAILED', -3),
    ];
    const filler = decideChoice(options, 'filler', facts, false);
    // A best, C within the margin; B and D are superclasses of a chosen filler, so they follow.
    expect(filler.chosen).toEqual(['A', 'B', 'C', 'D']);
    expect(filler.source).toMatchObject({ A: 'model-score', C: 'model-score', B: 'reasoner-isa', D: 'reasoner-isa' });
    // As subjects, only subclasses of a chosen subject follow: none here.
    expect(decideChoice(options, 'subject', facts, false).chosen).toEqual(['A', 'C']);
  });

  it('with nothing entailed and some options named by their card, the best score among those, not overall', () => {
    const named = (o: OptionFacts, n: boolean): OptionFacts => ({ ...o, named: n });
    const options = [
      named(opt('A', 'valve', 'NOT ENTAILED', 4), false),
      named(opt('B', 'heart', 'NOT ENTAILED', 1), true),
      named(opt('C', 'organ', 'NOT ENTAILED', 0.5), true),
    ];
    const d = decideChoice(options, 'filler', facts, false);
    // B is the best of the named ones; C follows from it by "is a"; A scored best but its card says nothing.
    expect(d.chosen).toEqual(['B', 'C']);
    expect(d.source).toEqual({ B: 'card-named', C: 'reasoner-isa' });
    expect(decideChoice(options, 'filler', facts, true).chosen).toEqual(['B']);
    // No option named: the best score overall, as before.
    const none = options.map((o) => ({ ...o, named: false }));
    expect(decideChoice(none, 'filler', facts, false).source).toMatchObject({ A: 'model-score' });
    // The reasoner still settles it when it entails an option.
    const entailed = [named(opt('A', 'valve', 'ENTAILED', -2), false), ...options.slice(1)];
    expect(decideChoice(entailed, 'filler', facts, false).chosen).toEqual(['A']);
  });

  it('a relation slot adds super-relations of the chosen one; a single choice takes one option', () => {
    const rel = [
      opt('A', 'hasSite', 'NOT ENTAILED', 2),
      opt('B', 'locatedIn', 'NOT ENTAILED', -5),
      opt('C', 'partOf', null, -1),
    ];
    expect(decideChoice(rel, 'relation', facts, false).chosen).toEqual(['A', 'B']);
    expect(decideChoice(rel, 'relation', facts, true).chosen).toEqual(['A']);
    const two = [opt('A', 'heart', 'ENTAILED', -1), opt('B', 'organ', 'ENTAILED', 3)];
    expect(decideChoice(two, 'filler', facts, true).chosen).toEqual(['B']);
  });

  it('an option that names nothing here is never added by "is a", and nothing scored means nothing chosen', () => {
    expect(
      decideChoice([opt('A', null, null, null), opt('B', 'heart', 'NOT ENTAILED', null)], 'filler', facts, false)
        .chosen,
    ).toEqual([]);
  });
});
