import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TaskProgress } from '../../../src-main/core/task';
import { ColdScratch } from '../../../src-main/ontology/load/cold-scratch';
import { LoadStages, stageReporter } from '../../../src-main/ontology/load/load-stages';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-cold-parts-');
afterAll(() => dir.cleanup());

describe('stageReporter', () => {
  it('places each stage on its span of the whole bar, clamping the fraction', () => {
    const seen: TaskProgress[] = [];
    const report = stageReporter((p) => seen.push(p));
    report('parse', 0);
    report('classify', 0.5);
    report('index', 2);
    report('store', -1);
    expect(seen.map((p) => p.stage)).toEqual(['parse', 'classify', 'index', 'store']);
    expect(seen.map((p) => p.fraction)).toEqual([0.02, 0.4, 0.9, 0.9]);
  });
});

describe('LoadStages', () => {
  it('charges the time between stages to the stage left, and follows the stages the bridge reports', async () => {
    const reported: string[] = [];
    const stages = new LoadStages((s, f) => reported.push(`${s}:${f}`));
    await new Promise((r) => setTimeout(r, 20));
    stages.onBridge({ stage: 'parse', fraction: 0.5 });
    stages.onBridge({ stage: 'classify', fraction: 0.1 });
    stages.enter('index');
    expect(reported).toEqual(['parse:0.5', 'classify:0', 'classify:0.1', 'index:0']);
    expect(stages.seconds.parse).toBeGreaterThanOrEqual(0.015);
    expect(Object.keys(stages.seconds).sort()).toEqual(['classify', 'parse']);
  });
});

describe('ColdScratch', () => {
  it('aborts the writers still held, waits for running work, then removes every temporary file', async () => {
    const scratch = new ColdScratch(dir.path);
    for (const p of [scratch.dumpPath, `${scratch.dumpPath}.tmp`, scratch.tmpDb, scratch.tmpNt]) writeFileSync(p, 'x');
    const order: string[] = [];
    const held = { abort: async () => void order.push('held aborted') };
    expect(scratch.hold(held)).toBe(held);
    const released = { abort: async () => void order.push('released aborted') };
    scratch.hold(released);
    scratch.release(released);
    scratch.waitFor(
      new Promise<void>((r) =>
        setTimeout(() => {
          // the files are still there while work runs
          order.push(`work done, dump ${existsSync(scratch.dumpPath) ? 'present' : 'gone'}`);
          r();
        }, 10),
      ),
    );
    await scratch.cleanup();
    expect(order).toEqual(['held aborted', 'work done, dump present']);
    for (const p of [scratch.dumpPath, `${scratch.dumpPath}.tmp`, scratch.tmpDb, scratch.tmpNt])
      expect(existsSync(p)).toBe(false);
  });
});
