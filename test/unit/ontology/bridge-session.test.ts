import { describe, expect, it } from 'vitest';
import type { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { BridgeSession } from '../../../src-main/ontology/bridge/bridge-session';

/** A bridge that records its requests and stops, with no JVM: what the session decides is under test. */
function fakeBridge() {
  const log: string[] = [];
  const state = { running: false, busy: false };
  const bridge = {
    get running() {
      return state.running;
    },
    get busy() {
      return state.busy;
    },
    async sizeHeap(mb: number) {
      log.push(`heap ${mb}`);
    },
    async request(cmd: string, args: { path?: string } = {}) {
      state.running = true;
      log.push(args.path ? `${cmd} ${args.path}` : cmd);
      return {};
    },
    async stop() {
      log.push('stop');
      await new Promise((r) => setTimeout(r, 20));
      state.running = false;
    },
  };
  return { bridge: bridge as unknown as ElkBridge, log, state };
}

const A = { path: '/a.ofn', hash: 'h1' };
const B = { path: '/b.ofn', hash: 'h2' };

describe('the bridge session', () => {
  it('loads a content once, and again after another file or another content of it replaced it', async () => {
    const { bridge, log } = fakeBridge();
    const s = new BridgeSession(() => bridge);
    await s.holding(A, () => 512);
    await s.holding(A, () => 512);
    await s.holding(B, () => 768);
    await s.holding({ ...B, hash: 'h3' }, () => 768);
    expect(log).toEqual(['heap 512', 'load /a.ofn', 'heap 768', 'load /b.ofn', 'heap 768', 'load /b.ofn']);
    expect(s.holds({ ...B, hash: 'h3' })).toBe(true);
    expect(s.holds(B)).toBe(false);
    expect(s.holdsFile('/b.ofn')).toBe(true);
    expect(s.holdsFile('/a.ofn')).toBe(false);
  });

  it('stops the JVM only when it is idle and holds the released file, and new work waits for the stop', async () => {
    const { bridge, log, state } = fakeBridge();
    const s = new BridgeSession(() => bridge);
    await s.holding(A, () => 512);
    s.release('/b.ofn');
    state.busy = true;
    s.release('/a.ofn');
    expect(log).not.toContain('stop');
    state.busy = false;
    s.lastDump = { path: '/a.ofn', naming: 'n', dbPath: 'x', ntPath: 'y' };
    s.release('/a.ofn');
    expect(log).toContain('stop');
    expect(s.held).toBeUndefined();
    expect(s.lastDump).toBeUndefined();
    const ready = await s.ready();
    expect(ready.running).toBe(false);
    await s.holding(A, () => 512);
    expect(log.slice(-2)).toEqual(['heap 512', 'load /a.ofn']);
  });
});
