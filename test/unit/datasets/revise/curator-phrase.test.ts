import { describe, expect, it } from 'vitest';
import { curatorSentence, readableName, readableRelation } from '../../../../src-main/datasets/revise/curator-phrase';

const all = (s: string, r: string, f: string) => [0, 1, 2].map((v) => curatorSentence(s, r, f, v));

describe('curatorSentence: the sentences the issue found unnatural, as a curator writes them', () => {
  it('an adjective filler of "has cross section" or "has quality" is an adjective, not "some circular"', () => {
    expect(all('cylinder', 'has cross section', 'circular')).toEqual([
      'Every cylinder has a circular cross section.',
      'Each cylinder is circular in cross section.',
      'The cross section of any cylinder is circular.',
    ]);
    expect(curatorSentence('canal', 'has_quality', 'tropical', 0)).toBe('Every canal is tropical.');
    expect(curatorSentence('morpholino_oligo', 'has_quality', 'protein_coding', 0)).toBe(
      'Every morpholino oligo is protein coding.',
    );
  });

  it('"quality of a liquid" is the subject\'s quality, a noun quality characterises it', () => {
    expect(curatorSentence('transudate', 'has quality', 'quality of a liquid', 0)).toBe(
      'Every transudate has the quality of a liquid.',
    );
    expect(curatorSentence('ocean', 'has quality', 'high salinity', 0)).toBe(
      'Every ocean is characterised by high salinity.',
    );
  });

  it('a taxon is named without "some" and without "in taxon"', () => {
    for (const s of all('gland', 'in taxon', 'Eumetazoa')) {
      expect(s).not.toMatch(/in taxon|some Eumetazoa|always/);
      expect(s).toMatch(/Eumetazoa\.$/);
    }
    expect(curatorSentence('plant ovary', 'RO:0002160', 'Spermatophyta', 0)).toBe(
      'Every plant ovary is found only in Spermatophyta.',
    );
  });

  it('developmental, stage and inverse-style relations read as verbs', () => {
    expect(curatorSentence('blood', 'immediate transformation of', 'presumptive blood', 0)).toBe(
      'Every blood forms directly from some presumptive blood.',
    );
    expect(curatorSentence('fin', 'start stage', 'Larval:Day 5', 0)).toBe(
      'Every fin first appears at the stage Larval:Day 5.',
    );
    expect(curatorSentence('human construction', 'output of', 'building process', 0)).toBe(
      'Every human construction is produced by some building process.',
    );
    expect(curatorSentence('rain', 'has member', 'raindrop', 0)).toBe(
      'Every rain has some raindrop among its members.',
    );
  });

  it('no label keeps its underscores in running text, and a nested filler reads "something"', () => {
    expect(readableName('biological_process')).toBe('biological process');
    expect(readableName("Brachet's cleft")).toBe("Brachet's cleft");
    expect(readableRelation('partially_surrounded_by')).toBe('partially surrounded by');
    for (const s of all('read_pair', 'has_part', 'DNA_molecule')) expect(s).not.toMatch(/_/);
    expect(curatorSentence('x', 'has_part', 'entity that is part of some nucleus', 0)).toBe(
      'Every x includes something that is part of some nucleus.',
    );
  });
});
