import { describe, expect, it } from 'vitest';
import { KIND_TITLES as NOTES_TITLES } from '../../../src-main/diff/diff-markdown';
import { ANNOTATION_CHANGE_KINDS, CHANGE_KINDS, type DiffChange } from '../../../src-main/diff/diff-types';
import { changeText, KIND_TITLES, kindSign, splitNamespaces } from '../../../src-renderer/util/diff-kinds';

describe('diff kinds in the renderer', () => {
  it('titles every kind exactly as the release notes do', () => {
    expect(Object.keys(KIND_TITLES)).toEqual([...CHANGE_KINDS, ...ANNOTATION_CHANGE_KINDS]);
    expect(KIND_TITLES).toEqual(NOTES_TITLES);
  });

  it('signs additions, removals and changes', () => {
    expect(CHANGE_KINDS.map((k) => kindSign(k)).join('')).toBe('+−−+~+−+−+−+−');
    expect(ANNOTATION_CHANGE_KINDS.map((k) => kindSign(k)).join('')).toBe('+−~+−+−+−');
  });

  it('filters on every name, CURIE, IRI and label of a change', () => {
    const c: DiffChange = {
      kind: 'label-changed',
      class: { iri: 'http://purl.obolibrary.org/obo/PO_1', curie: 'PO:1', name: 'Leaf' },
      old: 'leaf blade',
      new: 'Leaf',
    };
    const t = changeText(c);
    for (const s of ['po:1', 'obo/po_1', 'leaf blade', 'label-changed']) expect(t).toContain(s);
    const note = changeText({
      kind: 'annotation-added',
      class: { iri: 'http://purl.obolibrary.org/obo/PO_1', curie: 'PO:1', name: 'Leaf' },
      property: { iri: 'http://www.w3.org/2000/01/rdf-schema#comment', name: 'comment' },
      value: 'See also stem',
      lang: null,
    });
    for (const s of ['po:1', 'comment', 'see also stem']) expect(note).toContain(s);
  });

  it('splits the namespace field on commas and white space', () => {
    expect(splitNamespaces(' GO, PO:\nhttp://x.org/a# ')).toEqual(['GO', 'PO:', 'http://x.org/a#']);
    expect(splitNamespaces('  ')).toEqual([]);
  });
});
