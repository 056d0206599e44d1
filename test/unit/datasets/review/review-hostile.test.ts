import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McqItem } from '../../../../src-main/datasets/dataset-types';
import { toJsonl } from '../../../../src-main/datasets/generate/dataset';
import { DatasetReviewService } from '../../../../src-main/datasets/review/dataset-review-service';
import { tempDir } from '../../../support/temp-dir';

/** Issue #27 items 1 and 8: hostile ids and files that are not regular files. */
const C = 'http://example.org/cardio#';
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function mcq(id: string): McqItem {
  return {
    id,
    ontology: 'cardio.ofn',
    kind: 'mcq',
    question: `Viral myocarditis has location some ____ (${id}).`,
    options: [
      { key: 'A', iri: `${C}Heart`, name: 'heart' },
      { key: 'toString', iri: `${C}Aorta`, name: 'aorta' },
    ],
    gold: ['A'],
    slot: 'filler',
    axiom: { subject: `${C}ViralMyocarditis`, relation: `${C}hasLocation`, filler: `${C}Heart` },
    evidence: [],
  };
}

function folder(): string {
  const d = tempDir('oarag-review-hostile-');
  dirs.push(d);
  return d.path;
}

/** Resolves with the outcome, or 'pending' when the call has not settled within `ms` (a blocked reader). */
async function within<T>(p: Promise<T>, ms = 3000): Promise<T | 'pending'> {
  let t: NodeJS.Timeout | undefined;
  const timer = new Promise<'pending'>((r) => (t = setTimeout(() => r('pending'), ms)));
  try {
    return await Promise.race([p, timer]);
  } finally {
    clearTimeout(t);
  }
}

describe('dataset review: ids are strings, never object keys', () => {
  it('records, writes, reads back and exports decisions for ids such as __proto__ and constructor', async () => {
    const dir = folder();
    const path = join(dir, 'd.jsonl');
    writeFileSync(path, toJsonl(['__proto__', 'constructor', 'hasOwnProperty', 'plain'].map(mcq)));
    const svc = new DatasetReviewService();
    const s = await svc.set(path, '__proto__', 'rejected');
    expect(s.counts.rejected).toBe(1);
    expect(Object.hasOwn(s.review.items, '__proto__')).toBe(true);
    await svc.set(path, 'constructor', 'accepted', { question: 'Where is it?' });
    // Written to the sidecar as ordinary keys, and read back from it by a fresh service.
    const side = readFileSync(join(dir, 'd.review.json'), 'utf8');
    expect(side).toContain('"__proto__"');
    const again = await new DatasetReviewService().open(path);
    expect(again.counts).toMatchObject({ rejected: 1, edited: 1 });
    expect(Object.getPrototypeOf(again.review.items)).toBe(Object.prototype);
    // An id nobody reviewed does not pick up an inherited member as its review.
    expect(Object.hasOwn(again.review.items, 'hasOwnProperty')).toBe(false);
    const ex = await svc.export(path);
    expect(
      ex.content
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual(['constructor', 'hasOwnProperty', 'plain']);
    // An option key named like an inherited member keeps its own name.
    const first = JSON.parse(ex.content.split('\n')[0]) as McqItem;
    expect(first.options.map((o) => o.name)).toEqual(['heart', 'aorta']);
  });
});

describe('dataset review: only regular files are read', () => {
  it('refuses a dataset that is a FIFO, a device or a folder with not-a-file, at once', async () => {
    const dir = folder();
    const fifo = join(dir, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const dev = join(dir, 'zero.jsonl');
    symlinkSync('/dev/zero', dev);
    const svc = new DatasetReviewService();
    for (const p of [fifo, dev, dir]) {
      for (const call of [
        () => svc.open(p),
        () => svc.get(p),
        () => svc.set(p, 'x', 'rejected'),
        () => svc.export(p),
      ]) {
        const r = await within(
          call().then(
            () => 'ok',
            (e: { code?: string }) => e.code ?? 'no code',
          ),
        );
        expect(r, p).toBe('not-a-file');
      }
    }
  });

  it('a review file that is a FIFO is not read, moved or written through; the dataset still opens', async () => {
    const dir = folder();
    const path = join(dir, 'd.jsonl');
    writeFileSync(path, toJsonl([mcq('m1')]));
    execFileSync('mkfifo', [join(dir, 'd.review.json')]);
    const svc = new DatasetReviewService();
    const opened = await within(svc.open(path));
    expect(opened).not.toBe('pending');
    expect((opened as { warnings: string[] }).warnings.join(' ')).toMatch(/named pipe/);
    const set = await within(
      svc.set(path, 'm1', 'rejected').then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      ),
    );
    expect(set).toBe('output-not-regular');
    expect(existsSync(join(dir, 'd.review.json'))).toBe(true);
  });

  it('refuses a dataset over the size bound with too-large', async () => {
    const { readInputFile } = await import('../../../../src-main/core/input-file');
    const dir = folder();
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, 'x'.repeat(4096));
    await expect(readInputFile(big, { what: 'dataset', maxBytes: 1024 })).rejects.toMatchObject({ code: 'too-large' });
  });
});
