import { execFileSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #27 items 2 and 3 (and 9's cache spellings): the integrity record proves content, not sizes and
 * times; the record itself is read and written only as a regular file; equivalent language spellings
 * share an entry and the variants of one source are evicted past three.
 */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');

function entry(cacheDir: string, ext: string): string {
  const f = readdirSync(cacheDir).find((n) => n.endsWith(ext) && !n.startsWith('.'));
  if (!f) throw new Error(`no ${ext} in ${cacheDir}`);
  return join(cacheDir, f);
}

/** Overwrites bytes in the middle of a file, then puts its size and times back as they were. */
function damageKeepingStamp(file: string): void {
  const st = statSync(file);
  // touch -r copies times to the nanosecond, as a hostile user would.
  const ref = `${file}.times`;
  execFileSync('touch', ['-r', file, ref]);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(st.size / 2 / 4096) * 4096);
  closeSync(fd);
  execFileSync('touch', ['-r', ref, file]);
  rmSync(ref);
  expect(statSync(file).mtimeMs).toBe(st.mtimeMs);
  expect(statSync(file).size).toBe(st.size);
}

async function open(cacheDir: string, languages?: string[], timeoutMs = 60_000) {
  const s = new OntologyService({ cacheDir, appVersion: 'test' });
  s.start();
  try {
    let timer: NodeJS.Timeout | undefined;
    const h = await Promise.race([
      s.open(SAMPLE, languages ? { naming: { languages } } : {}),
      new Promise<never>((_r, j) => (timer = setTimeout(() => j(new Error('open hung')), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
    const card = h.card('http://example.org/cardio#Heart');
    const ask = await h.sparql('ASK { ?s ?p ?o }', { timeoutMs: 20_000 });
    return { summary: h.summary, card, ask };
  } finally {
    await s.stop();
  }
}

const rebuiltNote = (r: { summary: { warnings: { code: string; message: string }[] } }) =>
  r.summary.warnings.find((w) => w.code === 'cache-rebuilt')?.message ?? '';

describe('the cache integrity record proves content', () => {
  const dir = tempDir('oarag-cache-proof-');
  const cacheDir = join(dir.path, 'cache');

  it('builds, then opens warm', async () => {
    expect((await open(cacheDir)).summary.cache).toBe('miss');
    expect((await open(cacheDir)).summary.cache).toBe('hit');
  });

  it('catches SQLite damage that keeps size and modification time, and rebuilds', async () => {
    damageKeepingStamp(entry(cacheDir, '.sqlite'));
    const r = await open(cacheDir);
    expect(r.summary.cache).toBe('miss');
    expect(rebuiltNote(r)).toMatch(/checksum differs/);
    expect(r.card).toBeTruthy();
    expect((await open(cacheDir)).summary.cache).toBe('hit');
  });

  it('catches closure-graph damage that keeps size and modification time; SPARQL answers after the rebuild', async () => {
    damageKeepingStamp(entry(cacheDir, '.nt'));
    const r = await open(cacheDir);
    expect(r.summary.cache).toBe('miss');
    expect(r.ask).toMatchObject({ kind: 'ask', boolean: true });
  });

  it('a read that fails on a proven entry moves it aside and rebuilds once, with a warning', async () => {
    // A record written over a bad file: the checksums match, the first read does not.
    const db = entry(cacheDir, '.sqlite');
    const ok = entry(cacheDir, '.ok');
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0xee), 0, 4096 * 4, 0);
    closeSync(fd);
    const token = JSON.parse(readFileSync(ok, 'utf8')) as { files: Record<string, { sha256: string }> };
    const { createHash } = await import('node:crypto');
    token.files[basename(db)].sha256 = createHash('sha256').update(readFileSync(db)).digest('hex');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(ok, JSON.stringify(token));
    const r = await open(cacheDir);
    expect(r.summary.cache).toBe('miss');
    expect(rebuiltNote(r)).toMatch(/could not be read.*moved to/);
    expect(readdirSync(join(cacheDir, 'damaged')).some((n) => n.endsWith(basename(db)))).toBe(true);
    expect((await open(cacheDir)).summary.cache).toBe('hit');
  });
});

describe('the integrity record is only ever a regular file', () => {
  const dir = tempDir('oarag-cache-record-');
  const cacheDir = join(dir.path, 'cache');

  it('a folder in its place: rebuilt, no EISDIR', async () => {
    await open(cacheDir);
    const ok = entry(cacheDir, '.ok');
    renameSync(ok, `${ok}.moved`);
    mkdirSync(ok);
    const r = await open(cacheDir);
    expect(r.summary.cache).toBe('miss');
    expect(lstatSync(ok).isFile()).toBe(true);
    expect((await open(cacheDir)).summary.cache).toBe('hit');
  });

  it('a named pipe in its place: the load does not wait on it', async () => {
    const ok = entry(cacheDir, '.ok');
    renameSync(ok, `${ok}.moved2`);
    execFileSync('mkfifo', [ok]);
    const t0 = performance.now();
    const r = await open(cacheDir, undefined, 30_000);
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(r.summary.cache).toBe('miss');
    expect(lstatSync(ok).isFile()).toBe(true);
  });

  it('a symbolic link in its place: its target is never written; the record becomes a regular file again', async () => {
    const ok = entry(cacheDir, '.ok');
    const outside = join(dir.path, 'outside.ok');
    copyFileSync(ok, outside);
    const before = readFileSync(outside, 'utf8');
    renameSync(ok, `${ok}.moved3`);
    symlinkSync(outside, ok);
    // Same content, new time: the old code rewrote the record in place, through the link.
    const db = entry(cacheDir, '.sqlite');
    const later = new Date(Date.now() + 5000);
    utimesSync(db, later, later);
    await open(cacheDir);
    expect(readFileSync(outside, 'utf8')).toBe(before);
    expect(lstatSync(ok).isFile()).toBe(true);
    expect((await open(cacheDir)).summary.cache).toBe('hit');
  });
});

describe('naming variants of one source', () => {
  const dir = tempDir('oarag-cache-variants-');
  const cacheDir = join(dir.path, 'cache');
  const entries = () => readdirSync(cacheDir).filter((n) => /^[0-9a-f]+\.sqlite$/.test(n));

  it('spellings of one preference share one entry', async () => {
    for (const langs of [
      ['en', ''],
      ['EN', ''],
      ['en', 'en', ''],
      ['en', 'en-GB', '', ''],
    ])
      await open(cacheDir, langs);
    expect(entries()).toHaveLength(1);
  });

  it('keeps at most three preferences of one source, the most recently used', async () => {
    for (const langs of [
      ['de', ''],
      ['fr', ''],
      ['es', ''],
    ])
      await open(cacheDir, langs);
    expect(entries()).toHaveLength(3);
    expect((await open(cacheDir, ['es', ''])).summary.cache).toBe('hit');
    expect((await open(cacheDir, ['en', ''])).summary.cache).toBe('miss');
  });

  it('cleans up', () => dir.cleanup());
});
