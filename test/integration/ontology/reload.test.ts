import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { cacheCanon } from '../../support/cache-canon';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #16: a reload after an edit goes through the bridge's warm session of the file's earlier
 * content (`reload`), and what it builds must equal a cold load of the edited file in a fresh JVM.
 */
const ROOT = join(__dirname, '..', '..', '..');
const CARDIO = join(ROOT, 'resources', 'samples', 'cardio.ofn');
const MINI_OBO = join(ROOT, 'test', 'fixtures', 'el', 'mini.obo');

function canonOf(h: OntologyHandle): Record<string, string[]> {
  return cacheCanon(h.db.name, h.db.name.replace(/\.sqlite$/, '.nt'));
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
    expect(canonOf(h)).toEqual(canonOf(await coldLoad(file)));
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
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 1, removed: 0 });
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
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 2, removed: 2 });
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
      expect(h.summary.reload).toEqual({ incremental: true, reason: null, added: 4, removed: 0 });
      expect(h.summary.classes).toBe((await coldLoad(file)).summary.classes);
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
      expect(h.summary.reload).toEqual({ incremental: false, reason: 'header-changed', added: null, removed: null });
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
