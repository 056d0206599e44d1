import { EventEmitter } from 'node:events';
import { watch as fsWatch, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { hashFile } from '../cache/cache-key';
import type { FileChangeState, OntologyFileChange } from './watch-types';

export interface FileWatcherOptions {
  /** Quiet time after a file's last event before it is checked: one save is often several events. */
  debounceMs?: number;
  hash?: (path: string) => Promise<string>;
  /** Watches a folder; fs.watch unless a test replaces it. */
  watchDir?: (dir: string, onEvent: (name: string | null) => void, onError: () => void) => { close(): void };
}

/** Some file systems keep whole-second mtimes: a file changed this close to a load's start is hashed, not trusted. */
const MTIME_SLACK_MS = 2000;

interface Entry {
  id: string;
  /** The ontology this file belongs to: its own file, or one of its imports. */
  owner: string;
  path: string;
  name: string;
  dir: string;
  /** The hash of the content the ontology was loaded from; null until known. */
  sourceHash: string | null;
  /** Size, mtime and inode when `hash` was computed: a file with the same stamp is not read again. */
  stamp: string | null;
  hash: string | null;
  /** The state last reported, so that only changes of state become events. */
  reported: FileChangeState;
  timer?: NodeJS.Timeout;
  /** Checks of one file run one after another. */
  chain: Promise<FileChangeState>;
  attached: boolean;
  gone: boolean;
}

interface DirWatch {
  close(): void;
  entries: Set<Entry>;
}

/**
 * Watches the files of the open ontologies and emits 'change' (an OntologyFileChange) when one's
 * content stops or starts matching what was loaded, or it is deleted. The folder is watched, not the
 * file: editors save by writing a new file and renaming it over the old one, which ends a file watch.
 * A change is first judged by size and mtime, then by the content hash, so touching a file is silent.
 */
export class FileWatcher {
  readonly events = new EventEmitter();
  private readonly entries = new Map<string, Entry>();
  /** The state last reported per ontology: its file's and its imports' states taken together. */
  private readonly ownerReported = new Map<string, FileChangeState>();
  private readonly dirs = new Map<string, DirWatch>();
  private readonly debounceMs: number;
  private readonly hash: (path: string) => Promise<string>;
  private readonly watchDir: NonNullable<FileWatcherOptions['watchDir']>;
  private started = false;

  constructor(o: FileWatcherOptions = {}) {
    this.debounceMs = o.debounceMs ?? 300;
    this.hash = o.hash ?? hashFile;
    this.watchDir = o.watchDir ?? nodeWatchDir;
  }

  start(): void {
    this.started = true;
    for (const e of this.entries.values()) this.attach(e);
  }

  stop(): void {
    this.started = false;
    for (const e of [...this.entries.values()]) this.drop(e);
    this.entries.clear();
  }

  /**
   * Starts watching an ontology's file, replacing what was watched under that id (a reload). `since` is
   * when its load began: a file modified after that may differ from what was loaded, so it is checked now.
   */
  watch(
    id: string,
    file: string,
    sourceHash: string | null,
    since: number,
    imports: readonly { path: string; hash: string }[] = [],
  ): void {
    for (const x of [...this.entries.values()])
      if (x.owner === id && x.id !== id) {
        this.drop(x);
        this.entries.delete(x.id);
      }
    this.add(id, id, file, sourceHash, since);
    // An edited import changes what the ontology entails just as an edit of its own file does.
    for (const imp of imports) this.add(`${id}\u0000${imp.path}`, id, imp.path, imp.hash, since);
  }

  private add(id: string, owner: string, file: string, sourceHash: string | null, since: number): void {
    const prev = this.entries.get(id);
    if (prev) this.drop(prev);
    const path = resolve(file);
    const e: Entry = {
      id,
      owner,
      path,
      name: basename(path),
      dir: dirname(path),
      sourceHash,
      stamp: null,
      hash: null,
      // A reload of a changed file ends as 'unchanged', which is then reported.
      reported: prev?.reported ?? 'unchanged',
      chain: Promise.resolve('unchanged'),
      attached: false,
      gone: false,
    };
    this.entries.set(id, e);
    if (this.started) this.attach(e);
    this.enqueue(e, () => this.baseline(e, since));
  }

  unwatch(id: string): void {
    for (const e of [...this.entries.values()])
      if (e.owner === id) {
        this.drop(e);
        this.entries.delete(e.id);
      }
    this.ownerReported.delete(id);
  }

  /** The file's state now (checked, not remembered), or null when nothing is watched under that id. */
  status(id: string): Promise<FileChangeState> | null {
    if (!this.entries.get(id)) return null;
    const checks = [...this.entries.values()]
      .filter((e) => e.owner === id)
      .map((e) => {
        // A folder whose watch failed (e.g. it was removed and made again) is tried again.
        if (this.started && !e.attached) this.attach(e);
        clearTimeout(e.timer);
        e.timer = undefined;
        return this.enqueue(e, () => this.check(e));
      });
    return Promise.all(checks).then(() => this.combined(id));
  }

  /** The ontology's state: its file's when that is deleted, else modified when it or any import is. */
  private combined(owner: string): FileChangeState {
    const own = this.entries.get(owner);
    if (own?.reported === 'deleted') return 'deleted';
    for (const e of this.entries.values()) if (e.owner === owner && e.reported !== 'unchanged') return 'modified';
    return 'unchanged';
  }

  private async baseline(e: Entry, since: number): Promise<FileChangeState> {
    let st: Stats;
    try {
      st = await stat(e.path);
    } catch {
      return this.check(e);
    }
    if (e.sourceHash !== null && st.isFile() && st.mtimeMs < since - MTIME_SLACK_MS) {
      e.stamp = stampOf(st);
      e.hash = e.sourceHash;
      return this.settle(e, 'unchanged');
    }
    return this.check(e);
  }

  private async check(e: Entry): Promise<FileChangeState> {
    let st: Stats;
    try {
      st = await stat(e.path);
    } catch (err) {
      return this.settle(e, isMissing(err) ? 'deleted' : e.reported);
    }
    if (!st.isFile()) return this.settle(e, 'deleted');
    const stamp = stampOf(st);
    if (stamp !== e.stamp || e.hash === null) {
      try {
        e.hash = await this.hash(e.path);
        e.stamp = stamp;
      } catch (err) {
        // Unreadable for now (e.g. permissions): keep what was said until a readable version appears.
        return this.settle(e, isMissing(err) ? 'deleted' : e.reported);
      }
    }
    // Without a recorded hash (a cache from before sourceHash), the content seen first is the loaded one.
    e.sourceHash ??= e.hash;
    return this.settle(e, e.hash === e.sourceHash ? 'unchanged' : 'modified');
  }

  private settle(e: Entry, state: FileChangeState): FileChangeState {
    if (e.gone) return state;
    e.reported = state;
    const now = this.combined(e.owner);
    if (now === (this.ownerReported.get(e.owner) ?? 'unchanged')) return state;
    this.ownerReported.set(e.owner, now);
    const change: OntologyFileChange = {
      ontologyId: e.owner,
      path: this.entries.get(e.owner)?.path ?? e.path,
      state: now,
      ...(e.owner !== e.id && state !== 'unchanged' ? { importPath: e.path } : {}),
    };
    this.events.emit('change', change);
    return state;
  }

  private enqueue(e: Entry, work: () => Promise<FileChangeState>): Promise<FileChangeState> {
    const run = () => (e.gone ? e.reported : work().catch(() => e.reported));
    e.chain = e.chain.then(run, run);
    return e.chain;
  }

  private schedule(e: Entry): void {
    clearTimeout(e.timer);
    e.timer = setTimeout(() => {
      e.timer = undefined;
      void this.enqueue(e, () => this.check(e));
    }, this.debounceMs);
    e.timer.unref?.();
  }

  private attach(e: Entry): void {
    let d = this.dirs.get(e.dir);
    if (!d) {
      const dir = e.dir;
      const entries = new Set<Entry>();
      const onEvent = (name: string | null) => {
        for (const x of entries) if (name === null || name === x.name) this.schedule(x);
      };
      const onError = () => {
        // The folder itself went away or cannot be watched any more: check its files once, watch again on status.
        if (this.dirs.get(dir)?.entries !== entries) return;
        this.dirs.get(dir)!.close();
        this.dirs.delete(dir);
        for (const x of entries) {
          x.attached = false;
          this.schedule(x);
        }
      };
      try {
        d = { ...this.watchDir(dir, onEvent, onError), entries };
      } catch {
        // No watch (a missing folder, or no inotify watches left): status() still answers, and reload works.
        return;
      }
      this.dirs.set(dir, d);
    }
    d.entries.add(e);
    e.attached = true;
  }

  private drop(e: Entry): void {
    e.gone = true;
    clearTimeout(e.timer);
    const d = this.dirs.get(e.dir);
    if (!d) return;
    d.entries.delete(e);
    if (!d.entries.size) {
      d.close();
      this.dirs.delete(e.dir);
    }
  }
}

function nodeWatchDir(dir: string, onEvent: (name: string | null) => void, onError: () => void) {
  // Not persistent: an open ontology must not keep a finished process alive.
  const w = fsWatch(dir, { persistent: false }, (_type, name) => onEvent(name === null ? null : String(name)));
  w.on('error', onError);
  return { close: () => w.close() };
}

function stampOf(st: Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ino}`;
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
