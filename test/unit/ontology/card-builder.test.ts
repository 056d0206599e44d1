import { describe, expect, it } from 'vitest';
import { buildCard, CARD_TEXT_MAX_CHILDREN } from '../../../src-main/ontology/cards/card-builder';
import { propertyName } from '../../../src-main/ontology/names/naming-policy';
import { OBO, OBO_IN_OWL, RDFS_COMMENT, RDFS_LABEL, SKOS } from '../../../src-main/ontology/names/vocabulary';

const keyOf = (p: string) => propertyName(p);

describe('buildCard', () => {
  it('writes the fields in the fixed order with axiom annotations in braces', () => {
    const card = buildCard({
      iri: `${OBO}GO_0007076`,
      name: 'mitotic chromosome condensation',
      nameSource: { p: RDFS_LABEL, v: 'mitotic chromosome condensation' },
      deprecated: false,
      unsatisfiable: false,
      annotations: [
        { p: `${OBO_IN_OWL}id`, v: 'GO:0007076' },
        { p: RDFS_COMMENT, v: 'A comment\nover two lines.' },
        { p: RDFS_LABEL, v: 'mitotic chromosome condensation' },
        {
          p: `${OBO}IAO_0000115`,
          v: 'The cell cycle process in which chromatin is compacted.',
          ann: [{ p: `${OBO_IN_OWL}hasDbXref`, v: 'GOC:mah' }],
        },
        { p: `${OBO_IN_OWL}hasOBONamespace`, v: 'biological_process' },
      ],
      parents: [
        { iri: 'p1', name: 'chromosome condensation' },
        { iri: 'p2', name: 'mitotic cell cycle process' },
      ],
      children: [{ iri: 'c1', name: 'mitotic chromosome arm condensation' }],
      stated: [{ relation: { iri: 'r', name: 'part of' }, filler: { iri: 'f', name: 'mitotic cell cycle' } }],
      keyOf,
    });
    expect(card.text.split('\n')).toEqual([
      'name: mitotic chromosome condensation',
      'definition: The cell cycle process in which chromatin is compacted. {cross-reference: GOC:mah}',
      'parents: chromosome condensation; mitotic cell cycle process',
      'children: mitotic chromosome arm condensation',
      'stated relations: part of -> mitotic cell cycle',
      'comment: A comment over two lines.',
      'ID: GO:0007076',
      'namespace: biological_process',
    ]);
    expect(card.definition).toBe('The cell cycle process in which chromatin is compacted.');
    expect(card.obsolete).toBe(false);
  });

  it('flags obsolete classes and caps the children shown to the agent', () => {
    const children = Array.from({ length: CARD_TEXT_MAX_CHILDREN + 5 }, (_, i) => ({
      iri: `c${i}`,
      name: `child ${i}`,
    }));
    const card = buildCard({
      iri: 'x',
      name: 'old thing',
      deprecated: true,
      unsatisfiable: false,
      annotations: [],
      parents: [],
      children,
      stated: [],
      keyOf,
    });
    expect(card.text).toContain('obsolete: true');
    expect(card.text).toContain('… (5 more)');
    expect(card.children).toHaveLength(CARD_TEXT_MAX_CHILDREN + 5);
  });

  it('groups annotations (definition, synonyms by scope, xrefs, subsets, other), sorted, with readable names', () => {
    const card = buildCard({
      iri: `${OBO}GO_0005634`,
      name: 'nucleus',
      nameSource: { p: RDFS_LABEL, v: 'nucleus' },
      deprecated: false,
      unsatisfiable: false,
      annotations: [
        { p: `${OBO_IN_OWL}hasRelatedSynonym`, v: 'cell nucleus' },
        { p: `${OBO_IN_OWL}inSubset`, v: `${OBO}go#goslim_yeast`, ref: true },
        { p: `${OBO_IN_OWL}hasDbXref`, v: 'Wikipedia:Cell_nucleus' },
        { p: `${OBO_IN_OWL}hasExactSynonym`, v: 'nucleus', lang: 'en' },
        { p: `${OBO_IN_OWL}hasNarrowSynonym`, v: 'horsetail nucleus' },
        { p: `${OBO_IN_OWL}inSubset`, v: `${OBO}go#goslim_generic`, ref: true },
        { p: `${OBO_IN_OWL}hasDbXref`, v: 'NIF_Subcellular:sao1702920020' },
        { p: `${OBO_IN_OWL}hasExactSynonym`, v: 'karyon' },
        { p: `${OBO}IAO_0000115`, v: 'A membrane-bounded organelle.' },
        { p: `${OBO_IN_OWL}hasOBONamespace`, v: 'cellular_component' },
        { p: RDFS_COMMENT, v: 'Not the nucleoid.' },
      ],
      parents: [],
      children: [],
      stated: [],
      keyOf,
    });
    expect(card.sections.map((s) => s.group)).toEqual(['definition', 'synonyms', 'xrefs', 'subsets', 'other']);
    const values = (g: string) => card.sections.find((s) => s.group === g)!.entries.map((e) => e.valueName ?? e.value);
    // Exact before narrow before related; the synonym that repeats the name is left out.
    expect(card.sections[1].entries.map((e) => [e.scope, e.value])).toEqual([
      ['exact', 'karyon'],
      ['narrow', 'horsetail nucleus'],
      ['related', 'cell nucleus'],
    ]);
    expect(values('xrefs')).toEqual(['NIF_Subcellular:sao1702920020', 'Wikipedia:Cell_nucleus']);
    expect(values('subsets')).toEqual(['goslim_generic', 'goslim_yeast']);
    expect(card.sections[4].entries.map((e) => e.property)).toEqual(['comment', 'namespace']);
    expect(card.text.split('\n').slice(1)).toEqual([
      'definition: A membrane-bounded organelle.',
      'comment: Not the nucleoid.',
      'exact synonym: karyon',
      'narrow synonym: horsetail nucleus',
      'related synonym: cell nucleus',
      'cross-reference: NIF_Subcellular:sao1702920020; Wikipedia:Cell_nucleus',
      'subset: goslim_generic; goslim_yeast',
      'namespace: cellular_component',
    ]);
  });

  it('turns IRI and ID values that name a class into links, and notes what replaces an obsolete class', () => {
    const names: Record<string, string> = {
      [`${OBO}GO_0005635`]: 'nuclear envelope',
      [`${OBO}GO_0031965`]: 'nuclear membrane',
    };
    const resolve = (v: string, isIri: boolean) => {
      const iri = isIri ? v : `${OBO}${v.replace(':', '_')}`;
      return names[iri] ? { iri, name: names[iri] } : null;
    };
    const card = buildCard({
      iri: `${OBO}GO_0005636`,
      name: 'obsolete nuclear membrane',
      deprecated: true,
      unsatisfiable: false,
      annotations: [
        { p: 'http://www.w3.org/2002/07/owl#deprecated', v: 'true' },
        { p: `${OBO}IAO_0100001`, v: `${OBO}GO_0005635`, ref: true },
        { p: `${OBO_IN_OWL}consider`, v: 'GO:0031965' },
        { p: `${OBO_IN_OWL}consider`, v: 'GO:9999999' },
        { p: `${OBO}IAO_0000231`, v: `${OBO}IAO_0000227`, ref: true },
      ],
      parents: [],
      children: [],
      stated: [],
      keyOf,
      resolve,
    });
    expect(card.replacedBy).toEqual([{ iri: `${OBO}GO_0005635`, name: 'nuclear envelope' }]);
    expect(card.consider).toEqual([
      { iri: `${OBO}GO_0031965`, name: 'nuclear membrane' },
      { iri: null, name: 'GO:9999999' },
    ]);
    const other = card.sections.find((s) => s.group === 'other')!.entries;
    expect(other.map((e) => [e.property, e.link?.name ?? e.valueName ?? e.value])).toEqual([
      ['consider', 'GO:9999999'],
      ['consider', 'nuclear membrane'],
      ['obsolescence reason', 'terms merged'],
      ['replaced by', 'nuclear envelope'],
    ]);
    expect(card.text).toContain('replaced by: nuclear envelope');
    expect(card.text).not.toContain('IAO_0100001');
  });

  it('shows labels in other languages once, and never the name again', () => {
    const card = buildCard({
      iri: 'http://www.co-ode.org/ontologies/pizza/pizza.owl#Margherita',
      name: 'Margherita',
      nameSource: { p: RDFS_LABEL, v: 'Margherita' },
      deprecated: false,
      unsatisfiable: false,
      annotations: [
        { p: RDFS_LABEL, v: 'Margherita', lang: 'en' },
        { p: RDFS_LABEL, v: 'Margherita', lang: 'pt' },
        { p: `${SKOS}altLabel`, v: 'Margherita Pizza', lang: 'en' },
        { p: `${SKOS}prefLabel`, v: 'Margherita', lang: 'en' },
        { p: RDFS_LABEL, v: 'PizzaMargherita', lang: 'it' },
      ],
      parents: [],
      children: [],
      stated: [],
      keyOf,
    });
    expect(
      card.sections.map((s) => [s.group, s.entries.map((e) => `${e.property}:${e.value}:${e.lang ?? ''}`)]),
    ).toEqual([
      ['synonyms', ['alternative label:Margherita Pizza:en']],
      ['other', ['label:PizzaMargherita:it']],
    ]);
  });
});
