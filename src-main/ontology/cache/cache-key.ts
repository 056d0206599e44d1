import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { CACHE_SCHEMA_VERSION } from './schema';

/** SHA-256 of a regular file; a pipe or a device is refused (ENOTREG) rather than read for ever. */
export async function hashFile(path: string): Promise<string> {
  const fh = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await fh.stat()).isFile())
      throw Object.assign(new Error(`${path} is not a regular file.`), { code: 'ENOTREG' });
    const h = createHash('sha256');
    for await (const chunk of fh.createReadStream({ highWaterMark: 1 << 20, autoClose: false }))
      h.update(chunk as Buffer);
    return h.digest('hex');
  } finally {
    await fh.close();
  }
}

const HASH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const h = createHash('sha256');
const fd = fs.openSync(workerData, 'r');
const buf = Buffer.allocUnsafe(1 << 20);
for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) h.update(buf.subarray(0, n));
fs.closeSync(fd);
parentPort.postMessage(h.digest('hex'));
`;

/**
 * hashFile on a thread of its own (about 20 ms to start), for this thread to go on with other work
 * meanwhile; in this thread, blocking, if the thread cannot start.
 */
export function hashFileAside(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let w: Worker;
    try {
      w = new Worker(HASH_WORKER, { eval: true, workerData: path });
    } catch {
      resolve(hashFileSync(path));
      return;
    }
    w.once('message', (h: string) => resolve(h));
    w.once('error', reject);
  });
}

/** hashFile, blocking: for a worker thread that has nothing else to do meanwhile. */
export function hashFileSync(path: string): string {
  const h = createHash('sha256');
  const buf = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) h.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return h.digest('hex');
}

/**
 * What else must match for a cache to be reused: our schema, the reasoner build that made it, and
 * the naming preference its names were chosen by.
 */
export function toolStamp(jarPath: string, appVersion: string, naming = ''): string {
  let jar = 'no-jar';
  try {
    const st = statSync(jarPath);
    jar = `${st.size}-${Math.floor(st.mtimeMs)}`;
  } catch {
    // a warm reopen must not need the jar
  }
  return `app ${appVersion}; schema ${CACHE_SCHEMA_VERSION}; bridge ${jar}${naming ? `; ${naming}` : ''}`;
}

export function cacheKey(contentHash: string, stamp: string): string {
  return createHash('sha256').update(contentHash).update('\u0000').update(stamp).digest('hex').slice(0, 32);
}
