import { describe, expect, it } from 'vitest';
import { curieOf } from '../../../src-renderer/util/curie';

describe('curieOf', () => {
  it('gives the OBO form of an OBO PURL and null for other IRIs', () => {
    expect(curieOf('http://purl.obolibrary.org/obo/GO_0005634')).toBe('GO:0005634');
    expect(curieOf('http://purl.obolibrary.org/obo/BFO_0000050')).toBe('BFO:0000050');
    expect(curieOf('http://purl.obolibrary.org/obo/go#part_of')).toBeNull();
    expect(curieOf('http://www.co-ode.org/ontologies/pizza/pizza.owl#Margherita')).toBeNull();
    expect(curieOf(null)).toBeNull();
  });
});
