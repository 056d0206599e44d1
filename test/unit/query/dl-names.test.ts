import { describe, expect, it } from 'vitest';
import { resolveManchester, tokenizeManchester } from '../../../src-main/query/dl/manchester-names';
import type { LinkResult } from '../../../src-main/query/linking/link-types';
import { completionAt, insertName } from '../../../src-renderer/util/dl-completion';

const P = 'http://x/';
const table: Record<string, string> = { pizza: 'Pizza', 'named pizza': 'NamedPizza', meattopping: 'MeatTopping' };
const rels: Record<string, string> = { hastopping: 'hasTopping' };
const link =
  (m: Record<string, string>) =>
  (t: string): LinkResult => {
    const hit = m[t.toLowerCase()];
    return hit
      ? { status: 'ok', entity: { id: 1, iri: P + hit, name: hit }, via: 'label' }
      : { status: 'unknown', text: t, candidates: [{ name: 'MeatTopping', iri: P + 'MeatTopping', score: 1 }] };
  };
const names = { linkConcept: link(table), linkRelation: link(rels) };

describe('DL query names', () => {
  it('reads keywords, quoted names, IRIs and brackets, and resolves relations before restriction keywords', () => {
    expect(tokenizeManchester("'named pizza' and (hasTopping some <http://y/A>)").map((t) => t.kind)).toEqual([
      'name',
      'keyword',
      'punct',
      'name',
      'keyword',
      'iri',
      'punct',
    ]);
    expect(resolveManchester("'named pizza' and hasTopping some MeatTopping", names)).toBe(
      `<${P}NamedPizza> and <${P}hasTopping> some <${P}MeatTopping>`,
    );
  });

  it('an unknown name is a clear error naming the closest; an empty expression asks for one', () => {
    expect(() => resolveManchester('Pizza and hasTopping some MeatToping', names)).toThrow(
      /No class is called "MeatToping".*'MeatTopping'/,
    );
    expect(() => resolveManchester('  ', names)).toThrow(/Give a class expression/);
    expect(() => resolveManchester("'named pizza", names)).toThrow(/never closed/);
  });

  it('completion takes the word at the caret and quotes names with spaces', () => {
    expect(completionAt('Pizza and hasTop', 16)).toEqual({ word: 'hasTop', start: 10 });
    expect(completionAt("Pizza and 'named pi", 19)).toEqual({ word: 'named pi', start: 10 });
    expect(completionAt('Pizza and ', 10)).toBeNull();
    expect(insertName("Pizza or 'named pi", 18, 'named pizza')).toEqual({
      text: "Pizza or 'named pizza' ",
      caret: 23,
    });
    expect(insertName('Pizza and Meat', 14, 'MeatTopping').text).toBe('Pizza and MeatTopping ');
  });
});
