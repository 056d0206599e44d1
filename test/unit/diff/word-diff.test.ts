import { describe, expect, it } from 'vitest';
import { diffHtml } from '../../../src-main/diff/diff-html';
import type { DiffReport } from '../../../src-main/diff/diff-types';
import { wordDiff } from '../../../src-main/diff/word-diff';
import { wordDiff as rendererWordDiff } from '../../../src-renderer/util/word-diff';

describe('definitions compared word by word', () => {
  const a = 'A cell that is part of the retina and detects light.';
  const b = 'A photoreceptor cell that is part of the retina and detects dim light.';

  it('marks only the words removed and added', () => {
    expect(wordDiff(a, b)).toEqual([
      { op: 'same', text: 'A ' },
      { op: 'add', text: 'photoreceptor ' },
      { op: 'same', text: 'cell that is part of the retina and detects ' },
      { op: 'add', text: 'dim ' },
      { op: 'same', text: 'light.' },
    ]);
    expect(wordDiff('x y', 'x z')).toEqual([
      { op: 'same', text: 'x ' },
      { op: 'del', text: 'y' },
      { op: 'add', text: 'z' },
    ]);
    // The view and the HTML export read the same comparison.
    expect(rendererWordDiff(a, b)).toEqual(wordDiff(a, b));
  });

  it('exports the diff as an HTML page with the changed words marked and names escaped', () => {
    const cls = { iri: 'http://x/C', name: 'rod <cell>', curie: 'X:1' };
    const html = diffHtml({
      old: { file: 'a/po.obo', title: null, ontologyIri: null, classes: 1 },
      new: { file: 'b/po.obo', title: null, ontologyIri: null, classes: 1 },
      namespaces: [],
      annotations: true,
      counts: { 'definition-changed': 1 },
      changes: [{ kind: 'definition-changed', class: cls, old: a, new: b }],
    } as unknown as DiffReport);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Changes from a/po.obo to b/po.obo</title>');
    expect(html).toContain('<ins>photoreceptor </ins>');
    expect(html).toContain('<ins>dim </ins>');
    expect(html).toContain('rod &lt;cell&gt;');
    expect(html).not.toContain('<cell>');
  });
});
