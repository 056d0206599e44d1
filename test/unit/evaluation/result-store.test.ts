import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY, RESULT_SCHEMA_VERSION, ResultStore, type RunKey } from '../../../src-main/evaluation/result-store';
import { reportMarkdown } from '../../../src-main/evaluation/report';
import { computeMetrics } from '../../../src-main/evaluation/metrics';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-store-');
afterAll(() => dir.cleanup());

const result = (id: string, correct: boolean): ItemResult => ({
  id,
  kind: 'mcq',
  correct,
  predicted: ['A'],
  slot: 'filler',
  goldCount: 1,
  grounding: null,
  evidence: null,
  usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
  seconds: 0,
});

const key: RunKey = {
  dataset: 'd',
  ontology: 'sha256:o',
  method: 'cot',
  model: 'gguf:sha256:m',
  protocol: 'structured',
  promptVersion: 2,
};

describe('result store', () => {
  it('moves a schema-1 store forward without losing a row; old rows are kept under a key no run produces', () => {
    const path = join(dir.path, 'old.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE result (
      dataset TEXT NOT NULL, item TEXT NOT NULL, method TEXT NOT NULL, model TEXT NOT NULL,
      created_at TEXT NOT NULL, result TEXT NOT NULL, record TEXT,
      PRIMARY KEY (dataset, item, method, model))`);
    const put = old.prepare('INSERT INTO result VALUES (?, ?, ?, ?, ?, ?, ?)');
    put.run('d', 'q1', 'reasoner-only', 'none', '2026-01-01T00:00:00Z', JSON.stringify(result('q1', true)), null);
    put.run(
      'd',
      'q2',
      'reasoner-only',
      'none',
      '2026-01-01T00:00:00Z',
      JSON.stringify(result('q2', false)),
      '{"queries":[]}',
    );
    put.run(
      'd',
      'q1',
      'cot',
      '/m/a.gguf',
      '2026-01-01T00:00:00Z',
      JSON.stringify(result('q1', false)),
      '{"reply":"x"}',
    );
    old.close();

    let store = new ResultStore(path);
    expect(store.count()).toBe(3);
    const legacy = (method: string, model: string): RunKey => ({
      dataset: 'd',
      ontology: LEGACY,
      method,
      model: `${LEGACY}: ${model}`,
      protocol: LEGACY,
      promptVersion: 0,
    });
    expect([...store.all(legacy('reasoner-only', 'none')).keys()].sort()).toEqual(['q1', 'q2']);
    expect(store.record(legacy('cot', '/m/a.gguf'), 'q1')).toEqual({ reply: 'x' });
    // A current run of the same dataset and method finds nothing to reuse.
    expect(
      store.all({
        dataset: 'd',
        ontology: 'sha256:o',
        method: 'reasoner-only',
        model: 'none',
        protocol: 'none',
        promptVersion: 0,
      }).size,
    ).toBe(0);
    // The old results stay reviewable as runs of their own.
    const legacyRuns = store.runs();
    expect(legacyRuns.map((r) => [r.method, r.modelSpec, r.ontologyFile]).sort()).toEqual([
      ['cot', '/m/a.gguf', LEGACY],
      ['reasoner-only', 'none', LEGACY],
    ]);
    expect(store.all(legacyRuns.find((r) => r.method === 'cot')!).size).toBe(1);
    store.put(key, result('q3', true), null, '/m/a.gguf');
    store.close();

    store = new ResultStore(path);
    expect(store.count()).toBe(4);
    store.close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(RESULT_SCHEMA_VERSION);
    raw.close();
  });

  it('refuses a store from a newer version rather than rewriting it', () => {
    const path = join(dir.path, 'newer.sqlite');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new ResultStore(path)).toThrow(/newer version/);
  });

  it('keeps reviewer marks across a restart and puts them in the Markdown export', () => {
    const path = join(dir.path, 'marks.sqlite');
    let store = new ResultStore(path);
    const id = store.saveRun(key, { modelSpec: '/m/a.gguf', ontologyFile: '/o/po.obo', datasetPath: '/d/t1.jsonl' });
    store.setMark(id, 'q1', 'disagree', 'the gold | answer is wrong');
    store.setMark(id, 'q2', 'agree', '');
    store.setMark(id, 'q3', 'agree', 'x');
    store.setMark(id, 'q3', null, '');
    store.close();

    store = new ResultStore(path);
    expect(store.run(id)).toMatchObject({ ...key, modelSpec: '/m/a.gguf', datasetPath: '/d/t1.jsonl' });
    const marks = store.marks(id);
    expect([...marks.keys()].sort()).toEqual(['q1', 'q2']);
    expect(marks.get('q1')).toMatchObject({ verdict: 'disagree', note: 'the gold | answer is wrong' });
    const items = [result('q1', true), result('q2', false)];
    const md = reportMarkdown(
      {
        ...computeMetrics(items),
        method: 'cot',
        model: '/m/a.gguf',
        key,
        runId: id,
        ontology: 'po.obo',
        dataset: { hash: 'd', items: 2 },
        run: { answered: 0, reused: 2, seconds: 0 },
        warnings: [],
        items,
      },
      marks,
    );
    expect(md).toContain('### Reviewer marks');
    expect(md).toContain('| q1 | correct | disagree | the gold \\| answer is wrong |');
    expect(md).toContain('| q2 | wrong | agree | – |');
    store.close();
  });

  it('writes the results put in one turn of the event loop together, and every read sees them at once', async () => {
    const path = join(dir.path, 'batched.sqlite');
    const store = new ResultStore(path);
    const other = new Database(path, { readonly: true });
    const rows = () => (other.prepare('SELECT COUNT(*) AS n FROM result').get() as { n: number }).n;
    try {
      store.put(key, result('a', true), { steps: 1 });
      store.put(key, result('b', false), undefined);
      expect(rows()).toBe(0);
      // The same store reads them back at once.
      expect([...store.all(key).keys()].sort()).toEqual(['a', 'b']);
      expect(rows()).toBe(2);
      store.put(key, result('c', true), null);
      await new Promise((r) => setImmediate(r));
      expect(rows()).toBe(3);
      expect(store.record(key, 'a')).toEqual({ steps: 1 });
      store.put(key, result('d', true), null);
    } finally {
      store.close();
    }
    expect(rows()).toBe(4);
    other.close();
  });

  it('commits at once results waiting for more than 200 ms, even when the event loop never turns', () => {
    const path = join(dir.path, 'busy.sqlite');
    const store = new ResultStore(path);
    const other = new Database(path, { readonly: true });
    const rows = () => (other.prepare('SELECT COUNT(*) AS n FROM result').get() as { n: number }).n;
    try {
      store.put(key, result('a', true), null);
      const end = performance.now() + 210;
      while (performance.now() < end);
      expect(rows()).toBe(0);
      // The next result comes after 200 ms of work: it and the one waiting are committed now.
      store.put(key, result('b', true), null);
      expect(rows()).toBe(2);
    } finally {
      store.close();
      other.close();
    }
  });

  it('reads a run of more rows than a page in slices, exactly as all() does', async () => {
    const store = new ResultStore(join(dir.path, 'paged.sqlite'));
    try {
      for (let i = 0; i < 1203; i++) store.put(key, result(`i${i}`, i % 2 === 0), null);
      const other = { ...key, method: 'reasoner-only' };
      store.put(other, result('i5', false), null);
      const paged = await store.allYielding(key);
      expect(paged.size).toBe(1203);
      expect([...paged.entries()].sort()).toEqual([...store.all(key).entries()].sort());
      expect(paged.get('i5')?.correct).toBe(false);
    } finally {
      store.close();
    }
  });
});
