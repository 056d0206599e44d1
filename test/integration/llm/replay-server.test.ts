/**
 * Issue #40 items 1–4 through the real CLI (real JVM and ELK, SQLite) against a replay of
 * llama-cpp-python's server. The replay's answers are RECONSTRUCTED from the report, not
 * recorded (test/fixtures/llama-cpp-python/README.md): replace the fixtures with recordings when a real
 * server can be built.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetCapabilitiesInMemory } from '../../../src-main/llm/openai/capabilities';
import { cardioWithDataset, cliHarness } from '../../support/cli-harness';
import { startReplayServer, type ReplayOptions, type ReplayServer } from '../../support/replay-server';

const h = cliHarness('oarag-replay-');
const { onto, dataset } = cardioWithDataset(h, { mcq: 6, oq: 2 });

let servers: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function replay(o: ReplayOptions = {}): Promise<ReplayServer> {
  const s = await startReplayServer(o);
  servers.push(s);
  return s;
}
const model = (s: ReplayServer) => `openai:${s.url}/v1#smollm2`;
let runs = 0;
function evalArgs(s: ReplayServer, method: string, extra: string[] = []): { args: string[]; out: string } {
  const out = join(h.dir, `run-${++runs}.json`);
  const store = join(h.dir, `store-${runs}.sqlite`);
  return {
    out,
    args: [
      'eval',
      '--ontology',
      onto,
      '--dataset',
      dataset,
      '--method',
      method,
      '--model',
      model(s),
      '--out',
      out,
      '--store',
      store,
      ...extra,
    ],
  };
}
const results = (out: string) =>
  JSON.parse(readFileSync(out, 'utf8')) as {
    n: number;
    errors: number;
    emptyReplies: number;
    warnings: string[];
    stopped?: { reason: string };
    items: {
      id: string;
      predicted: string[] | null;
      error?: string;
      emptyReply?: string;
      answerFormat?: string;
      usage: { evaluatedTokens?: number | null; inputTokens: number };
    }[];
  };
function firstItem(): string {
  const p = join(h.dir, 'item.json');
  writeFileSync(p, readFileSync(dataset, 'utf8').split('\n')[0]);
  return p;
}

describe('item 1: capabilities from what llama-cpp-python really answers', () => {
  it('ask answers with a record (default and policy driver) although json_schema gets a 500; the probe is saved and not repeated', async () => {
    const s = await replay();
    const item = firstItem();
    const a = await h.cli(['ask', '--ontology', onto, '--model', model(s), '--json', '--item', item]);
    expect(a.code, a.err).toBe(0);
    const rec = JSON.parse(a.out);
    expect(rec.answer).not.toBeNull();
    // The probe's one json_schema request, never the answer's: the backend moved to json_object with a schema.
    expect(s.stats.jsonSchema).toBe(1);
    const caps = JSON.parse(readFileSync(join(h.dir, 'cache', 'openai-capabilities.json'), 'utf8'));
    expect(caps.servers[`${s.url}/v1/chat/completions#smollm2`]).toMatchObject({
      grammar: true,
      jsonSchema: true,
      jsonSchemaVia: 'json_object',
    });

    forgetCapabilitiesInMemory(); // as a new process: the saved probe is read, not repeated
    const before = { ...s.stats };
    const p = await h.cli([
      'ask',
      '--ontology',
      onto,
      '--model',
      model(s),
      '--json',
      '--driver',
      'policy',
      '--item',
      item,
    ]);
    expect(p.code, p.err).toBe(0);
    expect(JSON.parse(p.out).answer).not.toBeNull();
    expect(s.stats.jsonSchema).toBe(before.jsonSchema);
    expect(s.stats.tools).toBe(before.tools);
  });

  it('an oa-rag evaluation completes with errors: 0 and sends no json_schema but the probe', async () => {
    const s = await replay();
    const { args, out } = evalArgs(s, 'oa-rag');
    const r = await h.cli(args);
    expect(r.code, r.err).toBe(0);
    const res = results(out);
    expect(res.n).toBe(8);
    expect(res.errors).toBe(0);
    expect(s.stats.jsonSchema).toBeLessThanOrEqual(1);
  });
});

describe('item 2: empty replies are errors, concurrency respects the slots', () => {
  it('--concurrency 4 against a 1-slot server (/props) is lowered to 1 and says so: no empty reply', async () => {
    const s = await replay({ slots: 1 });
    const { args, out } = evalArgs(s, 'cot', ['--concurrency', '4']);
    const r = await h.cli(args);
    expect(r.code, r.err).toBe(0);
    const res = results(out);
    expect(res.warnings.join('\n')).toMatch(/--concurrency 4 lowered to 1: .*\/props total_slots/);
    expect(s.stats.empty).toBe(0);
    expect(s.stats.peakInFlight).toBe(1);
    expect(res.errors).toBe(0);
    expect(res.items.every((i) => i.predicted !== null)).toBe(true);
  });

  it('without /props the first empty-reply burst lowers the concurrency; an empty reply is never scored as an answer', async () => {
    const s = await replay({ slots: 1, props: false });
    const { args, out } = evalArgs(s, 'cot', ['--concurrency', '4']);
    const r = await h.cli(args);
    expect(r.code, r.err).toBe(0);
    const res = results(out);
    expect(s.stats.empty).toBeGreaterThan(0);
    // Every item has an answer read from a real reply, or an error that says the reply was empty.
    for (const i of res.items) {
      if (i.error) expect(i.emptyReply, i.id).toBe('empty');
      else expect(i.predicted, i.id).not.toBeNull();
    }
    expect(res.emptyReplies).toBe(res.items.filter((i) => i.emptyReply).length);
    expect(res.warnings.join('\n')).toMatch(/empty reply with \d requests in flight .* at most \d at a time/);
    expect(r.out).toMatch(/errors: \d+/);
  });
});

describe('item 3: an outage is ridden out', () => {
  it('a server killed mid-run and back 3 s later: the run finishes, every item answered once', async () => {
    const s: ReplayServer = await replay({
      onAnswered: (n) => {
        if (n === 3) void s.kill().then(() => setTimeout(() => void s.restart(), 3000));
      },
    });
    const { args, out } = evalArgs(s, 'cot');
    const r = await h.cli(args);
    expect(r.code, r.err).toBe(0);
    // Refused, or the kept-alive socket found closed (UND_ERR_SOCKET): both are an outage.
    expect(r.err).toMatch(/waiting for the server \((ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET)\)/);
    const res = results(out);
    expect(res.n).toBe(8);
    expect(res.errors).toBe(0);
    expect(res.stopped).toBeUndefined();
    expect(s.stats.questions.size).toBe(8);
    expect([...s.stats.questions.values()].every((n) => n === 1)).toBe(true);
  });

  it('past --retry-for the run stops and writes results.json with the finished items and the reason', async () => {
    const s: ReplayServer = await replay({ onAnswered: (n) => void (n === 2 && s.kill()) });
    const { args, out } = evalArgs(s, 'cot', ['--retry-for', '2']);
    const t0 = Date.now();
    const r = await h.cli(args);
    expect(r.code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(r.err).toMatch(/Stopped: .*could not be reached \(ECONNREFUSED\).*--retry-for/);
    expect(existsSync(out)).toBe(true);
    const res = results(out);
    expect(res.items).toHaveLength(2);
    expect(res.stopped?.reason).toMatch(/could not be reached/);
  });
});

describe('item 4: token accounting says what it knows', () => {
  it('a server that reports no cached tokens gives evaluatedTokens "not reported" (null), not a copy of inputTokens', async () => {
    const s = await replay();
    const { args, out } = evalArgs(s, 'cot', ['--limit', '2']);
    const r = await h.cli(args);
    expect(r.code, r.err).toBe(0);
    for (const i of results(out).items) {
      expect(i.usage.inputTokens).toBeGreaterThan(0);
      expect(i.usage.evaluatedTokens).toBeNull();
    }
    const a = await h.cli(['ask', '--ontology', onto, '--model', model(s), '--json', '--item', firstItem()]);
    expect(a.code, a.err).toBe(0);
    expect(JSON.parse(a.out).usage.evaluatedTokens).toBeNull();
  });
});
