import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../../src-main/core/random';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { cardioWithDataset, cliHarness } from '../support/cli-harness';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, issue #27 file families: user files that are not regular files, named to the
 * CLI (item 1); cache integrity records and damage that keeps sizes and times (items 2, 3); results
 * stores (item 3). Seeded; every probe bounded in time.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 27);
const REPO = resolve(__dirname, '..', '..');
const tally = new FuzzTally();

function kind(p: string): string {
  try {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return 'symlink';
    if (st.isFIFO()) return 'fifo';
    if (st.isCharacterDevice()) return 'chardev';
    if (st.isDirectory()) return 'dir';
    return st.isFile() ? `file:${st.size}` : 'other';
  } catch {
    return 'absent';
  }
}

/** The CLI in a process of its own: a blocked read would otherwise hang this one. */
function cliProcess(args: string[], env: NodeJS.ProcessEnv, ms = 60_000) {
  return new Promise<{ code: number | null; err: string; ms: number }>((done) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['--import', 'tsx', 'src-main/cli/bin.ts', ...args], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), ms);
    p.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, err, ms: performance.now() - t0 });
    });
  });
}

describe('fuzz: issue #27 files', () => {
  const harness = cliHarness('oarag-fuzz27-', { env: process.env });
  const { dir: D } = harness;
  const { onto, dataset } = cardioWithDataset(harness, { mcq: 3, oq: 1 });
  afterAll(() => tally.print());

  /** Where a hostile user points a user file: each maker returns the path. */
  const makers: Record<string, (base: string) => string | null> = {
    fifo: (b) => (execFileSync('mkfifo', [b]), b),
    'link to /dev/zero': (b) => (symlinkSync('/dev/zero', b), b),
    'char device': (b) => {
      try {
        execFileSync('mknod', [b, 'c', '1', '5'], { stdio: 'ignore' });
        return b;
      } catch {
        return null;
      }
    },
    folder: (b) => (mkdirSync(b), b),
    'sparse 80 MiB': (b) => (writeFileSync(b, ''), truncateSync(b, 80 * 2 ** 20), b),
  };

  it('cli-input-types: eval --dataset, revise --questions, ask --item and query --batch refuse non-regular files at once', async () => {
    const rand = seededRandom(SEED);
    const env = {
      ...process.env,
      OARAG_CACHE_DIR: harness.container.cacheDir,
      OARAG_DATA_DIR: join(D, 'cli-data'),
    };
    const commands: Record<string, (p: string, i: number) => string[]> = {
      'eval --dataset': (p, i) => [
        'eval',
        '--ontology',
        onto,
        '--dataset',
        p,
        '--method',
        'reasoner-only',
        '--out',
        join(D, `cli-eval-${i}.json`),
      ],
      'revise --questions': (p, i) => [
        'revise',
        '--ontology',
        onto,
        '--questions',
        p,
        '--out',
        join(D, `cli-rev-${i}`),
      ],
      'ask --item': (p) => ['ask', '--ontology', onto, '--item', p, '--model', 'scripted:/nonexistent.json'],
      'query --batch': (p) => ['query', '--ontology', onto, '--json', '--batch', p],
    };
    // Every command meets a pipe and a device; the rest of the pairs are drawn.
    const pairs: [string, string][] = Object.keys(commands).flatMap((c) => [
      [c, 'fifo'],
      [c, 'link to /dev/zero'],
    ]);
    for (let i = 0; i < 6; i++) pairs.push([pick(rand, Object.keys(commands)), pick(rand, Object.keys(makers))]);
    for (const [i, [cmd, k]] of pairs.entries()) {
      const path = makers[k](join(D, `in-${i}`));
      if (!path) continue;
      const r = await cliProcess(commands[cmd](path, i), env, 30_000);
      const clean = r.code === 1 && /not a regular file|more than the|grew past/.test(r.err) && r.ms < 25_000;
      tally.record(
        'cli-input-types',
        `${cmd} <${k}> -> rc ${r.code} in ${(r.ms / 1000).toFixed(1)} s: ${r.err.trim().slice(0, 80)}`,
        clean,
      );
    }
    expect(tally.bad('cli-input-types')).toEqual([]);
  });

  it('store-paths: eval --store is refused unless absent or a regular file, and no journal is left beside a refused one', async () => {
    const rand = seededRandom(SEED + 1);
    const storeMakers: Record<string, (b: string) => string | null> = {
      ...makers,
      'link to a fifo': (b) => (execFileSync('mkfifo', [`${b}.target`]), symlinkSync(`${b}.target`, b), b),
      'dangling link': (b) => (symlinkSync(join(D, 'nowhere', 'x'), b), b),
      'journal is a fifo': (b) => (execFileSync('mkfifo', [`${b}-journal`]), b),
      'wal is a folder': (b) => (mkdirSync(`${b}-wal`), b),
      absent: (b) => b,
      'existing store': (b) => (copyFileSync(join(D, 'seed-store.sqlite'), b), b),
    };
    const seed = await harness.cli([
      'eval',
      '--ontology',
      onto,
      '--dataset',
      dataset,
      '--method',
      'reasoner-only',
      '--out',
      join(D, 'seed.json'),
      '--store',
      join(D, 'seed-store.sqlite'),
    ]);
    expect(seed.code, seed.err).toBe(0);
    const names = Object.keys(storeMakers).filter((n) => n !== 'sparse 80 MiB');
    for (let i = 0; i < 14; i++) {
      const k = i < names.length ? names[i] : pick(rand, names);
      const base = join(D, `store-${i}.sqlite`);
      const path = storeMakers[k](base);
      if (!path) continue;
      const watched = [base, `${base}-journal`, `${base}-wal`, `${base}-shm`, `${base}.target`];
      const before = watched.map(kind);
      const args = ['eval', '--ontology', onto, '--dataset', dataset, '--method', 'reasoner-only'];
      const r = await harness.cli([...args, '--out', join(D, `store-out-${i}.json`), '--store', path]);
      const after = watched.map(kind);
      const allowed = k === 'absent' || k === 'existing store';
      const clean = allowed
        ? r.code === 0 && kind(base).startsWith('file:')
        : r.code === 1 &&
          !/internal error/i.test(r.err) &&
          after.every((a, j) => a === before[j] || (j === 0 && a.startsWith('file:') && before[j] === a));
      tally.record('store-paths', `--store <${k}> -> rc ${r.code} ${r.err.trim().slice(0, 90)}`, clean);
    }
    expect(tally.bad('store-paths')).toEqual([]);
  });

  it('cache-record: damage that keeps sizes and times, and records that are not files, end in a rebuild, never an error or a wait', async () => {
    const rand = seededRandom(SEED + 2);
    const cacheDir = join(D, 'record-cache');
    const open = async () => {
      const s = new OntologyService({ cacheDir, appVersion: 'fuzz' });
      s.start();
      try {
        const h = await s.open(onto);
        const card = h.card('http://example.org/cardio#Heart');
        const ask = await h.sparql('ASK { ?s ?p ?o }', { timeoutMs: 20_000 });
        return { cache: h.summary.cache, ok: card !== null && ask.kind === 'ask' && ask.boolean === true };
      } finally {
        await s.stop();
      }
    };
    await open();
    const file = (ext: string) =>
      join(
        cacheDir,
        readdirSync(cacheDir).find((n) => n.endsWith(ext) && !n.startsWith('.'))!,
      );
    const keepStamp = (f: string, damage: () => void) => {
      execFileSync('touch', ['-r', f, `${f}.times`]);
      damage();
      execFileSync('touch', ['-r', `${f}.times`, f]);
      rmSync(`${f}.times`);
    };
    const flip = (f: string) =>
      keepStamp(f, () => {
        const size = statSync(f).size;
        const fd = openSync(f, 'r+');
        writeSync(fd, Buffer.from([Math.floor(rand() * 256)]), 0, 1, Math.floor(rand() * size));
        closeSync(fd);
      });
    const outside = join(D, 'outside-record.ok');
    let outsideBefore = '';
    const damages: Record<string, { damage: () => void; rebuilt: boolean; check?: () => boolean }> = {
      'one byte of the sqlite, stamp kept': { damage: () => flip(file('.sqlite')), rebuilt: true },
      'one byte of the graph, stamp kept': { damage: () => flip(file('.nt')), rebuilt: true },
      'a page of the sqlite, stamp kept': {
        damage: () =>
          keepStamp(file('.sqlite'), () => {
            const f = file('.sqlite');
            const page = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(rand() * 256)));
            const fd = openSync(f, 'r+');
            writeSync(fd, page, 0, 4096, 4096 * Math.floor(rand() * (statSync(f).size / 4096)));
            closeSync(fd);
          }),
        rebuilt: true,
      },
      'record is a folder': {
        damage: () => (rmSync(file('.ok')), mkdirSync(file('.sqlite').replace(/sqlite$/, 'ok'))),
        rebuilt: true,
      },
      'record is a fifo': {
        damage: () => (rmSync(file('.ok')), execFileSync('mkfifo', [file('.sqlite').replace(/sqlite$/, 'ok')])),
        rebuilt: true,
      },
      'record is a link to a copy (files touched)': {
        damage: () => {
          const ok = file('.ok');
          copyFileSync(ok, outside);
          outsideBefore = readFileSync(outside, 'utf8');
          rmSync(ok);
          symlinkSync(outside, ok);
          execFileSync('touch', [file('.sqlite')]);
        },
        rebuilt: true,
        // The link's target is never written; the record is a regular file again.
        check: () => readFileSync(outside, 'utf8') === outsideBefore && lstatSync(file('.ok')).isFile(),
      },
      'record is a link to /dev/zero': {
        damage: () => (rmSync(file('.ok')), symlinkSync('/dev/zero', file('.sqlite').replace(/sqlite$/, 'ok'))),
        rebuilt: true,
      },
      'record is 2 MiB of spaces': { damage: () => writeFileSync(file('.ok'), ' '.repeat(2 ** 21)), rebuilt: true },
      'record of another entry': {
        damage: () => {
          // Another entry's record: other checksums, and no inode of these files.
          const t = JSON.parse(readFileSync(file('.ok'), 'utf8')) as {
            files: Record<string, { sha256: string; inode?: string }>;
          };
          for (const f of Object.values(t.files)) {
            f.sha256 = f.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0'));
            delete f.inode;
          }
          writeFileSync(file('.ok'), JSON.stringify(t));
        },
        rebuilt: true,
      },
      'nothing (touched only)': { damage: () => execFileSync('touch', [file('.sqlite'), file('.nt')]), rebuilt: false },
    };
    const names = Object.keys(damages);
    for (let i = 0; i < 14; i++) {
      const name = i < names.length ? names[i] : pick(rand, names);
      let clean = false;
      let detail = '';
      try {
        damages[name].damage();
        const t0 = performance.now();
        const r = await open();
        const again = await open();
        const s = (performance.now() - t0) / 1000;
        clean =
          r.ok &&
          again.ok &&
          again.cache === 'hit' &&
          (r.cache === 'miss') === damages[name].rebuilt &&
          (damages[name].check?.() ?? true) &&
          s < 60;
        detail = `${r.cache} then ${again.cache} (${s.toFixed(1)} s)`;
      } catch (e) {
        detail = String(e).slice(0, 100);
      }
      tally.record('cache-record', `${name} -> ${detail}`, clean);
    }
    expect(tally.bad('cache-record')).toEqual([]);
  });
});
