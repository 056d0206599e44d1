import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOntologyMcpServer } from '../../../src-main/mcp/mcp-server';
import { ServedOntologies } from '../../../src-main/mcp/served-ontologies';
import { cardUri } from '../../../src-main/mcp/resources';
import { sparqlText } from '../../../src-main/mcp/tools';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { OpenOntologies } from '../../../src-main/ontology/open-ontologies';
import { TaskRegistry } from '../../../src-main/core/task-registry';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump } from '../../support/dump-fixture';
import { benchDump } from '../datasets/generate/dataset-fixture';

let go: OntologyHandle;
let clin: OntologyHandle;
const cleanups: (() => void)[] = [];
const queries = new Map<OntologyHandle, QueryService>();
const registry = () => new OpenOntologies({ tasks: new TaskRegistry(), release: (h) => h.close() });
const open = registry();
const set = new ServedOntologies(open, (h) => queries.get(h)!);
let client: Client;

beforeAll(async () => {
  // Two files named "fixture" in two folders.
  for (const [dump, path] of [
    [benchDump(), '/a/fixture'],
    [clinicalDump(), '/b/fixture'],
  ] as const) {
    const { handle, cleanup } = await handleFromDump(dump);
    Object.defineProperty(handle, 'path', { value: path });
    cleanups.push(cleanup);
    queries.set(handle, new QueryService(handle));
    open.adopt(handle);
  }
  [go, clin] = set.list.map((o) => o.handle);
  const server = createOntologyMcpServer(set, 'test');
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  client = new Client({ name: 't', version: '1' });
  await client.connect(b);
});
afterAll(async () => {
  await client.close();
  for (const c of cleanups) c();
});

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('ServedOntologies', () => {
  it('names ontologies by file name, keeps same-named files apart, and picks by name or stem', () => {
    expect(set.ids).toEqual(['fixture', 'fixture#2']);
    expect(set.pick('FIXTURE').handle).toBe(go);
    expect(set.pick('fixture#2').handle).toBe(clin);
    expect(() => set.pick(undefined)).toThrow(
      /2 ontologies are loaded; say which one with "ontology": one of "fixture", "fixture#2"/,
    );
    expect(() => set.pick('snomed')).toThrow(/No ontology "snomed" is loaded/);
    const single = registry();
    single.adopt(go);
    const one = new ServedOntologies(single, (h) => queries.get(h)!);
    expect(one.pick(undefined).handle).toBe(go);
    expect(one.pick('  ').handle).toBe(go);
  });
});

describe('MCP tools in process', () => {
  it("overviews every relation a concept states or inherits, each list the query service's own", async () => {
    const o = set.pick('fixture');
    const r = await call('related', { subject: 'metabolic process 1a', ontology: 'fixture' });
    const rels = (
      r.structuredContent as {
        relations: { relation: { name: string }; query: string; observation?: string; entities: string[] }[];
      }
    ).relations;
    expect(rels.map((x) => x.relation.name)).toEqual(['has input', 'occurs in', 'part of', 'results in']);
    for (const x of rels) expect(x.entities).toEqual((await o.query.run(x.query)).entities);
    expect(text(r)).toMatch(
      /^Relations of metabolic process 1a \(4\):\n- concepts \?o such that every metabolic process 1a is related by has input to some \?o/,
    );
    const unknown = await call('related', { subject: 'metabolc proces 1a', ontology: 'fixture' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(
      /UNKNOWN NAME: no concept is named "metabolc proces 1a"\. Closest concept names: metabolic process 1a/,
    );
  });

  it('searches names with IDs, the matched synonym and a parent', async () => {
    const r = await call('search', { text: 'cardiac disease', ontology: 'fixture#2', limit: 3 });
    const hits = (
      r.structuredContent as { hits: { name: string; iri: string; id: string; matched: string; matchKind: string }[] }
    ).hits;
    expect(hits[0]).toMatchObject({
      name: 'heart disease',
      iri: EX + 'HeartDisease',
      id: EX + 'HeartDisease',
      matched: 'cardiac disease',
      matchKind: 'exact',
    });
    expect(text(r).split('\n')[1]).toMatch(
      /^- heart disease \[http:\/\/example\.org\/t#HeartDisease\] \(matched exact "cardiac disease"\)/,
    );
    expect(hits.length).toBeLessThanOrEqual(3);
    const none = await call('search', { text: '\u0001', ontology: 'fixture#2' });
    expect(text(none)).toBe('No concept name matches "\u0001".');
  });

  it('serves concept cards as resources, completes IRIs from names, and reports an unknown IRI', async () => {
    const iri = EX + 'organ1';
    const res = await client.readResource({ uri: cardUri('fixture', iri) });
    expect((res.contents[0] as { text: string }).text).toBe(go.card(iri)!.text);
    expect(JSON.parse((res.contents[1] as { text: string }).text)).toMatchObject({ iri, name: 'organ type 1' });
    const done = await client.complete({
      ref: { type: 'ref/resource', uri: 'oarag://card/{ontology}/{iri}' },
      argument: { name: 'iri', value: 'organ type 1' },
      context: { arguments: { ontology: 'fixture' } },
    });
    expect(done.completion.values).toContain(encodeURIComponent(iri));
    await expect(client.readResource({ uri: cardUri('fixture', EX + 'nothing') })).rejects.toThrow(
      /No class of fixture has the IRI/,
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['oarag://ontology/fixture', 'oarag://ontology/fixture%232']);
  });

  it('gives the verification policy with or without a question', async () => {
    const p = await client.getPrompt({ name: 'oa-rag-verification', arguments: {} });
    const body = (p.messages[0].content as { text: string }).text;
    expect(body).toMatch(/^You have an ontology at hand/);
    expect(body).toMatch(/entailed: .*\n\s+- supported: .*\n\s+- related: .*\n\s+- unrelated: /);
    expect(body).not.toMatch(/Question:/);
  });
});

describe('sparqlText', () => {
  it('writes at most 100 rows into the text and says how many more there are', () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ s: `s${i}` }));
    expect(sparqlText({ kind: 'ask', variables: [], rows: [], boolean: true, truncated: false, total: 0 })).toBe(
      'true',
    );
    expect(sparqlText({ kind: 'select', variables: ['s'], rows: [], truncated: false, total: 0 })).toBe('No results.');
    const t = sparqlText({ kind: 'select', variables: ['s'], rows, truncated: false, total: 150 }).split('\n');
    expect(t).toHaveLength(102);
    expect(t.at(-1)).toBe('… 50 more rows in the structured result (150 in all)');
    expect(sparqlText({ kind: 'select', variables: ['s'], rows, truncated: true, total: 150 })).toMatch(
      /and more beyond the 150-row cap \(150\+ in all\)$/,
    );
  });
});
