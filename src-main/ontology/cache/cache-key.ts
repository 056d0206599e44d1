import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { CACHE_SCHEMA_VERSION } from './schema';

export async function hashFile(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  return h.digest('hex');
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
