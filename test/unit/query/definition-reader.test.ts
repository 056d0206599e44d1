import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src-main/ontology/cards/card-types';
import type { ExactNameRow } from '../../../src-main/ontology/names/name-index';
import { DefinitionReader } from '../../../src-main/query/exec/definition-reader';

const card = (iri: string, name: string, definition: string | null, synonyms: [string, string][] = []): Card =>
  ({
    iri,
    name,
    definition,
    parents: [{ iri: 'cell', name: 'cell' }],
    annotations: synonyms.map(([scope, value]) => ({ property: `${scope} synonym`, value, scope })),
    text: `name: ${name}\nis a: cell\ndefinition: ${definition}`,
  }) as unknown as Card;

const cards: Record<string, Card> = {
  cone: card('cone', 'retinal cone cell', 'A photoreceptor that lies in some light-sensing layer.', [
    ['exact', 'cone'],
  ]),
  cell: card('cell', 'cell', null),
  layer: card('layer', 'retina', null, [
    ['exact', 'light-sensing layer'],
    ['related', 'inner eye'],
  ]),
  eye: card('eye', 'eye', null, [['related', 'light sensing layer']]),
};
const names = new Set(['retinal cone cell', 'cone', 'cell', 'retina', 'light sensing layer', 'photoreceptor']);
const reader = new DefinitionReader({
  card: (iri) => cards[iri] ?? null,
  names: {
    exact: (norm: string) =>
      names.has(norm)
        ? [{ entity: 1, kind: 'label', text: norm, norm, deprecated: 0, ekind: 'class' } as ExactNameRow]
        : [],
  } as never,
});

describe('DefinitionReader', () => {
  it('reads only the definition: a parent named on the card ("is a: cell") is not named by it', () => {
    expect(reader.definitionNames('cone', 'cell')).toBe(false);
  });

  it('a class named in the definition by its exact synonym is named; a related synonym does not count', () => {
    expect(reader.definitionNames('cone', 'layer')).toBe(true);
    expect(reader.namesOf('layer')).toEqual(['retina', 'light-sensing layer']);
    expect(reader.definitionNames('cone', 'eye')).toBe(false);
  });
});
