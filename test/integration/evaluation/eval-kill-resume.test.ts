import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CARDIO, writeCardioDataset } from '../../support/cardio-dataset';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue 37 defect 1: `oarag eval --store` killed mid-run kept no row, since reasoner-only items resolve at
 * once and the store's batched writes waited for a turn of the event loop that never came. Scaled down
 * from "30,000 items, killed at 20 s": the run is killed (SIGKILL) once it has scored 2,000 items; the
 * store must hold at least 90 % of what was scored, and the CLI run again answers only the rest.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const N = 12_000;
const dir = tempDir('oarag-kill-');
afterAll(() => dir.cleanup());

function rows(store: string): number {
  const db = new Database(store, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM result').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('an evaluation killed mid-run', () => {
  it('keeps what it scored before its last commit, and a re-run finishes the rest without redoing any', async () => {
    const dataset = writeCardioDataset(join(dir.path, 'big.jsonl'), N);
    const store = join(dir.path, 'results.sqlite');
    const counts = join(dir.path, 'scored.txt');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'test', 'support', 'eval-kill-child.ts'),
        CARDIO,
        dataset,
        store,
        counts,
        join(dir.path, 'a.json'),
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const lastCount = () => {
      if (!existsSync(counts)) return 0;
      const lines = readFileSync(counts, 'utf8').trim().split('\n');
      return Number(lines.at(-1)) || 0;
    };
    const t0 = performance.now();
    while (lastCount() < 2000 && child.exitCode === null && performance.now() - t0 < 100_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(child.exitCode, err).toBeNull();
    child.kill('SIGKILL');
    await exited;
    const scored = lastCount();
    const kept = rows(store);
    console.log(`[kill] scored ${scored} of ${N} when killed; the store kept ${kept}`);
    expect(scored).toBeGreaterThanOrEqual(2000);
    expect(scored).toBeLessThan(N);
    expect(kept).toBeGreaterThanOrEqual(Math.floor(0.9 * scored));
    expect(kept).toBeLessThanOrEqual(scored);

    const again = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src-main', 'cli', 'bin.ts'),
        'eval',
        '--ontology',
        CARDIO,
        '--dataset',
        dataset,
        '--method',
        'reasoner-only',
        '--store',
        store,
        '--out',
        join(dir.path, 'b.json'),
        '--json',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, OARAG_DATA_DIR: join(dir.path, 'data'), OARAG_CACHE_DIR: join(dir.path, 'cache') },
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    expect(again.status, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout) as { run: { answered: number; reused: number }; n: number };
    expect(report.run).toMatchObject({ reused: kept, answered: N - kept });
    expect(report.n).toBe(N);
    expect(rows(store)).toBe(N);
  }, 400_000);
});
