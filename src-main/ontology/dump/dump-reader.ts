import { open, type FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { UserError } from '../../core/errors';
import type { DumpRecord } from './dump-types';

/** Seconds spent reading and parsing the dump, and waiting for the bridge to write more of it. */
export interface DumpReadStats {
  readSeconds: number;
  waitSeconds: number;
}

const CHUNK = 1 << 20;
/** How often a growing dump is looked at again: short next to the seconds the bridge spends writing it. */
const POLL_MS = 15;

/** Streams the NDJSON dump; it can run to hundreds of MiB at SNOMED scale, so never read it whole. */
export async function* readDump(path: string): AsyncGenerator<DumpRecord> {
  for await (const batch of followDump(path, Promise.resolve())) yield* batch;
}

/**
 * Reads the dump while the bridge is still writing it, in batches of records. The bridge writes
 * `<path>.tmp` and renames it to `path` once complete, then answers; `done` is that answer. A file
 * opened under either name stays the same file across the rename, so reading goes on until `done`
 * has resolved and the end of the file is reached: only then is the dump known to be whole. When
 * `done` rejects (the bridge failed, or the load was cancelled), so does this.
 */
export async function* followDump(
  path: string,
  done: Promise<unknown>,
  stats: DumpReadStats = { readSeconds: 0, waitSeconds: 0 },
): AsyncGenerator<DumpRecord[]> {
  let finished = false;
  let failure: { error: unknown } | undefined;
  const settled = done.then(
    () => {
      finished = true;
    },
    (error: unknown) => {
      failure = { error };
    },
  );
  let t0 = performance.now();
  const fh = await openWhenThere(
    path,
    settled,
    () => finished,
    () => failure,
  );
  stats.waitSeconds += (performance.now() - t0) / 1000;
  const decoder = new StringDecoder('utf8');
  const buf = Buffer.allocUnsafe(CHUNK);
  let pos = 0;
  let carry = '';
  let line = 0;
  const parse = (text: string): DumpRecord => {
    line++;
    try {
      return JSON.parse(text) as DumpRecord;
    } catch {
      throw new UserError('dump-corrupt', `The reasoner's output was damaged at line ${line}; try loading again.`);
    }
  };
  try {
    for (;;) {
      if (failure) throw failure.error;
      // Read `finished` before reading the file: once the bridge has answered, an empty read is the end.
      const complete = finished;
      let t = performance.now();
      const { bytesRead } = await fh.read(buf, 0, CHUNK, pos);
      if (bytesRead === 0) {
        if (complete) break;
        t = performance.now();
        await Promise.race([settled, sleep(POLL_MS)]);
        stats.waitSeconds += (performance.now() - t) / 1000;
        continue;
      }
      pos += bytesRead;
      const text = carry + decoder.write(buf.subarray(0, bytesRead));
      const cut = text.lastIndexOf('\n');
      if (cut < 0) {
        carry = text;
        continue;
      }
      carry = text.slice(cut + 1);
      const batch: DumpRecord[] = [];
      let start = 0;
      while (start <= cut) {
        const end = text.indexOf('\n', start);
        if (end > start) batch.push(parse(text.slice(start, end)));
        else line++;
        start = end + 1;
      }
      stats.readSeconds += (performance.now() - t) / 1000;
      yield batch;
    }
    t0 = performance.now();
    const rest = carry + decoder.end();
    const last = rest.trim() ? [parse(rest)] : [];
    stats.readSeconds += (performance.now() - t0) / 1000;
    if (last.length) yield last;
  } finally {
    await fh.close();
  }
}

async function openWhenThere(
  path: string,
  settled: Promise<void>,
  finished: () => boolean,
  failure: () => { error: unknown } | undefined,
): Promise<FileHandle> {
  for (;;) {
    const f = failure();
    if (f) throw f.error;
    // After the answer only the final name can be right; before it, the file may be under either.
    const wasFinished = finished();
    for (const p of wasFinished ? [path] : [`${path}.tmp`, path]) {
      try {
        return await open(p, 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    if (wasFinished)
      throw new UserError('dump-corrupt', 'The reasoner finished without writing its output; try loading again.');
    await Promise.race([settled, sleep(POLL_MS * 3)]);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
