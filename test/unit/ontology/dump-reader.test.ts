import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { followDump, readDump, type DumpReadStats } from '../../../src-main/ontology/dump/dump-reader';
import type { DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-dump-');
afterAll(() => dir.cleanup());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function records(n: number): DumpRecord[] {
  // Non-ASCII names, so chunk boundaries fall inside multi-byte characters too.
  return Array.from({ length: n }, (_, i) => ({
    t: 'class',
    iri: `http://x/C${i}`,
    annotations: [{ p: 'http://www.w3.org/2000/01/rdf-schema#label', v: `Zellkern ${i} – größer` }],
    deprecated: false,
  }));
}

async function collect(gen: AsyncGenerator<DumpRecord[]>): Promise<DumpRecord[]> {
  const out: DumpRecord[] = [];
  for await (const batch of gen) out.push(...batch);
  return out;
}

describe('reading the dump while the bridge writes it', () => {
  it('reads every record of a file written in pieces under .tmp and then renamed, in order', async () => {
    const path = join(dir.path, 'a.ndjson');
    const recs = records(3000);
    const text = recs.map((r) => JSON.stringify(r) + '\n').join('');
    const bytes = Buffer.from(text);
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const stats: DumpReadStats = { readSeconds: 0, waitSeconds: 0 };
    const reading = collect(followDump(path, done, stats));
    await sleep(40); // the reader waits for the file to appear
    writeFileSync(`${path}.tmp`, '');
    // Odd piece sizes cut lines and UTF-8 sequences apart.
    for (let at = 0; at < bytes.length; at += 7919) {
      appendFileSync(`${path}.tmp`, bytes.subarray(at, Math.min(bytes.length, at + 7919)));
      if (at % (7919 * 8) === 0) await sleep(5);
    }
    renameSync(`${path}.tmp`, path);
    finish();
    expect(await reading).toEqual(recs);
    expect(stats.waitSeconds).toBeGreaterThan(0);
  });

  it('reads a file that was complete and renamed before the reader looked', async () => {
    const path = join(dir.path, 'b.ndjson');
    const recs = records(10);
    writeFileSync(path, recs.map((r) => JSON.stringify(r)).join('\n')); // no newline after the last line
    expect(await collect(followDump(path, Promise.resolve()))).toEqual(recs);
    const one: DumpRecord[] = [];
    for await (const r of readDump(path)) one.push(r);
    expect(one).toEqual(recs);
  });

  it("fails with the bridge's error when the bridge fails mid-write", async () => {
    const path = join(dir.path, 'c.ndjson');
    writeFileSync(`${path}.tmp`, JSON.stringify(records(1)[0]) + '\n{"t":"cla');
    const boom = new Error('Java ran out of memory');
    const done = sleep(60).then(() => {
      throw boom;
    });
    await expect(collect(followDump(path, done))).rejects.toBe(boom);
  });

  it('names the damaged line', async () => {
    const path = join(dir.path, 'd.ndjson');
    writeFileSync(path, `${JSON.stringify(records(1)[0])}\n\n{"t": oops}\n`);
    await expect(collect(followDump(path, Promise.resolve()))).rejects.toMatchObject({
      code: 'dump-corrupt',
      message: expect.stringContaining('line 3'),
    });
  });

  it('says so when the bridge answered without writing anything', async () => {
    await expect(collect(followDump(join(dir.path, 'never.ndjson'), sleep(30)))).rejects.toMatchObject({
      code: 'dump-corrupt',
    });
  });
});
