import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bridgeJarPath, ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { tempDir } from '../../support/temp-dir';

/**
 * The class-data archive beside the jar only speeds the JVM's start: one that does not fit (another
 * Java, another build, a damaged file) must leave the bridge working and its stdout clean.
 */
describe('the class-data archive beside the bridge jar', () => {
  const dir = tempDir('oarag-jsa-');
  const jar = join(dir.path, 'elk-bridge.jar');
  copyFileSync(bridgeJarPath(), jar);
  writeFileSync(join(dir.path, 'elk-bridge.jsa'), 'not a class-data archive');
  const bridge = new ElkBridge({ jarPath: jar, heapMb: 512 });
  afterAll(async () => {
    await bridge.stop();
    dir.cleanup();
  });

  it('is ignored when it does not fit, and the bridge answers as usual', async () => {
    const sample = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
    expect(await bridge.request('ping')).toMatchObject({ elk: '0.6.0' });
    expect(await bridge.request('load', { path: sample })).toMatchObject({ classes: 53 });
    expect(bridge.stderr).not.toMatch(/error|warning/i);
  });
});
