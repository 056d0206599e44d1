import { describe, expect, it } from 'vitest';
import { iriFragment, normalizeName, oboCurie } from '../../../src-main/ontology/names/normalize';

describe('normalizeName', () => {
  it('folds case, underscores, hyphens and white space', () => {
    expect(normalizeName('  Mitotic_Chromosome-condensation ')).toBe('mitotic chromosome condensation');
    expect(normalizeName('T\u2010cell   receptor')).toBe('t cell receptor');
    expect(normalizeName('ＡＢＣ')).toBe('abc');
  });
  it('keeps other punctuation, which can distinguish names', () => {
    expect(normalizeName("Crohn's disease")).toBe("crohn's disease");
  });
});

describe('oboCurie / iriFragment', () => {
  it('derives OBO CURIEs', () => {
    expect(oboCurie('http://purl.obolibrary.org/obo/GO_0007076')).toBe('GO:0007076');
    expect(oboCurie('http://purl.obolibrary.org/obo/go#part_of')).toBeNull();
    expect(oboCurie('http://example.org/A')).toBeNull();
  });
  it('takes the last IRI segment', () => {
    expect(iriFragment('http://www.co-ode.org/ontologies/pizza/pizza.owl#Margherita')).toBe('Margherita');
    expect(iriFragment('http://purl.obolibrary.org/obo/GO_0007076')).toBe('GO_0007076');
  });
});
