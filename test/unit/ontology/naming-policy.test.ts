import { describe, expect, it } from 'vitest';
import type { Ann } from '../../../src-main/ontology/dump/dump-types';
import {
  bestName,
  fragmentName,
  fragmentWords,
  isOpaqueId,
  languageRank,
  namingStamp,
  propertyName,
} from '../../../src-main/ontology/names/naming-policy';
import { OBO, OBO_IN_OWL, RDFS_LABEL, SKOS } from '../../../src-main/ontology/names/vocabulary';

const PZ = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
const PREF = SKOS + 'prefLabel';
const label = (v: string, lang?: string): Ann => ({ p: RDFS_LABEL, v, ...(lang ? { lang } : {}) });
const pref = (v: string, lang?: string): Ann => ({ p: PREF, v, ...(lang ? { lang } : {}) });

describe('bestName: label in a preferred language, then prefLabel, then the IRI in words', () => {
  it('takes the label in the first preferred language, then untagged', () => {
    const anns = [label('Cobertura de carne', 'pt'), label('meat topping'), label('MeatTopping', 'en')];
    expect(bestName(PZ + 'MeatTopping', anns)).toMatchObject({ name: 'MeatTopping', from: 'label' });
    expect(bestName(PZ + 'MeatTopping', anns, { languages: ['pt', 'en'] }).name).toBe('Cobertura de carne');
    expect(bestName(PZ + 'MeatTopping', anns, { languages: [''] }).name).toBe('meat topping');
    // en-GB is English too.
    expect(bestName(PZ + 'X', [label('colour', 'en-GB'), label('x', 'fr')]).name).toBe('colour');
  });

  it('prefers a prefLabel in a preferred language over a label in another one', () => {
    expect(bestName(PZ + 'Margherita', [label('Margarita', 'pt'), pref('Margherita', 'en')])).toMatchObject({
      name: 'Margherita',
      from: 'prefLabel',
      source: { p: PREF, v: 'Margherita' },
    });
  });

  it('reads a label-less or foreign-labelled IRI as words (pizza.owl)', () => {
    // NamedPizza carries only a Portuguese label.
    expect(bestName(PZ + 'NamedPizza', [label('PizzaComUmNome', 'pt')])).toEqual({
      name: 'named pizza',
      from: 'fragment',
    });
    expect(bestName(PZ + 'hasTopping', [])).toEqual({ name: 'has topping', from: 'fragment' });
  });

  it('falls back to a label in another language before an identifier, and to the CURIE last', () => {
    expect(bestName(OBO + 'GO_0005634', [label('noyau', 'fr')])).toMatchObject({
      name: 'noyau',
      from: 'other-language',
    });
    expect(bestName(OBO + 'UBERON_0001062', [])).toEqual({ name: 'UBERON:0001062', from: 'id' });
    expect(bestName('http://example.org/x/12345', [])).toEqual({ name: '12345', from: 'id' });
  });

  it('ignores blank labels and IRI-valued annotations', () => {
    expect(bestName(PZ + 'hasBase', [label('  '), { p: RDFS_LABEL, v: 'http://x.org/a', ref: true }]).name).toBe(
      'has base',
    );
  });
});

describe('IRI segments', () => {
  it('splits CamelCase and underscores into lower-case words, keeping acronyms', () => {
    expect(fragmentWords('hasTopping')).toBe('has topping');
    expect(fragmentWords('NamedPizza')).toBe('named pizza');
    expect(fragmentWords('part_of')).toBe('part of');
    expect(fragmentWords('DNABinding')).toBe('DNA binding');
    expect(fragmentWords('hasCountryOfOrigin')).toBe('has country of origin');
    expect(fragmentWords('Ice%20Cream')).toBe('ice cream');
  });

  it('tells identifiers from words', () => {
    for (const id of [
      'GO_0005634',
      'NCBITaxon_9606',
      'RO_0002211',
      'ABC123',
      '0042',
      '1f0e3dad-9990-4a11-8a0e-91d1e2b7cc11',
    ])
      expect(isOpaqueId(id), id).toBe(true);
    for (const w of ['hasTopping', 'Pizza', 'part_of', 'Thing', 'mRNA']) expect(isOpaqueId(w), w).toBe(false);
    expect(fragmentName(OBO + 'BFO_0000050')).toEqual({ name: 'BFO:0000050', readable: false });
    expect(fragmentName(PZ + 'IceCream')).toEqual({ name: 'ice cream', readable: true });
  });
});

describe('languageRank and the cache stamp', () => {
  it('matches tags by prefix and the empty tag to untagged literals only', () => {
    expect(languageRank('EN-us', ['en', ''])).toBe(0);
    expect(languageRank(undefined, ['en', ''])).toBe(1);
    expect(languageRank('pt', ['en', ''])).toBe(-1);
    expect(languageRank('eng', ['en'])).toBe(-1);
  });

  it('stamps caches with the preference, so another preference builds another cache', () => {
    expect(namingStamp({ languages: ['en', ''] })).toBe('names en,-');
    expect(namingStamp({ languages: ['pt'] })).not.toBe(namingStamp({ languages: ['en'] }));
  });
});

describe('propertyName', () => {
  it('gives well-known OBO properties readable names, then the declared label, then words', () => {
    expect(propertyName(OBO + 'IAO_0100001', 'term replaced by')).toBe('replaced by');
    expect(propertyName(OBO_IN_OWL + 'hasDbXref', 'database_cross_reference')).toBe('cross-reference');
    expect(propertyName(OBO_IN_OWL + 'hasOBOFormatVersion', 'has_obo_format_version')).toBe('has obo format version');
    expect(propertyName('http://example.org/editorialNote')).toBe('editorial note');
    expect(propertyName(OBO + 'XAO_0000001')).toBe('XAO:0000001');
  });
});
