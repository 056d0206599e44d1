import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiTaskOf, ApiTaskResults, SearchHit, TaskKind } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { Container } from '../../../src-main/container';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { benchDump } from '../datasets/generate/dataset-fixture';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { ScriptedLlm } from '../../support/scripted-llm';
import { tempDir } from '../../support/temp-dir';
import { codeOf } from '../../support/error-code';

// The API over real services (SQLite, Oxigraph, the agent, the generator, the evaluator); only the
// JVM is skipped (handles come from hand-written dumps) and the LLM's mind is scripted.
const dir = tempDir('oarag-api-');
let c: Container;
let api: ApiService;
let clinical: { handle: OntologyHandle; cleanup: () => void };
let bench: { handle: OntologyHandle; cleanup: () => void };

beforeAll(async () => {
  clinical = await handleFromDump(clinicalDump());
  bench = await handleFromDump(benchDump());
  Object.defineProperty(bench.handle, 'path', { value: 'bench-fixture' });
  c = new Container({ cacheDir: `${dir.path}/cache`, dataDir: `${dir.path}/data`, env: {} });
  await c.start();
  vi.spyOn(c.ontologies, 'open').mockImplementation(async (path) =>
    path === 'bench-fixture' ? bench.handle : clinical.handle,
  );
  api = new ApiService(c, 'web');
});

afterAll(async () => {
  await c.stop();
  clinical.cleanup();
  bench.cleanup();
  dir.cleanup();
});

async function call(method: string, params: unknown): Promise<unknown> {
  return api.handle(method, params);
}

/** Waits for a task to end and returns it as the API would list it, typed by its kind. */
async function finished<K extends TaskKind>(taskId: string, kind: K): Promise<ApiTaskOf<K>> {
  for (;;) {
    const t = c.tasks.get(taskId);
    if (t && t.state !== 'running') {
      expect(t.kind).toBe(kind);
      return t as ApiTaskOf<K>;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function result<K extends TaskKind>(taskId: string, kind: K): Promise<ApiTaskResults[K]> {
  const t = await finished(taskId, kind);
  expect(t.error).toBeUndefined();
  expect(t.state).toBe('ok');
  return t.result as ApiTaskResults[K];
}

describe('ApiService', () => {
  it('answers unknown methods, bad parameters and unopened ontologies with stable codes', async () => {
    expect(await codeOf(call('bench.generate', {}))).toBe('unknown-method');
    expect(await codeOf(call('ontology.search', { ontologyId: 'x' }))).toBe('bad-params');
    expect(await codeOf(call('ontology.search', { ontologyId: 'never-opened', text: 'heart' }))).toBe('not-open');
    expect(await call('tasks.cancel', { id: 'no-such-task' })).toEqual({ cancelled: false });
  });

  it('opens an ontology as a load task whose result is the OntologyInfo', async () => {
    const { taskId } = (await call('ontology.open', { path: 'fixture' })) as { taskId: string };
    const info = await result(taskId, 'load');
    expect(info.id).toBe('fixture');
    expect(info.summary.classes).toBeGreaterThan(5);
    expect(await call('ontology.list', {})).toEqual([info]);
  });

  it('says how a search hit matched, and shows obsolete classes only when asked', async () => {
    const [syn] = (await call('ontology.search', { ontologyId: 'fixture', text: 'Heart Muscle' })) as SearchHit[];
    expect(syn).toMatchObject({ name: 'myocardium', matched: 'heart muscle', tier: 'synonym', scope: 'exact' });
    expect(await call('ontology.search', { ontologyId: 'fixture', text: 'old heart thing' })).toEqual([]);
    const old = (await call('ontology.search', {
      ontologyId: 'fixture',
      text: 'old heart thing',
      includeObsolete: true,
    })) as SearchHit[];
    expect(old[0]).toMatchObject({ name: 'old heart thing', tier: 'label', obsolete: true });
    expect(await codeOf(call('ontology.search', { ontologyId: 'fixture', text: 'x', includeObsolete: 'yes' }))).toBe(
      'bad-params',
    );
  });

  it('searches, shows a card, runs a query and keeps it in the history', async () => {
    const hits = (await call('ontology.search', { ontologyId: 'fixture', text: 'viral myocarditis' })) as {
      name: string;
      iri: string;
    }[];
    expect(hits[0].name).toBe('viral myocarditis');
    const card = (await call('ontology.card', { ontologyId: 'fixture', iri: hits[0].iri })) as { name: string };
    expect(card.name).toBe('viral myocarditis');
    expect(await codeOf(call('ontology.card', { ontologyId: 'fixture', iri: 'http://nowhere/x' }))).toBe(
      'unknown-name',
    );
    const q = 'ASK { "viral myocarditis" "located in" "myocardium" }';
    const r = (await call('query.run', { ontologyId: 'fixture', query: q })) as { verdict: string };
    expect(r.verdict).toBe('ENTAILED');
    const history = (await call('query.history', { ontologyId: 'fixture' })) as { query: string }[];
    expect(history.map((h) => h.query)).toContain(q);
  });

  it('answers a question with the scripted model and records it in the history', async () => {
    c.createBackend = async () =>
      new ScriptedLlm([
        'Thought: myocarditis is in the myocardium.\n{"answer": ["A"]}',
        'Thought: check it\nAction: query(ASK { "viral myocarditis" "located in" "myocardium" })',
        'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
        'The observation settles it.\n{"answer": ["A"]}',
        '{"evidence": ["E1"], "grounding": "entailed"}',
      ]);
    const { taskId } = (await call('ask.start', {
      ontologyId: 'fixture',
      model: 'scripted:inline',
      question: {
        kind: 'mcq',
        question: 'Which concepts is every viral myocarditis located in?',
        options: [
          { key: 'A', name: 'myocardium' },
          { key: 'B', name: 'heart valve' },
        ],
      },
    })) as { taskId: string };
    const out = await result(taskId, 'ask');
    expect(out.record.answer).toEqual(['A']);
    expect(out.record.grounding).toBe('entailed');
    expect(out.record.checked?.level).toBe('entailed');
    const entry = await call('history.get', { id: out.id });
    expect(entry).toMatchObject({ answer: ['A'] });
  });

  it('generates a dataset with names for every IRI, then evaluates it (reasoner-only) into a summary', async () => {
    const opened = (await call('ontology.open', { path: 'bench-fixture' })) as { taskId: string };
    await result(opened.taskId, 'load');
    const gen = (await call('datasets.generate', { ontologyId: 'bench-fixture', mcq: 6, oq: 0, seed: 3 })) as {
      taskId: string;
    };
    const ds = await result(gen.taskId, 'generate');
    expect(ds.items.length).toBe(6);
    expect(existsSync(ds.path)).toBe(true);
    expect(readFileSync(ds.path, 'utf8').trim().split('\n')).toHaveLength(6);
    for (const it of ds.items) {
      if (it.kind !== 'mcq') continue;
      for (const iri of [it.axiom.subject, it.axiom.relation, it.axiom.filler]) expect(ds.names[iri]).toBeTruthy();
    }

    const ev = (await call('evaluation.run', {
      ontologyId: 'bench-fixture',
      datasetPath: ds.path,
      method: 'reasoner-only',
    })) as { taskId: string };
    const summary = await result(ev.taskId, 'evaluate');
    expect(summary.n).toBe(6);
    expect(summary.accuracy).toBe(1);
    expect(summary.byKind).toEqual([{ key: 'mcq', accuracy: 1, n: 6 }]);
    expect(existsSync(summary.reportPath)).toBe(true);
    expect(summary.markdown).toMatch(/^# Evaluation: reasoner-only/);
    const runs = (await call('evaluation.runs', {})) as { id: string }[];
    expect(runs.map((r) => r.id)).toContain(summary.runId);
  });

  it('reports a failed task with its error code', async () => {
    const gen = (await call('datasets.generate', {
      ontologyId: 'bench-fixture',
      mcq: 0,
      oq: 2,
      seed: 1,
      root: 'no class has this name',
    })) as { taskId: string };
    const t = await finished(gen.taskId, 'generate');
    expect(t.state).toBe('error');
    expect(t.errorCode).toBe('unknown-root');
    const bad = (await call('evaluation.run', {
      ontologyId: 'fixture',
      datasetPath: `${dir.path}/missing.jsonl`,
      method: 'reasoner-only',
    })) as { taskId: string };
    const failed = await finished(bad.taskId, 'evaluate');
    expect(failed.state).toBe('error');
    expect(failed.errorCode).toBe('not-found');
  });
});
