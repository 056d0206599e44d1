import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CachePatcher } from '../../../src-main/ontology/cache/cache-patcher';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { cacheCanon, ftsCanon } from '../../support/cache-canon';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #16: a reload after an edit goes through the bridge's warm session of the file's earlier
 * content (`reload`), and what it builds must equal a cold load of the edited file in a fresh JVM.
 */
const ROOT = join(__dirname, '..', '..', '..');
const CARDIO = join(ROOT, 'resources', 'samples', 'cardio.ofn');
const MINI_OBO = join(ROOT, 'test', 'fixtures', 'el', 'mini.obo');

/** A reload that patched its cache: some groups replaced, some cards written again. */
const PATCHED = { groups: expect.any(Number) as number, cards: expect.any(Number) as number };

function canonOf(h: OntologyHandle): Record<string, string[]> {
  return cacheCanon(h.cacheFile, h.cacheFile.replace(/\.sqlite$/, '.nt'));
}

describe('reloading an edited file', () => {
  const dir = tempDir('oarag-reload-');
  const warm = new OntologyService({ cacheDir: join(dir.path, 'warm'), appVersion: 'test' });
  const cold = new OntologyService({ cacheDir: join(dir.path, 'cold'), appVersion: 'test' });
  beforeAll(() => {
    warm.start();
    cold.start();
  });
  afterAll(async () => {
    await warm.stop();
    await cold.stop();
    dir.cleanup();
  });

  let copies = 0;
  /** The edited file loaded from scratch: a copy under a new path, so the cold service's bridge holds no session of it. */
  async function coldLoad(file: string): Promise<OntologyHandle> {
    const copy = join(dir.path, `cold-${copies++}-${file.split('/').pop()}`);
    copyFileSync(file, copy);
    const h = await cold.open(copy);
    expect(h.summary.cache).toBe('miss');
    expect(h.summary.reload).toBeUndefined();
    return h;
  }

  function edit(file: string, change: (text: string) => string): void {
    const before = readFileSync(file, 'utf8');
    const after = change(before);
    expect(after).not.toBe(before);
    writeFileSync(file, after);
  }

  async function reloadMatchesCold(file: string): Promise<OntologyHandle> {
    const h = await warm.open(file);
    expect(h.summary.cache).toBe('miss');
    expect(h.summary.reload).toBeDefined();
    const c = await coldLoad(file);
    expect(canonOf(h)).toEqual(canonOf(c));
    // a patched cache's full-text indexes are what they index, and rank as the cold load's do
    expect(ftsCanon(h.cacheFile)).toEqual(ftsCanon(c.cacheFile));
    return h;
  }

  describe('in functional syntax', () => {
    const file = join(dir.path, 'cardio.ofn');
    beforeAll(() => copyFileSync(CARDIO, file));

    it('a first load is a cold load', async () => {
      const h = await warm.open(file);
      expect(h.summary.cache).toBe('miss');
      expect(h.summary.reload).toBeUndefined();
    });

    it('adding a parent is applied incrementally and equals a cold load', async () => {
      edit(file, (t) =>
        t.replace(
          'SubClassOf(:Endocardium :AnatomicalStructure)',
          'SubClassOf(:Endocardium :AnatomicalStructure)\nSubClassOf(:Endocardium :Myocardium)',
        ),
      );
      const h = await reloadMatchesCold(file);
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 1, removed: 0, patched: PATCHED });
      expect(h.card('http://example.org/cardio#Endocardium')?.parents?.map((p) => p.name)).toContain('myocardium');
    });

    it('adding an existential, renaming a class and removing an axiom at once', async () => {
      edit(file, (t) =>
        t
          .replace(
            'AnnotationAssertion(rdfs:label :Heart "heart"@en)',
            'AnnotationAssertion(rdfs:label :Heart "cardiac organ"@en)',
          )
          .replace('SubClassOf(:Myocardium ObjectSomeValuesFrom(:partOf :Heart))\n', '')
          .replace(
            'SubClassOf(:Endocardium :Myocardium)',
            'SubClassOf(:Endocardium :Myocardium)\nSubClassOf(:Myocarditis ObjectSomeValuesFrom(:hasFindingSite :Endocardium))',
          ),
      );
      const h = await reloadMatchesCold(file);
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 2, removed: 2, patched: PATCHED });
      expect(h.lookup('cardiac organ').map((x) => x.iri)).toContain('http://example.org/cardio#Heart');
    });

    it('adding a new class with a parent and an existential', async () => {
      edit(file, (t) =>
        t.replace(
          'SubClassOf(:Endocardium :Myocardium)',
          [
            'SubClassOf(:Endocardium :Myocardium)',
            'Declaration(Class(:Epicardium))',
            'AnnotationAssertion(rdfs:label :Epicardium "epicardium"@en)',
            'SubClassOf(:Epicardium :AnatomicalStructure)',
            'SubClassOf(:Epicardium ObjectSomeValuesFrom(:partOf :Pericardium))',
          ].join('\n'),
        ),
      );
      const h = await reloadMatchesCold(file);
      // a class that comes is a full dump, and the cache is built whole
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 4, removed: 0, patched: null });
      // the sample's 53 classes and the new one (reloadMatchesCold compared the rest with a cold load)
      expect(h.summary.classes).toBe(54);
    });

    it('a new synonym and definition patch the cache built whole just before', async () => {
      edit(file, (t) =>
        t
          .replace('AnnotationAssertion(oboInOwl:hasExactSynonym :Myocardium "heart muscle")', '')
          .replace(
            'AnnotationAssertion(obo:IAO_0000115 :Pericardium "The double-walled sac that contains the heart.")',
            [
              'AnnotationAssertion(obo:IAO_0000115 :Pericardium "The fibrous sac around the heart.")',
              'AnnotationAssertion(oboInOwl:hasExactSynonym :Pericardium "heart sac")',
            ].join('\n'),
          ),
      );
      const h = await reloadMatchesCold(file);
      expect(h.summary.reload?.patched).toEqual(PATCHED);
      expect(h.lookup('heart sac').map((x) => x.iri)).toContain('http://example.org/cardio#Pericardium');
    });

    it('a class made unsatisfiable, and satisfiable again, patches its hierarchy', async () => {
      edit(file, (t) =>
        t.replace(
          'SubClassOf(:Pericardium :AnatomicalStructure)',
          'SubClassOf(:Pericardium :AnatomicalStructure)\nSubClassOf(:Pericardium owl:Nothing)',
        ),
      );
      let h = await reloadMatchesCold(file);
      expect(h.summary.reload?.patched).toEqual(PATCHED);
      expect(h.summary.unsatisfiable).toContain('http://example.org/cardio#Pericardium');
      // (not the content before, which the cache still holds)
      edit(file, (t) =>
        t.replace('SubClassOf(:Pericardium owl:Nothing)', 'SubClassOf(:Pericardium :CardiovascularSystem)'),
      );
      h = await reloadMatchesCold(file);
      expect(h.summary.reload?.patched).toEqual(PATCHED);
      expect(h.summary.unsatisfiable).toEqual([]);
    });

    it('a delta with no copy of the last entry to patch has the bridge write the whole dump', async () => {
      const copy = vi.spyOn(CachePatcher, 'copyBase').mockResolvedValueOnce(false);
      edit(file, (t) =>
        t.replace(
          'SubClassOf(:Pericardium :CardiovascularSystem)',
          'SubClassOf(:Pericardium :CardiovascularSystem)\nSubClassOf(:Pericardium :Heart)',
        ),
      );
      try {
        const h = await reloadMatchesCold(file);
        expect(copy).toHaveBeenCalledTimes(1);
        expect(h.summary.reload).toMatchObject({ incremental: true, added: 1, patched: null });
      } finally {
        copy.mockRestore();
      }
    });

    it('a change to a property axiom still equals a cold load', async () => {
      edit(file, (t) => t.replace('TransitiveObjectProperty(:partOf)\n', ''));
      const h = await reloadMatchesCold(file);
      expect(h.summary.reload?.removed).toBe(1);
    });

    it('a changed ontology header is loaded afresh and says why', async () => {
      edit(file, (t) =>
        t.replace(
          'Annotation(rdfs:comment "A small OWL 2 EL sample ontology shipped with the OA-RAG Workbench.")',
          'Annotation(rdfs:comment "Edited for a test.")',
        ),
      );
      const h = await reloadMatchesCold(file);
      // A full load counts no axioms, so the summary gives no counts rather than 0 and 0.
      expect(h.summary.reload).toEqual({
        incremental: false,
        reason: 'header-changed',
        added: null,
        removed: null,
        patched: null,
      });
    });

    it('a syntax error fails with the line, and the fixed file reloads after it', async () => {
      const good = readFileSync(file, 'utf8');
      writeFileSync(file, good.replace('SubClassOf(:Endocardium :Myocardium)', 'SubClassOf(:Endocardium :Myocardium'));
      await expect(warm.open(file)).rejects.toMatchObject({ code: 'parse-error' });
      writeFileSync(file, good.replace('SubClassOf(:Endocardium :Myocardium)\n', ''));
      await reloadMatchesCold(file);
    });
  });

  describe('in OBO', () => {
    const file = join(dir.path, 'mini.obo');
    beforeAll(() => copyFileSync(MINI_OBO, file));

    it('an added is_a equals a cold load', async () => {
      expect((await warm.open(file)).summary.reload).toBeUndefined();
      edit(file, (t) =>
        t.replace(
          'id: XX:0000004\nname: heart valve\n',
          'id: XX:0000004\nname: heart valve\nis_a: XX:0000003 ! heart\n',
        ),
      );
      await reloadMatchesCold(file);
    });
  });
});
