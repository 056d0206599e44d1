import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Container } from '../../../src-main/container';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';
import { tempDir } from '../../support/temp-dir';

/** The order the container stops its services in: the reverse of their start. */
const STOP_ORDER = [
  'stop tasks',
  'stop fileWatcher',
  'stop history',
  'stop openOntologies',
  'stop ontologies',
  'stop settings',
];

// The real services in a temp folder; spies only record the order of their start and stop calls (and
// make one start fail where the case needs a failure no real folder produces).
const dirs: { cleanup: () => void }[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) d.cleanup();
});

function container(over: { cacheDir?: string } = {}) {
  const dir = tempDir('oarag-container-');
  dirs.push(dir);
  const c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {}, ...over });
  return { c, dir: dir.path };
}

/** Records start/stop calls of the container's services, in call order, and lets them run. */
function record(c: Container) {
  const log: string[] = [];
  const services = {
    settings: c.settings,
    ontologies: c.ontologies,
    openOntologies: c.openOntologies,
    history: c.history,
    fileWatcher: c.fileWatcher,
    tasks: c.tasks,
  } as const;
  for (const [name, svc] of Object.entries(services)) {
    for (const m of ['start', 'stop'] as const) {
      const real = svc[m].bind(svc) as () => unknown;
      vi.spyOn(svc, m).mockImplementation((() => (log.push(`${m} ${name}`), real())) as never);
    }
  }
  return log;
}

describe('Container start and stop', () => {
  it('starts the services in dependency order and stops them in reverse', async () => {
    const { c, dir } = container();
    const log = record(c);
    await c.start();
    expect(existsSync(join(dir, 'data'))).toBe(true);
    expect(existsSync(join(dir, 'cache'))).toBe(true);
    // history opens at its first use, so it has no start to record.
    expect(log).toEqual([
      'start settings',
      'start ontologies',
      'start openOntologies',
      'start fileWatcher',
      'start tasks',
    ]);
    log.length = 0;
    await c.stop();
    expect(log).toEqual(STOP_ORDER);
  });

  it('cancels running tasks before the services they use stop', async () => {
    const { c } = container();
    await c.start();
    let seen: AbortSignal | undefined;
    const t = c.tasks.launch('load', 'long', (task) => {
      seen = task.signal;
      return new Promise((_r, reject) => task.signal.addEventListener('abort', () => reject(task.signal.reason)));
    });
    const historyStop = vi.spyOn(c.history, 'stop');
    const abortedWhenHistoryStopped: boolean[] = [];
    historyStop.mockImplementation(() => void abortedWhenHistoryStopped.push(seen!.aborted));
    await c.stop();
    expect(abortedWhenHistoryStopped).toEqual([true]);
    await vi.waitFor(() => expect(c.tasks.get(t.id)?.state).toBe('cancelled'));
  });

  it('a start that fails stops what had started, newest first, and throws its own error', async () => {
    const { dir } = container();
    // A cache folder that is a file: the ontology service cannot start (a real failure).
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const bad = new Container({ cacheDir: file, dataDir: join(dir, 'data'), env: {} });
    const log = record(bad);
    await expect(bad.start()).rejects.toThrow(/EEXIST|ENOTDIR|not a directory|file already exists/);
    expect(log).toEqual(['start settings', 'start ontologies', 'stop settings']);
    // Nothing is left to stop; once the cause is gone, the same container starts.
    log.length = 0;
    await bad.stop();
    expect(log).toEqual([]);
    rmSync(file);
    await bad.start();
    expect(log.at(-1)).toBe('start tasks');
    await bad.stop();
  });

  it('a failure late in the start stops every service started before it, in reverse', async () => {
    const { c } = container();
    const log = record(c);
    vi.spyOn(c.tasks, 'start').mockImplementation(() => {
      log.push('start tasks');
      throw new Error('tasks refused');
    });
    await expect(c.start()).rejects.toThrow('tasks refused');
    expect(log).toEqual([
      'start settings',
      'start ontologies',
      'start openOntologies',
      'start fileWatcher',
      'start tasks',
      'stop fileWatcher',
      'stop history',
      'stop openOntologies',
      'stop ontologies',
      'stop settings',
    ]);
  });

  it('stops every service even when one stop fails, then throws that failure', async () => {
    const { c } = container();
    const log = record(c);
    await c.start();
    log.length = 0;
    vi.spyOn(c.history, 'stop').mockImplementation(() => {
      log.push('stop history');
      throw new Error('history would not close');
    });
    await expect(c.stop()).rejects.toThrow('history would not close');
    expect(log).toEqual(STOP_ORDER);
  });

  it('stop releases the ontologies served to clients through the ontology service', async () => {
    const { c } = container();
    await c.start();
    const f = await handleFromDump(clinicalDump());
    dirs.push({ cleanup: f.cleanup });
    const close = vi.spyOn(c.ontologies, 'close');
    c.openOntologies.adopt(f.handle);
    const qs = c.queryService(f.handle);
    await c.stop();
    expect(close).toHaveBeenCalledWith(f.handle);
    expect(f.handle.isOpen).toBe(false);
    expect(c.openOntologies.list()).toEqual([]);
    // Its query service (name indexes) was forgotten with it.
    expect(c.queryService(f.handle)).not.toBe(qs);
  });

  it('a second start or stop does nothing; a stopped container starts again', async () => {
    const { c } = container();
    const log = record(c);
    await c.start();
    await c.start();
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(5);
    await c.stop();
    await c.stop();
    expect(log.filter((l) => l.startsWith('stop'))).toHaveLength(6);
    await c.start();
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(10);
    await c.stop();
  });
});
