import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { UserError } from '../../core/errors';
import type { DumpRecord } from './dump-types';

/** Streams the NDJSON dump; it can run to hundreds of MiB at SNOMED scale, so never read it whole. */
export async function* readDump(path: string): AsyncGenerator<DumpRecord> {
  const rl = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    if (!line) continue;
    try {
      yield JSON.parse(line) as DumpRecord;
    } catch {
      throw new UserError('dump-corrupt', `The reasoner's output was damaged at line ${n}; try loading again.`);
    }
  }
}
