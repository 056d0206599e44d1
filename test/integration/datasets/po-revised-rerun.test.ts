/**
 * The reported po → revised-po sequence, through the CLI: Test 1 evaluated reasoner-only on po.obo,
 * then the same dataset on the Test-2 revised po. The second run must be a fresh run keyed by the
 * revised ontology's content (nothing reused from the first), and the reasoner alone must score
 * exactly the items the revision reports as still derivable there (0 % when none is).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';
import { existsSync } from 'node:fs';

const po = sharedOntology('po.obo');
const skip = !po || !existsSync(bridgeJarPath());
const { dir, cli } = cliHarness('oarag-po-rerun-');

describe.skipIf(skip)('po → revised po, reasoner-only, through the CLI', () => {
  it('answers afresh on the revised ontology and scores 0 % there, reusing nothing', async () => {
    const gen = await cli([
      'generate',
      '--ontology',
      po!,
      '--mcq',
      '20',
      '--oq',
      '10',
      '--seed',
      '7',
      '--out',
      'test1.jsonl',
    ]);
    expect(gen.code, gen.err).toBe(0);
    // MCQs whose wrong options no reasoner proves wrong are not generated (po's imports are not here),
    // so the run is as long as the dataset, whatever the reasoner settled.
    const n = readFileSync(join(dir, 'test1.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    expect(n).toBeGreaterThan(0);
    const first = await cli([
      'eval',
      '--ontology',
      po!,
      '--dataset',
      'test1.jsonl',
      '--method',
      'reasoner-only',
      '--out',
      'po/results.json',
      '--json',
    ]);
    expect(first.code, first.err).toBe(0);
    const a = JSON.parse(first.out) as {
      accuracy: number;
      run: { answered: number; reused: number };
      key: { ontology: string };
    };
    expect(a.accuracy).toBe(1);
    expect(a.run).toMatchObject({ answered: n, reused: 0 });

    const rev = await cli(['revise', '--ontology', po!, '--questions', 'test1.jsonl', '--out', 'rev', '--json']);
    expect(rev.code, rev.err).toBe(0);
    const r = JSON.parse(rev.out) as {
      revisedPath: string;
      reportPath: string;
      excluded: { id: string; reason: string }[];
      statedTwice: number;
      distinctRestrictions: number;
    };
    // po states carpel epidermis's "part of some carpel" twice (intersection_of and relationship): it is shown, and defined, once.
    const changes = (
      JSON.parse(readFileSync(r.reportPath, 'utf8')) as {
        changes: { name: string; removed: string[]; added: string[] }[];
      }
    ).changes;
    const carpel = changes.find((c) => c.name === 'carpel epidermis')!;
    expect(carpel.removed.filter((x) => x === 'part_of some carpel')).toHaveLength(1);
    expect(carpel.added).toHaveLength(carpel.removed.length);
    for (const c of changes) expect(new Set(c.removed).size).toBe(c.removed.length);
    expect(r.statedTwice).toBeGreaterThan(0);
    expect(r.distinctRestrictions).toBe(changes.reduce((n, c) => n + c.removed.length, 0));

    const second = await cli([
      'eval',
      '--ontology',
      r.revisedPath,
      '--dataset',
      'test1.jsonl',
      '--method',
      'reasoner-only',
      '--out',
      'rev/results.json',
      '--json',
    ]);
    expect(second.code, second.err).toBe(0);
    const b = JSON.parse(second.out) as typeof a & {
      correct: number;
      warnings: string[];
      checked: { distribution: Record<string, { count: number }> };
    };
    expect(b.key.ontology).not.toBe(a.key.ontology);
    expect(b.run).toMatchObject({ answered: n, reused: 0 });
    expect(b.warnings.join(' ')).toMatch(/built from po\.obo/);
    // Only items the revision still derives can be answered by the reasoner on the revised ontology.
    const still = r.excluded.filter((e) => /still/i.test(e.reason)).length;
    expect(b.correct).toBe(still);
    if (still === 0) expect(b.accuracy).toBe(0);
    const md = readFileSync(join(dir, 'rev', 'results.md'), 'utf8');
    expect(md).toContain(`**${n} answered, 0 reused**`);
    console.log(
      `[po → revised po] reasoner-only: ${(a.accuracy * 100).toFixed(1)}% on po.obo, ${(b.accuracy * 100).toFixed(1)}% on the revision (${still} items still derivable), reused ${b.run.reused}`,
    );
  }, 600_000);
});
