import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialClassesOf } from '../../../../src-main/ontology/closure/partial-classes';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump } from '../../../support/dump-fixture';
import { benchDump } from '../../datasets/generate/dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
});
afterAll(() => cleanup());

describe('partialClassesOf', () => {
  it('finds the subject, its superclasses and the filler among the partial classes, nothing else', () => {
    const ix = h.closure;
    const id = (local: string) => ix.id(EX + local)!;
    const partial = new Set([id('sig1'), id('tissue'), id('organ')]);
    const of = (a: string | null, b: string | null) =>
      partialClassesOf(ix, (x) => partial.has(x), a === null ? null : id(a), b === null ? null : id(b))
        .map((x) => ix.nameOf(x))
        .sort();
    // A superclass of the subject, and the filler.
    expect(of('sig1a', 'tissue')).toEqual(['signaling 1', 'tissue']);
    // A subclass of a partial filler, and a partial class's sibling as subject, rest on nothing partial.
    expect(of('sig2a', 'tissue1')).toEqual([]);
    expect(of('sig1', null)).toEqual(['signaling 1']);
    expect(of(null, 'organ')).toEqual(['organ']);
  });
});
