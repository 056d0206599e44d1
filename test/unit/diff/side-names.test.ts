import { describe, expect, it } from 'vitest';
import { diffMarkdown } from '../../../src-main/diff/diff-markdown';
import { sideNames } from '../../../src-main/diff/side-names';
import type { DiffReport } from '../../../src-main/diff/diff-types';

describe('the names a diff gives its two files', () => {
  it('base names when they differ, else the trailing folders that tell them apart', () => {
    expect(sideNames('/x/po-2024.obo', '/x/po-2025.obo')).toEqual(['po-2024.obo', 'po-2025.obo']);
    expect(sideNames('/w/a/po.obo', '/w/b/po.obo')).toEqual(['a/po.obo', 'b/po.obo']);
    expect(sideNames('/r/v1/src/po.obo', '/r/v2/src/po.obo')).toEqual(['v1/src/po.obo', 'v2/src/po.obo']);
    expect(sideNames('C:\\o\\a\\po.obo', 'C:\\o\\b\\po.obo')).toEqual(['a/po.obo', 'b/po.obo']);
    expect(sideNames('/po.obo', '/w/po.obo')).toEqual(['po.obo', 'w/po.obo']);
  });

  it('titles the report "from a/po.obo to b/po.obo", not "from po.obo to po.obo"', () => {
    const [a, b] = sideNames('/w/a/po.obo', '/w/b/po.obo');
    const side = (file: string) => ({ file, title: null, ontologyIri: null, classes: 1 });
    const md = diffMarkdown({
      old: side(a),
      new: side(b),
      namespaces: [],
      annotations: false,
      counts: {},
      changes: [],
    } as unknown as DiffReport);
    expect(md.split('\n')[0]).toBe('# Changes from `a/po.obo` to `b/po.obo`');
  });
});
