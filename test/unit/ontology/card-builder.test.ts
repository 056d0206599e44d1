import { describe, expect, it } from 'vitest';
import { buildCard, CARD_TEXT_MAX_CHILDREN } from '../../../src-main/ontology/cards/card-builder';
import { KNOWN_KEYS, OBO, OBO_IN_OWL, RDFS_COMMENT, RDFS_LABEL } from '../../../src-main/ontology/names/vocabulary';

const keyOf = (p: string) => KNOWN_KEYS[p] ?? p;

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
      'definition: The cell cycle process in which chromatin is compacted. {database_cross_reference: GOC:mah}',
      'parents: chromosome condensation; mitotic cell cycle process',
      'children: mitotic chromosome arm condensation',
      'stated relations: part of -> mitotic cell cycle',
      'comment: A comment over two lines.',
      'id: GO:0007076',
      'has_obo_namespace: biological_process',
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
});
