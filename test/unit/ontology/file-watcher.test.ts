import { renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashFile } from '../../../src-main/ontology/cache/cache-key';
import { FileWatcher } from '../../../src-main/ontology/watch/file-watcher';
import type { OntologyFileChange } from '../../../src-main/ontology/watch/watch-types';
import { tempDir } from '../../support/temp-dir';

// Real files in a temp folder and the real fs.watch; only the debounce is shortened.
const DEBOUNCE = 200;
/** Long enough for a debounced check to have run and reported, on a busy two-core machine. */
const SETTLE = DEBOUNCE + 1000;
const ORIGINAL = 'Prefix(:=<http://example.org/w#>)\nOntology(<http://example.org/w>\nDeclaration(Class(:A))\n)\n';
const EDITED = ORIGINAL.replace(')\n)', ')\nDeclaration(Class(:B))\n)');

let dir: { path: string; cleanup: () => void };
let file: string;
let w: FileWatcher;
let seen: OntologyFileChange[];
/** How often the watcher read a file to hash it. */
let hashes: number;
/** When a load began: before the file was written, so the watcher trusts the file as loaded. */
let loadStarted: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(n: number, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (seen.length < n) {
    if (Date.now() > end) throw new Error(`expected ${n} events, saw ${JSON.stringify(seen)}`);
    await sleep(20);
  }
}

beforeEach(async () => {
  dir = tempDir('oarag-watch-');
  file = join(dir.path, 'onto.ofn');
  writeFileSync(file, ORIGINAL);
  // An mtime well before the load began, as for a file that was not touched while it loaded.
  const old = new Date(Date.now() - 60_000);
  utimesSync(file, old, old);
  loadStarted = Date.now();
  hashes = 0;
  w = new FileWatcher({ debounceMs: DEBOUNCE, hash: (p) => (hashes++, hashFile(p)) });
  seen = [];
  w.events.on('change', (c: OntologyFileChange) => seen.push(c));
  w.start();
  w.watch(file, file, await hashFile(file), loadStarted);
  // Let the watch settle its baseline before the test writes.
  await w.status(file);
  // Trusted from its mtime: the loaded hash is the file's, nothing was read.
  expect(hashes).toBe(0);
});

afterEach(() => {
  w.stop();
  dir.cleanup();
});

describe('FileWatcher', () => {
  it('reports an edited import as a change of the ontology that imports it, and its undo as unchanged', async () => {
    const imp = join(dir.path, 'imports-ro.ofn');
    writeFileSync(imp, ORIGINAL);
    const old = new Date(Date.now() - 60_000);
    utimesSync(imp, old, old);
    w.watch(file, file, await hashFile(file), loadStarted, [{ path: imp, hash: await hashFile(imp) }]);
    expect(await w.status(file)).toBe('unchanged');
    writeFileSync(imp, EDITED);
    await until(1);
    expect(seen).toEqual([{ ontologyId: file, path: file, state: 'modified', importPath: imp }]);
    writeFileSync(imp, ORIGINAL);
    await until(2);
    expect(seen[1]).toEqual({ ontologyId: file, path: file, state: 'unchanged' });
    expect(await w.status(file)).toBe('unchanged');
  });

  it('reports one modification after the writes stop, reading the file once', async () => {
    writeFileSync(file, EDITED.slice(0, 40));
    await sleep(30);
    writeFileSync(file, EDITED);
    expect(seen).toEqual([]);
    await until(1);
    await sleep(SETTLE);
    expect(seen).toEqual([{ ontologyId: file, path: file, state: 'modified' }]);
    expect(hashes).toBe(1);
    // Asked again with nothing new on disk: size and mtime match, so the file is not read again.
    expect(await w.status(file)).toBe('modified');
    expect(hashes).toBe(1);
  });

  it('sees a save by rename (a new file moved over the old one)', async () => {
    const tmp = join(dir.path, '.onto.ofn.swp');
    writeFileSync(tmp, EDITED);
    renameSync(tmp, file);
    await until(1);
    expect(seen[0].state).toBe('modified');
  });

  it('says nothing when the file is touched or rewritten with the same bytes', async () => {
    const now = new Date();
    utimesSync(file, now, now);
    await sleep(SETTLE);
    writeFileSync(file, ORIGINAL);
    await sleep(SETTLE);
    expect(seen).toEqual([]);
    expect(await w.status(file)).toBe('unchanged');
  });

  it('reports a deletion, and the same content coming back as unchanged', async () => {
    rmSync(file);
    await until(1);
    expect(seen[0].state).toBe('deleted');
    writeFileSync(file, ORIGINAL);
    await until(2);
    expect(seen[1].state).toBe('unchanged');
  });

  it('reports an edit that was undone as unchanged', async () => {
    writeFileSync(file, EDITED);
    await until(1);
    writeFileSync(file, ORIGINAL);
    await until(2);
    expect(seen.map((c) => c.state)).toEqual(['modified', 'unchanged']);
  });

  it('stops when the ontology is closed', async () => {
    w.unwatch(file);
    writeFileSync(file, EDITED);
    await sleep(SETTLE);
    rmSync(file);
    await sleep(SETTLE);
    expect(seen).toEqual([]);
    expect(w.status(file)).toBeNull();
  });

  it('compares with the new content once the ontology is reloaded, and says the change is gone', async () => {
    writeFileSync(file, EDITED);
    await until(1);
    w.watch(file, file, await hashFile(file), Date.now());
    await until(2);
    expect(seen[1].state).toBe('unchanged');
    writeFileSync(file, ORIGINAL);
    await until(3);
    expect(seen[2].state).toBe('modified');
  });

  it('checks a file changed while it was loading, without waiting for an event', async () => {
    const loadedHash = await hashFile(file);
    const started = Date.now();
    writeFileSync(file, EDITED);
    w.watch(file, file, loadedHash, started);
    await until(1);
    expect(seen[0].state).toBe('modified');
  });

  it('answers status without a folder watch (none could be made)', async () => {
    const blind = new FileWatcher({
      watchDir: () => {
        throw new Error('ENOSPC: no inotify watches left');
      },
    });
    const events: OntologyFileChange[] = [];
    blind.events.on('change', (c: OntologyFileChange) => events.push(c));
    blind.start();
    blind.watch('x', file, await hashFile(file), loadStarted);
    expect(await blind.status('x')).toBe('unchanged');
    writeFileSync(file, EDITED);
    await sleep(SETTLE);
    expect(events).toEqual([]);
    expect(await blind.status('x')).toBe('modified');
    // A status check that finds a change reports it to every listener too.
    expect(events.map((c) => c.state)).toEqual(['modified']);
    rmSync(file);
    expect(await blind.status('x')).toBe('deleted');
    blind.stop();
  });
});
