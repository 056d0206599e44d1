import { describe, expect, it } from 'vitest';
import { isSubclassRelation, normalizeRelationText } from '../../../../src-main/query/dialect/relations';

describe('isSubclassRelation', () => {
  it.each([
    'is a',
    'IS A',
    'Is A',
    'isa',
    'is_a',
    'is-a',
    '  is   a ',
    'is\ta',
    'subclass of',
    'subClassOf',
    'SubClassOf',
    'sub_class_of',
    'sub class of',
    'subclass_of',
    'is subclass of',
    'is a subclass of',
    'rdfs:subClassOf',
  ])('accepts %j', (name) => {
    expect(isSubclassRelation(name)).toBe(true);
  });

  it.each([
    'part of',
    'has part',
    'is about',
    'isa part of',
    'superclass of',
    'type',
    'rdf:type',
    'a',
    'is',
    'subclass',
    '',
  ])('rejects %j', (name) => {
    expect(isSubclassRelation(name)).toBe(false);
  });
});

describe('normalizeRelationText', () => {
  it('lower-cases, turns _ and - into spaces and collapses whitespace', () => {
    expect(normalizeRelationText('  Sub_Class-Of \n')).toBe('sub class of');
    expect(normalizeRelationText('part  of')).toBe('part of');
  });
});
