import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { CACHE_SCHEMA_VERSION } from './schema';

export async function hashFile(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
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
