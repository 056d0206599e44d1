import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffHandles } from '../../../src-main/diff/diff-service';
import { CHANGE_KINDS, DIFF_FORMAT_VERSION } from '../../../src-main/diff/diff-types';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump } from '../../support/dump-fixture';
import { d } from './dump-records';

const handles: { handle: OntologyHandle; cleanup: () => void }[] = [];
beforeAll(async () => {
  handles.push(
    await handleFromDump([d.prop('partOf'), d.cls('A', 'a'), d.cls('B', 'b'), d.link('A', 'partOf', 'B')]),
    await handleFromDump([d.prop('partOf'), d.cls('A', 'a'), d.cls('B', 'b'), d.cls('C', 'c'), d.hier('C', ['B'])]),
  );
});
afterAll(() => handles.forEach((h) => h.cleanup()));

describe('diffHandles', () => {
  it('reports both sides, every count (zeros too) and the sorted changes, with its format version', async () => {
    const stages: string[] = [];
    const r = await diffHandles(handles[0].handle, handles[1].handle, { onProgress: (p) => stages.push(p.stage) });
    expect(r.version).toBe(DIFF_FORMAT_VERSION);
    expect(r.old).toEqual({ file: 'fixture', title: null, ontologyIri: null, classes: 2 });
    expect(r.new.classes).toBe(3);
    expect(Object.keys(r.counts)).toEqual([...CHANGE_KINDS]);
    expect(r.counts).toMatchObject({ 'class-added': 1, 'parent-added': 1, 'link-removed': 1, 'label-changed': 0 });
    expect(r.changes.map((c) => c.kind)).toEqual(['class-added', 'parent-added', 'link-removed']);
    expect(r.changes[2]).toMatchObject({ class: { iri: EX + 'A' }, filler: { iri: EX + 'B' }, bothEntail: false });
    expect(stages.at(-1)).toBe('done');
  });

  it('filters by namespace and says which prefixes it kept', async () => {
    const r = await diffHandles(handles[0].handle, handles[1].handle, { namespaces: [EX + 'C'] });
    expect(r.namespaces).toEqual([EX + 'C']);
    expect(r.changes.map((c) => c.kind)).toEqual(['class-added', 'parent-added']);
    expect(r.counts['link-removed']).toBe(0);
  });

  it('gives JSON that survives a round trip unchanged (no Maps, no undefined)', async () => {
    const r = await diffHandles(handles[0].handle, handles[1].handle);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('stops at the next stage once cancelled', async () => {
    const ctl = new AbortController();
    const p = diffHandles(handles[0].handle, handles[1].handle, {
      signal: ctl.signal,
      onProgress: (q) => q.stage === 'index new' && ctl.abort(),
    });
    await expect(p).rejects.toThrow(/cancel/i);
  });
});
