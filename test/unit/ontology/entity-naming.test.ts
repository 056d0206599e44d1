import { describe, expect, it } from 'vitest';
import { displayName, nameRows, splitCamelCase } from '../../../src-main/ontology/cache/entity-naming';
import type { Ann } from '../../../src-main/ontology/dump/dump-types';
import { RDFS_LABEL } from '../../../src-main/ontology/names/vocabulary';

const RO = 'http://purl.obolibrary.org/obo/RO_0002211';
const SKOS_PREF = 'http://www.w3.org/2004/02/skos/core#prefLabel';

describe('displayName', () => {
  it('prefers an English or untagged rdfs:label, then a prefLabel, then the IRI', () => {
    expect(
      displayName(RO, [
        { p: RDFS_LABEL, v: 'regula', lang: 'pt' },
        { p: SKOS_PREF, v: 'regulates' },
      ]).name,
    ).toBe('regulates');
    expect(
      displayName(RO, [
        { p: SKOS_PREF, v: 'controls' },
        { p: RDFS_LABEL, v: 'regulates', lang: 'en' },
      ]).name,
    ).toBe('regulates');
    // No label at all: an OBO IRI is named by its CURIE.
    expect(displayName(RO, [])).toEqual({ name: 'RO:0002211', from: 'id' });
  });

  it('picks the same name among equally good labels whatever order the bridge lists them in', () => {
    // envo.obo: two rdfs:labels on one relation; the bridge's order changes between JVM runs.
    const anns: Ann[] = [
      { p: RDFS_LABEL, v: 'regulates (processual)' },
      { p: RDFS_LABEL, v: 'regulates' },
      { p: RDFS_LABEL, v: 'regulates', lang: 'en' },
    ];
    const names = [anns, anns.slice().reverse(), [anns[1], anns[0], anns[2]]].map((a) => displayName(RO, a));
    expect(names.map((n) => n.name)).toEqual(['regulates', 'regulates', 'regulates']);
    expect(new Set(names.map((n) => JSON.stringify(n.source))).size).toBe(1);
  });
});

describe('CamelCase fragments', () => {
  it('splits humps, keeping acronyms and plain names whole', () => {
    expect(splitCamelCase('hasTopping')).toBe('has Topping');
    expect(splitCamelCase('AmericanHot')).toBe('American Hot');
    expect(splitCamelCase('HTTPServer2Node')).toBe('HTTP Server2 Node');
    expect(splitCamelCase('RO_0002211')).toBe('RO_0002211');
    expect(splitCamelCase('pizza')).toBe('pizza');
  });

  it('indexes a label-less CamelCase IRI under its words as well', () => {
    const rows = nameRows('http://example.org/p#hasCountryOfOrigin', 'has country of origin', [], 'fragment');
    expect(rows.filter((r) => r.kind === 'fragment').map((r) => r.norm)).toEqual([
      'has country of origin',
      'hascountryoforigin',
    ]);
    expect(rows.some((r) => r.kind === 'label')).toBe(false);
    // An identifier-like segment is indexed as an ID, never as a name.
    const ro = nameRows(RO, 'regulates', []);
    expect(ro.filter((r) => r.kind === 'fragment')).toHaveLength(0);
    expect(ro.filter((r) => r.kind === 'id').map((r) => r.text)).toEqual(['RO:0002211', 'RO_0002211']);
  });
});
