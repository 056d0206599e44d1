import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** A cache writer that deletes what it wrote when the load fails before it commits. */
interface Abortable {
  abort(): Promise<void>;
}

/**
 * What a cold load leaves behind until its entry is in place: the temporary dump and cache files, the
 * writer building them, and work still running (the bridge writing the dump, a copy of the base
 * entry). `cleanup` runs however the load ends.
 */
export class ColdScratch {
  readonly dumpPath: string;
  readonly tmpDb: string;
  readonly tmpNt: string;
  private readonly writers = new Set<Abortable>();
  private readonly running: Promise<unknown>[] = [];

  constructor(cacheDir: string) {
    const tmpBase = join(cacheDir, `.build-${process.pid}-${Date.now()}`);
    this.dumpPath = `${tmpBase}.ndjson`;
    this.tmpDb = `${tmpBase}.sqlite`;
    this.tmpNt = `${tmpBase}.nt`;
  }

  /** A writer to abort if the load fails; `release` it once it has committed. */
  hold<W extends Abortable>(writer: W): W {
    this.writers.add(writer);
    return writer;
  }

  release(writer: Abortable): void {
    this.writers.delete(writer);
  }

  /** Work to wait for before the files are removed; it must not reject. */
  waitFor(work: Promise<unknown>): void {
    this.running.push(work);
  }

  async cleanup(): Promise<void> {
    for (const w of this.writers) await w.abort();
    // A failure on this side can come while the bridge still writes the dump: let it finish first.
    for (const work of this.running) await work;
    // The bridge writes the dump through `<dump>.tmp`; a cancel kills it before the rename.
    for (const p of [this.dumpPath, `${this.dumpPath}.tmp`, this.tmpDb, this.tmpNt]) rmSync(p, { force: true });
  }
}
