import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../src-main/diff/compare-versions';
import { diffMarkdown, KIND_TITLES } from '../../../src-main/diff/diff-markdown';
import { CHANGE_KINDS, type ChangeKind, type DiffReport } from '../../../src-main/diff/diff-types';
import { rawControls } from '../../support/raw-controls';
import { snapshot, type SnapshotSpec } from './snapshot-fixture';

function report(a: SnapshotSpec, b: SnapshotSpec, namespaces: string[] = []): DiffReport {
  const changes = compareVersions(snapshot(a), snapshot(b), namespaces);
  const counts = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of changes) counts[c.kind]++;
  const side = (file: string, classes: number) => ({ file, title: 'Plant Ontology', ontologyIri: null, classes });
  return { version: 1, old: side('po.obo', 2), new: side('revised.obo', 3), namespaces, counts, changes };
}

const before: SnapshotSpec = {
  classes: { PO_1: { name: 'leaf' }, PO_2: { name: 'plant *organ*' } },
  links: [
    ['PO_1', 'BFO_0000050', 'PO_2'],
    ['PO_1', 'RO_2', 'PO_2'],
  ],
  properties: { BFO_0000050: 'part_of', RO_2: 'develops from' },
};
const after: SnapshotSpec = {
  classes: { PO_1: { name: 'leaf' }, PO_2: { name: 'plant *organ*' }, 'http://ex.org/x#Y': { name: 'new <thing>' } },
  parents: [['http://ex.org/x#Y', 'PO_2']],
  alsoEntailed: [['PO_1', 'RO_2', 'PO_2']],
};

describe('diffMarkdown', () => {
  it('reads like release notes: both versions, a count per kind, then the details by name and CURIE', () => {
    const md = diffMarkdown(report(before, after));
    const lines = md.split('\n');
    expect(lines[0]).toBe('# Changes from `po.obo` to `revised.obo`');
    expect(md).toContain('- Old: Plant Ontology, 2 classes\n- New: Plant Ontology, 3 classes\n');
    for (const k of CHANGE_KINDS) expect(md).toMatch(new RegExp(`^\\| ${KIND_TITLES[k]} \\| \\d+ \\|$`, 'm'));
    expect(md).toContain('| New classes | 1 |');
    expect(md).toContain('| Entailed links removed | 2 |');
    expect(md).toContain('## New classes (1)\n\n- new \\<thing\\> (<http://ex.org/x#Y>)\n');
    expect(md).toContain('- new \\<thing\\> (<http://ex.org/x#Y>) *is a* plant \\*organ\\* (PO:2)');
    // Underscores inside words stay as they are; the redundancy-only change says so.
    expect(md).toContain('## Entailed links removed (2; 1 still entailed)');
    expect(md).toContain('- leaf (PO:1) *part_of some* plant \\*organ\\* (PO:2)\n');
    expect(md).toContain('- leaf (PO:1) *develops from some* plant \\*organ\\* (PO:2) (still entailed)\n');
    expect(md.indexOf('## New classes')).toBeLessThan(md.indexOf('## Direct parents added'));
    expect(md.indexOf('## Direct parents added')).toBeLessThan(md.indexOf('## Entailed links removed'));
    expect(md).not.toContain('## Label changes');
  });

  it('says so when nothing changed, and names the namespaces it looked at', () => {
    const md = diffMarkdown(report(before, before, ['http://purl.obolibrary.org/obo/PO_']));
    expect(md).toContain('Only classes whose IRI starts with `http://purl.obolibrary.org/obo/PO_`.');
    expect(md).toMatch(/No changes: the same classes, labels/);
    expect(md).not.toContain('| Change | Count |');
  });

  it('prints control characters in names as visible escapes (ESC c would reset a terminal showing the file)', () => {
    const md = diffMarkdown(
      report({ classes: {} }, { classes: { PO_9: { name: 'bad\u001bc\u001b]0;x\u0007 name' } } }),
    );
    expect(rawControls(md)).toEqual([]);
    expect(md).toContain('bad\\\\u001bc');
  });

  it('says a name that is its own CURIE once', () => {
    const md = diffMarkdown(report({ classes: {} }, { classes: { NCBITaxon_3398: { name: 'NCBITaxon:3398' } } }));
    expect(md).toContain('## New classes (1)\n\n- NCBITaxon:3398\n');
  });

  it('keeps a hostile name on one line and inert', () => {
    const md = diffMarkdown(
      report({ classes: { PO_1: { name: 'a' } } }, { classes: { PO_1: { name: 'a\n## [x](javascript:1) | b' } } }),
    );
    expect(md).toContain('- a \\#\\# \\[x\\](javascript:1) \\| b (PO:1): “a” → “a \\#\\# \\[x\\](javascript:1) \\| b”');
    expect(md.split('\n').filter((l) => l.startsWith('## '))).toEqual(['## Label changes (1)']);
  });
});
