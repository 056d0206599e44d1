import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../../../src-main/datasets/generate/dataset';
import { cliHarness } from '../../../support/cli-harness';
import { handleFromDump } from '../../../support/dump-fixture';
import { benchDump } from '../../datasets/generate/dataset-fixture';

// No JVM in unit tests: every --ontology opens the fixture.
const { dir, cli } = cliHarness('oarag-eval-selection-', { fixture: () => handleFromDump(benchDump()) });

const evalArgs = (out: string, ...more: string[]) => [
  'eval',
  '--ontology',
  'x.ofn',
  '--dataset',
  'test1.jsonl',
  '--method',
  'reasoner-only',
  '--out',
  out,
  ...more,
];

describe('eval --limit / --sample', () => {
  it('evaluates the first N items, says so, and records the selection in results.json and the Markdown', async () => {
    const gen = await cli([
      'generate',
      '--ontology',
      'x.ofn',
      '--mcq',
      '8',
      '--oq',
      '4',
      '--seed',
      '3',
      '--out',
      'test1.jsonl',
    ]);
    expect(gen.code, gen.err).toBe(0);
    const items = parseDataset(readFileSync(join(dir, 'test1.jsonl'), 'utf8'));
    const r = await cli(evalArgs('first.json', '--limit', '5'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^reasoner-only: accuracy 100\.0% \(5\/5\)/);
    expect(r.out).toContain('  the first 5 of 12 items of test1.jsonl');
    const res = JSON.parse(readFileSync(join(dir, 'first.json'), 'utf8'));
    expect(res.items.map((i: { id: string }) => i.id)).toEqual(items.slice(0, 5).map((i) => i.id));
    expect(res.selection).toEqual({ mode: 'first', n: 5, of: 12 });
    expect(readFileSync(join(dir, 'first.md'), 'utf8')).toContain('- dataset: the first 5 of 12 items, sha256');
  });

  it('draws a seeded random sample in dataset order, the same for the same seed', async () => {
    const a = await cli(evalArgs('a.json', '--sample', '4', '--seed', '9', '--json'));
    const b = await cli(evalArgs('b.json', '--sample', '4', '--seed', '9', '--json'));
    expect(a.code, a.err).toBe(0);
    const ids = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')).items.map((i: { id: string }) => i.id);
    expect(ids('a.json')).toEqual(ids('b.json'));
    expect(ids('a.json')).toHaveLength(4);
    expect(JSON.parse(a.out).selection).toEqual({ mode: 'sample', n: 4, of: 12, seed: 9 });
    // Stored under the same key as any other run of the file: the second draw reused the first's answers.
    expect(JSON.parse(b.out).run).toMatchObject({ answered: 0, reused: 4 });
  });

  it('refuses both at once, a seed alone and a bad number, before any work', async () => {
    const both = await cli(evalArgs('x.json', '--limit', '2', '--sample', '2'));
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/Give either --limit N or --sample N, not both/);
    const seed = await cli(evalArgs('x.json', '--seed', '2'));
    expect(seed.err).toMatch(/A seed only applies to a random sample/);
    const bad = await cli(evalArgs('x.json', '--limit', '0'));
    expect(bad.err).toMatch(/--limit must be a whole number of at least 1, not "0"/);
  });
});
