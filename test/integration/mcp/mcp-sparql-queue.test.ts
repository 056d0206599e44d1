import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue #27 item 7 over MCP stdio (where a cheap ASK once waited 134 s behind twelve cross joins): the
 * dialect tools answer at once, and SPARQL past the queue's bounds is refused with 'busy' at once.
 */
const REPO = resolve(__dirname, '..', '..', '..');
const SAMPLE = join(REPO, 'resources', 'samples', 'cardio.ofn');
const CROSS = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }';
const dir = tempDir('oarag-mcp-queue-');

describe('the SPARQL queue over MCP stdio', () => {
  let client: Client | undefined;
  afterAll(async () => {
    await client?.close();
    dir.cleanup();
  });

  it('answers a dialect ASK at once and refuses the burst past the bounds with busy', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src-main/cli/bin.ts', 'mcp', '--ontology', SAMPLE],
      cwd: REPO,
      env: {
        ...(process.env as Record<string, string>),
        OARAG_CACHE_DIR: join(dir.path, 'cache'),
        OARAG_DATA_DIR: join(dir.path, 'data'),
        OARAG_SPARQL_TIMEOUT_MS: '2000',
      },
      stderr: 'pipe',
    });
    client = new Client({ name: 'oarag-test', version: '1' });
    await client.connect(transport);
    const call = (name: string, args: Record<string, unknown>) =>
      client!.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }) as Promise<CallToolResult>;
    expect((await call('sparql', { query: 'ASK { ?s ?p ?o }' })).isError).toBeFalsy();
    const t0 = performance.now();
    const burst = Array.from({ length: 12 }, () =>
      call('sparql', { query: CROSS }).then((r) => ({
        code: (r.structuredContent as { error?: { code: string } } | undefined)?.error?.code ?? 'ok',
        ms: performance.now() - t0,
      })),
    );
    await new Promise((r) => setTimeout(r, 100));
    const a0 = performance.now();
    const ask = await call('ask', { subject: 'viral myocarditis', relation: 'has finding site', object: 'heart' });
    const askMs = performance.now() - a0;
    const outcomes = await Promise.all(burst);
    console.log(
      `[mcp-queue] dialect ask ${askMs.toFixed(0)} ms; burst: ${outcomes.map((o) => `${o.code}@${(o.ms / 1000).toFixed(1)}s`).join(' ')}`,
    );
    expect(ask.isError).toBeFalsy();
    expect(askMs).toBeLessThan(1000);
    expect(outcomes.every((o) => o.code === 'busy' || o.code === 'sparql-too-expensive')).toBe(true);
    expect(outcomes.filter((o) => o.code === 'busy' && o.ms < 1500).length).toBeGreaterThanOrEqual(9);
    // No query waits past twice the deadline before it runs or is refused.
    for (const o of outcomes) expect(o.ms).toBeLessThan(3 * 2000 + 6000);
  });
});
