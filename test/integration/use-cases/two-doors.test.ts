/**
 * Each use case (ask, generate, revise, evaluate, diff) driven from two doors, the API and the CLI,
 * over one container with the real JVM, SQLite and Oxigraph: the same request gives the same result.
 * Only the model's mind is scripted.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiTaskResults, TaskKind } from '../../../src-main/api/contract';
import { ApiService } from '../../../src-main/api/api-service';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { cliHarness } from '../../support/cli-harness';

const jar = existsSync(bridgeJarPath());
if (!jar) console.warn(`[skip] use cases from two doors: the ELK bridge jar ${bridgeJarPath()} is absent`);

const ANATOMY = resolve(__dirname, '..', '..', 'fixtures', 'el', 'anatomy.ofn');
const h = cliHarness('oarag-two-doors-');
let api: ApiService;
let ontology: string;
let ontologyId: string;

async function call<T>(method: string, params: unknown): Promise<T> {
  return (await api.handle(method, params)) as T;
}

async function task<K extends TaskKind>(method: string, params: unknown, kind: K): Promise<ApiTaskResults[K]> {
  const { taskId } = await call<{ taskId: string }>(method, params);
  for (;;) {
    const t = h.container.tasks.get(taskId);
    if (t && t.state !== 'running') {
      expect(t.kind).toBe(kind);
      expect(t.error, JSON.stringify(t.error)).toBeUndefined();
      return t.result as ApiTaskResults[K];
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function cliJson(args: string[]): Promise<Record<string, unknown>> {
  const r = await h.cli([...args, '--json']);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

describe.skipIf(!jar)('use cases from the API and from the CLI', () => {
  beforeAll(async () => {
    ontology = join(h.dir, 'anatomy.ofn');
    copyFileSync(ANATOMY, ontology);
    api = new ApiService(h.container, 'web');
    ontologyId = (await task('ontology.open', { path: ontology }, 'load')).id;
  }, 120_000);

  it('generate: the same items, written by either door', async () => {
    const viaApi = await task('datasets.generate', { ontologyId, mcq: 6, oq: 2, seed: 4 }, 'generate');
    await cliJson(['generate', '--ontology', ontology, '--out', 'cli.jsonl', '--mcq', '6', '--oq', '2', '--seed', '4']);
    const fromCli = readFileSync(join(h.dir, 'cli.jsonl'), 'utf8');
    expect(viaApi.items.length).toBeGreaterThan(0);
    expect(fromCli).toBe(readFileSync(viaApi.path, 'utf8'));
  });

  // The same seed writes the same definitions: the bridge's order of restrictions (JVM hash order)
  // once changed the wording between two runs.
  it('revise: the same revised ontology and the same Test 2 items', async () => {
    await cliJson([
      'generate',
      '--ontology',
      ontology,
      '--out',
      'test1.jsonl',
      '--mcq',
      '8',
      '--oq',
      '2',
      '--seed',
      '2',
    ]);
    const datasetPath = join(h.dir, 'test1.jsonl');
    const viaApi = await task('datasets.revise', { ontologyId, datasetPath, seed: 3 }, 'revise');
    const cli = await cliJson([
      'revise',
      '--ontology',
      ontology,
      '--questions',
      datasetPath,
      '--out',
      'rev',
      '--seed',
      '3',
    ]);
    expect(basename(cli.revisedPath as string)).toBe(basename(viaApi.revisedPath));
    expect(readFileSync(cli.revisedPath as string, 'utf8')).toBe(readFileSync(viaApi.revisedPath, 'utf8'));
    expect(readFileSync(cli.test2Path as string, 'utf8')).toBe(readFileSync(viaApi.test2Path!, 'utf8'));
    const { seconds: _a, ...apiReport } = viaApi.report;
    const { seconds: _b, revisedPath: _c, checkPath: _d, test2Path: _e, reportPath: _f, ...cliReport } = cli;
    expect(cliReport).toEqual(apiReport);
  });

  it('evaluate: the same scores per item (reasoner-only)', async () => {
    const datasetPath = join(h.dir, 'test1.jsonl');
    const viaApi = await task('evaluation.run', { ontologyId, datasetPath, method: 'reasoner-only' }, 'evaluate');
    const cli = await cliJson([
      'eval',
      '--ontology',
      ontology,
      '--dataset',
      datasetPath,
      '--method',
      'reasoner-only',
      '--out',
      'eval.json',
      '--store',
      'cli-runs.sqlite',
    ]);
    expect(cli.n).toBe(viaApi.n);
    expect(cli.accuracy).toBe(viaApi.accuracy);
    const report = JSON.parse(readFileSync(join(h.dir, 'eval.json'), 'utf8'));
    const perItem = (items: { id: string; correct: boolean; predicted: unknown }[]) =>
      items.map((i) => [i.id, i.correct, i.predicted]);
    const rows = await call<{ rows: { id: string; correct: boolean; predicted: unknown }[] }>('evaluation.items', {
      runId: viaApi.runId,
    });
    expect(perItem(rows.rows)).toEqual(perItem(report.items));
  });

  it('diff: the same changes between an ontology and its revision', async () => {
    const revised = join(h.dir, 'rev', 'anatomy.revised.ofn');
    const viaApi = await task('diff.run', { oldPath: ontology, newPath: revised }, 'diff');
    expect(viaApi.shownPerKind).toBeNull();
    const cli = await cliJson(['diff', ontology, revised]);
    expect(cli.counts).toEqual(viaApi.report.counts);
    expect(cli.changes).toEqual(viaApi.report.changes);
  });

  it('ask: the same frame, answer and reasoner check', async () => {
    const replies = [
      'Thought: a guess.\n{"answer": ["A"]}',
      'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
      '{"answer": ["A"]}',
      '{"evidence": ["E1"], "grounding": "entailed"}',
    ];
    const script = join(h.dir, 'replies.json');
    writeFileSync(script, JSON.stringify(replies));
    const question = {
      kind: 'mcq' as const,
      question: 'Which of these is the myocardium part of?',
      options: ['heart', 'body', 'tissue'].map((name, i) => ({ key: 'ABC'[i], name })),
    };
    const item = join(h.dir, 'item.json');
    writeFileSync(item, JSON.stringify(question));
    const viaApi = await task('ask.start', { ontologyId, question, model: `scripted:${script}` }, 'ask');
    const cli = await cliJson([
      'ask',
      '--ontology',
      ontology,
      '--model',
      `scripted:${script}`,
      '--item',
      item,
      '--no-history',
    ]);
    expect(viaApi.record.frame?.frame).toMatchObject({ kind: 'choice', subject: { name: 'myocardium' } });
    expect(cli.frame).toEqual(viaApi.record.frame);
    expect(cli.answer).toEqual(viaApi.record.answer);
    expect(cli.checked).toEqual(viaApi.record.checked);
  });
});
