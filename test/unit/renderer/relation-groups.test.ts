import { describe, expect, it } from 'vitest';
import type { MarkedRelation } from '../../../src-main/api/contract';
import { groupRelations } from '../../../src-renderer/util/relation-groups';

const ref = (name: string) => ({ iri: `http://x/${name.replace(/ /g, '_')}`, name });
const link = (relation: string, filler: string, source: MarkedRelation['source'], via?: string): MarkedRelation => ({
  relation: ref(relation),
  filler: ref(filler),
  source,
  via: via ? ref(via) : null,
});

describe('a card groups its links by relation', () => {
  it("puts the class's own links first, folds inherited ones by ancestor, and leaves out links back to the class", () => {
    const { groups, hidden } = groupRelations(
      [
        link('part of', 'retina', 'inherited', 'photoreceptor cell'),
        link('has part', 'outer segment', 'stated'),
        link('part of', 'eye', 'inherited', 'photoreceptor cell'),
        link('part of', 'body', 'inherited', 'cell'),
        link('develops from', 'neuroblast', 'inferred'),
        link('overlaps', 'rod cell', 'stated'),
        link('part of', 'photoreceptor cell', 'inherited', 'photoreceptor cell'),
        link('bears', 'x', 'inherited', 'cell'),
      ],
      'http://x/rod_cell',
    );
    expect(hidden).toBe(2);
    expect(groups.map((g) => g.relation.name)).toEqual(['develops from', 'has part', 'bears', 'part of']);
    const partOf = groups.find((g) => g.relation.name === 'part of')!;
    expect(partOf.direct).toEqual([]);
    expect(partOf.inherited.map((h) => [h.via.name, h.rows.map((r) => r.filler.name)])).toEqual([
      ['photoreceptor cell', ['retina', 'eye']],
      ['cell', ['body']],
    ]);
  });
});
