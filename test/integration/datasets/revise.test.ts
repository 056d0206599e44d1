/**
 * Test 2 revision through the real bridge on the EL fixtures: the revised ontology reloads, keeps no
 * existential restriction on a named class's told axioms (the cache's `stated` table is empty), every
 * changed class's definition carries its sentences, the input's format is kept, and check (a) catches
 * a dropped equivalence. The real ontologies, with Test 1 and the reasoner-only figures, are in
 * test2-real.test.ts.
 */
import { curatorSentence } from '../../../src-main/datasets/revise/curator-phrase';
import { wordingFor } from '../../../src-main/datasets/revise/verbalise';
import { describe, expect, it } from 'vitest';
import { cacheDb } from '../../support/cache-db';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { parseDataset, type DatasetItem, type McqItem, type OqItem } from '../../../src-main/datasets/generate/dataset';
import { EXCLUDE_GOLD_CHANGED, reasonerAnswer } from '../../../src-main/datasets/revise/revise-checks';
import { fragment, reviseOntology } from '../../../src-main/datasets/revise/revise-service';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { useOntologyWorkspace } from '../../support/ontology-service';

const jar = existsSync(bridgeJarPath());
if (!jar)
  console.warn(`[skip] revise integration: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);

const { service, dir } = useOntologyWorkspace('oarag-revise-int-');
const FIXTURES = resolve(__dirname, '..', '..', 'fixtures', 'el');

async function checkRevision(path: string, outDir: string, ext: string, headRe: RegExp) {
  const res = await reviseOntology(service, path, { outDir, names: 'label' });
  expect(basename(res.revisedPath)).toBe(`${basename(path, extname(path))}.revised${ext}`);
  expect(readFileSync(res.revisedPath, 'utf8').slice(0, 4000)).toMatch(headRe);
  expect(res.report.classesChanged).toBeGreaterThan(0);
  expect(res.report.restrictionsRemoved).toBeGreaterThanOrEqual(res.report.classesChanged);
  const h = await service.open(res.revisedPath);
  expect((cacheDb(h).prepare('SELECT COUNT(*) n FROM stated').get() as { n: number }).n).toBe(0);
  for (const c of res.changes) {
    const card = h.card(c.iri);
    expect(card, c.iri).not.toBeNull();
    for (const s of c.added) expect(card!.definition ?? '', c.iri).toContain(s);
  }
  const orig = await service.open(path);
  const classes = (x: typeof h) =>
    (cacheDb(x).prepare("SELECT iri FROM entity WHERE kind = 'class'").all() as { iri: string }[]).map((r) => r.iri);
  const kept = new Set(classes(h));
  const lost = classes(orig).filter((iri) => !kept.has(iri));
  if (ext === '.obo') {
    // OBO cannot hold a bare declaration: an unlabelled external class used only in a removed relationship
    // (e.g. only_in_taxon NCBITaxon:3398) has no stanza to live in. Anything with a label must survive.
    for (const iri of lost) expect(orig.card(iri)?.name ?? fragment(iri), iri).toBe(fragment(iri));
    if (lost.length)
      console.info(`[revise] ${path}: ${lost.length} dangling classes left the OBO signature: ${lost.join(', ')}`);
  } else {
    expect(lost).toEqual([]);
  }
  return res;
}

describe('revise', () => {
  it.skipIf(!jar)(
    'anatomy.ofn: functional in, functional out; equivalence rewritten, definitions extended',
    async () => {
      const res = await checkRevision(
        join(FIXTURES, 'anatomy.ofn'),
        join(dir, 'anatomy'),
        '.ofn',
        /^Prefix\(|^Ontology\(/m,
      );
      const tissue = res.changes.find((c) => c.iri.endsWith('#CardiacMuscleTissue'))!;
      const sentence = curatorSentence('cardiac muscle tissue', 'part of', 'heart', wordingFor(1, tissue.iri, 0));
      expect(tissue.added).toEqual([sentence]);
      expect(sentence).not.toContain('part of');
      const h = await service.open(res.revisedPath);
      // the old definition text is kept in front
      expect(h.card(tissue.iri)!.definition).toMatch(
        new RegExp(`^Muscle tissue that is part of a heart\\. ${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      expect(res.report.axiomsRewritten).toBe(1);
      // check ontology: the removed restriction is back as a plain subclass axiom
      const chk = readFileSync(res.checkPath, 'utf8');
      expect(chk).toMatch(/SubClassOf\(:CardiacMuscleTissue ObjectSomeValuesFrom\(:partOf :Heart\)\)/);
    },
  );

  it.skipIf(!jar)('anatomy.ofn with questions: check (a) catches the dropped reverse of an equivalence', async () => {
    const src = join(FIXTURES, 'anatomy.ofn');
    const orig = await service.open(src);
    const A = 'http://example.org/el/anatomy#';
    const oq = (id: string, root: string): OqItem => {
      const it: OqItem = {
        id,
        ontology: 'anatomy',
        kind: 'oq',
        question: '?',
        root: A + root,
        conditions: [{ relation: A + 'partOf', filler: A + 'Heart' }],
        n: 1,
        answers: [],
        evidence: [],
      };
      return { ...it, answers: reasonerAnswer(orig.closure, it).map((iri) => ({ iri, name: fragment(iri) })) };
    };
    const base: McqItem = {
      id: 'm1',
      ontology: 'anatomy',
      kind: 'mcq',
      question: '?',
      slot: 'subject',
      gold: [],
      evidence: [],
      options: ['Myocardium', 'Tissue', 'CardiacChamber', 'Body'].map((c, i) => ({
        key: 'ABCD'[i],
        iri: A + c,
        name: c,
      })),
      axiom: { subject: A + 'Myocardium', relation: A + 'partOf', filler: A + 'Heart' },
    };
    const items: DatasetItem[] = [
      oq('o1', 'CardiacMuscleTissue'),
      oq('o2', 'MuscleTissue'),
      { ...base, gold: reasonerAnswer(orig.closure, base) },
    ];
    expect((items[0] as OqItem).answers.length).toBe(3);
    expect((items[2] as McqItem).gold).toEqual(['A', 'C']);
    const res = await reviseOntology(service, src, { outDir: join(dir, 'anatomy-q'), questions: items });
    expect(res.report.excluded).toEqual([{ id: 'o1', reason: EXCLUDE_GOLD_CHANGED }]);
    expect(parseDataset(readFileSync(res.test2Path!, 'utf8')).map((i) => i.id)).toEqual(['o2', 'm1']);
  });

  it.skipIf(!jar)('regulation.ofn', async () => {
    await checkRevision(join(FIXTURES, 'regulation.ofn'), join(dir, 'regulation'), '.ofn', /^Prefix\(|^Ontology\(/m);
  });

  it.skipIf(!jar)('names each revision after its source, so two revisions in one folder are told apart', async () => {
    const out = join(dir, 'both');
    const a = await reviseOntology(service, join(FIXTURES, 'anatomy.ofn'), { outDir: out });
    const b = await reviseOntology(service, join(FIXTURES, 'regulation.ofn'), { outDir: out, force: true });
    expect([basename(a.revisedPath), basename(b.revisedPath)]).toEqual([
      'anatomy.revised.ofn',
      'regulation.revised.ofn',
    ]);
    expect(readFileSync(a.revisedPath, 'utf8')).toMatch(/anatomy/i);
    expect(readFileSync(b.revisedPath, 'utf8')).not.toBe(readFileSync(a.revisedPath, 'utf8'));
  });
});
