import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersion } from '../../../src-main/core/version';
import { cardUri } from '../../../src-main/mcp/resources';
import { ServedOntologies } from '../../../src-main/mcp/served-ontologies';
import { searchNames } from '../../../src-main/mcp/search';
import { OntologyService } from '../../../src-main/ontology/ontology-service';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { OpenOntologies } from '../../../src-main/ontology/open-ontologies';
import { TaskRegistry } from '../../../src-main/core/task-registry';
import { formatQuery, type DialectQuery } from '../../../src-main/query/dialect';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { deciderFor } from '../../../src-main/query/verdicts/decider-for';
import { runSparql } from '../../../src-main/ontology/store/sparql/raw-sparql';
import { sharedOntology } from '../../support/shared-ontologies';
import { tempDir } from '../../support/temp-dir';

const REPO = resolve(__dirname, '..', '..', '..');
const GO = sharedOntology('go-nucleus.ofn');
const PIZZA = sharedOntology('pizza.owl');
const have = Boolean(GO && PIZZA);
const dir = tempDir('oarag-mcp-');

interface Server {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
}

/** The real `oarag mcp` process, driven by the SDK's own client over stdio. */
async function startServer(files: string[]): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src-main/cli/bin.ts', 'mcp', ...files.flatMap((f) => ['--ontology', f])],
    cwd: REPO,
    env: {
      ...(process.env as Record<string, string>),
      OARAG_CACHE_DIR: join(dir.path, 'cache'),
      OARAG_DATA_DIR: join(dir.path, 'data'),
    },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'oarag-test', version: '1' });
  await client.connect(transport);
  return { client, transport, stderr: () => err };
}

let server: Server;
let refs: OntologyService;
let set: ServedOntologies;
let go: QueryService;
let pizza: QueryService;
let checked = 0;

beforeAll(async () => {
  if (!have) return;
  // The first server loads both files cold (JVM + ELK) and leaves them in the cache.
  server = await startServer([GO!, PIZZA!]);
  refs = new OntologyService({ cacheDir: join(dir.path, 'cache'), appVersion: appVersion() });
  refs.start();
  const g = await refs.open(GO!);
  const p = await refs.open(PIZZA!);
  expect(g.summary.cache).toBe('hit');
  // The reference decides as the served query services do: ELK, then HermiT on the statement's module.
  const decided = (h: OntologyHandle) =>
    new QueryService(h, { decider: deciderFor(h, refs.verdictStore(h), refs.verdictBridge(h)) });
  go = decided(g);
  pizza = decided(p);
  const open = new OpenOntologies({ tasks: new TaskRegistry(), release: (h) => refs.close(h) });
  open.adopt(g);
  open.adopt(p);
  const queries = new Map<OntologyHandle, QueryService>([
    [g, go],
    [p, pizza],
  ]);
  set = new ServedOntologies(open, (h) => queries.get(h)!);
});

afterAll(async () => {
  await server?.client.close();
  await refs?.stop();
  dir.cleanup();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await server.client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(r: CallToolResult): string {
  return (r.content[0] as { type: 'text'; text: string }).text;
}

/** One tool call checked against the query service of this process, on the same cached ontology. */
async function same(tool: string, args: Record<string, unknown>, qs: QueryService, q: DialectQuery) {
  const [got, want] = await Promise.all([call(tool, args), qs.run(formatQuery(q))]);
  expect(text(got), `${tool} ${JSON.stringify(args)}`).toBe(want.observation);
  const s = got.structuredContent as Record<string, unknown>;
  expect(s.verdict).toBe(want.verdict);
  expect(s.entities).toEqual(want.entities);
  expect(s.total).toBe(want.total);
  expect(Boolean(got.isError)).toBe(want.kind === 'error');
  checked++;
  return got;
}

describe.skipIf(!have)('oarag mcp over stdio, with the SDK client', () => {
  it('reads a question as a statement and checks an answer against it, not against anything a client asked', async () => {
    const args = {
      question: 'Which of these is a kind of Pizza?',
      kind: 'mcq',
      options: ['Margherita', 'MozzarellaTopping', 'Pizza'],
      ontology: 'pizza',
    };
    const read = await server.client.callTool({ name: 'read_question', arguments: args });
    expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
    expect((read.structuredContent as { frame: { slot: string; relation: { name: string } } }).frame).toMatchObject({
      slot: 'subject',
      relation: { name: 'is a' },
    });
    const res = await server.client.callTool({ name: 'check_answer', arguments: { ...args, answer: ['A'] } });
    const checked = (res.structuredContent as { checked: { level: string; options: { verdict: string }[] } }).checked;
    expect(checked.options.map((o) => o.verdict)).toEqual(['ENTAILED', 'CONTRADICTED', 'SAME CONCEPT']);
    expect(checked.level).toBe('entailed');
    const none = await server.client.callTool({
      name: 'check_answer',
      arguments: { ...args, question: 'Which of these do you like?', answer: ['A'] },
    });
    expect((none.structuredContent as { checked: { level: string } }).checked.level).toBe('unchecked');
  });

  it('lists the nine tools with JSON-schema inputs, the card template and the policy prompt', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'ask',
      'check_answer',
      'describe',
      'explain',
      'read_question',
      'related',
      'search',
      'select',
      'sparql',
    ]);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe('object');
      expect(Object.keys(t.inputSchema.properties ?? {})).toContain('ontology');
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const ask = tools.find((t) => t.name === 'ask')!;
    expect(ask.inputSchema.required).toEqual(['subject', 'relation', 'object']);
    const { resourceTemplates } = await server.client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual(['oarag://card/{ontology}/{iri}']);
    const { prompts } = await server.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['oa-rag-verification']);
    const p = await server.client.getPrompt({
      name: 'oa-rag-verification',
      arguments: { question: 'Is every nucleus part of a cell?' },
    });
    const body = (p.messages[0].content as { text: string }).text;
    expect(body).toMatch(/NOT ENTAILED only means/);
    expect(body).toMatch(/Question: Is every nucleus part of a cell\?$/);
    expect(server.stderr()).toMatch(/ready in \d+\.\d\d s from process start/);
  });

  it('answers ask, describe, select and related on pizza exactly as the query service does', async () => {
    const pizzas = (await pizza.run('SELECT ?x WHERE { ?x "is a" "PizzaComUmNome" }')).results
      .map((r) => r.name)
      .filter((n) => n !== 'PizzaComUmNome');
    expect(pizzas.length).toBeGreaterThan(15);
    const toppings = ['TomatoTopping', 'MozzarellaTopping', 'HotSpicedBeefTopping'];
    let entailed = 0;
    for (const [i, name] of pizzas.slice(0, 16).entries()) {
      const t = toppings[i % toppings.length];
      const r = await same('ask', { subject: name, relation: 'has topping', object: t, ontology: 'pizza' }, pizza, {
        form: 'ask',
        subject: name,
        relation: 'has topping',
        filler: t,
      });
      const sc = r.structuredContent as { verdict: string; note?: string; reasoner?: string };
      // "Mushroom" names a pizza and a topping: the tool passes the query service's UNKNOWN NAME on.
      if (sc.verdict === 'UNKNOWN NAME') continue;
      if (sc.verdict === 'ENTAILED') entailed++;
      else if (sc.verdict === 'NOT ENTAILED') expect(sc.note).toMatch(/not that it is false/);
      else expect(['elk', 'dl']).toContain(sc.reasoner);
    }
    expect(entailed).toBeGreaterThan(3);
    expect(entailed).toBeLessThan(16);
    for (const name of ['American', 'Margherita', 'VegetarianPizza']) {
      await same('describe', { name, ontology: 'pizza.owl' }, pizza, { form: 'describe', name });
      await same('related', { subject: name, relation: 'is a', ontology: 'pizza' }, pizza, {
        form: 'select-fillers',
        subject: name,
        relation: 'is a',
      });
    }
    await same('related', { subject: 'American', object: 'TomatoTopping', ontology: 'pizza' }, pizza, {
      form: 'select-relations',
      subject: 'American',
      filler: 'TomatoTopping',
    });
    const conds = [
      { relation: 'has topping', filler: 'TomatoTopping' },
      { relation: 'is a', filler: 'CheesyPizza' },
    ];
    await same(
      'select',
      { conditions: conds.map((c) => ({ relation: c.relation, object: c.filler })), ontology: 'pizza' },
      pizza,
      { form: 'select-subjects', variable: 'x', conditions: conds },
    );
    const values = ['American', 'Rosa', 'SpicyPizza'];
    await same(
      'select',
      { conditions: [{ relation: 'has topping', object: 'MozzarellaTopping' }], values, ontology: 'pizza' },
      pizza,
      {
        form: 'select-subjects',
        variable: 'x',
        conditions: [{ relation: 'has topping', filler: 'MozzarellaTopping' }],
        values,
      },
    );
  });

  it('answers on go-nucleus exactly as the query service does, CURIEs and synonyms included', async () => {
    for (const name of ['nucleus', 'cell nucleus', 'GO:0005634', 'nuclear envelope', 'cytoplasm']) {
      await same('describe', { name, ontology: 'go-nucleus' }, go, { form: 'describe', name });
    }
    const asks: [string, string, string][] = [
      ['nucleus', 'part of', 'cell'],
      ['nuclear envelope', 'part of', 'nucleus'],
      ['nuclear membrane', 'part of', 'nucleus'],
      ['nucleus', 'is a', 'organelle'],
      ['cytoplasm', 'part of', 'nucleus'],
      ['nucleus', 'part of', 'cytoplasm'],
    ];
    for (const [a, r, b] of asks)
      await same('ask', { subject: a, relation: r, object: b, ontology: 'go-nucleus.ofn' }, go, {
        form: 'ask',
        subject: a,
        relation: r,
        filler: b,
      });
    for (const a of ['nucleus', 'nuclear envelope', 'nuclear membrane']) {
      await same('related', { subject: a, relation: 'part of', ontology: 'go-nucleus' }, go, {
        form: 'select-fillers',
        subject: a,
        relation: 'part of',
      });
    }
    await same('related', { subject: 'nuclear envelope', object: 'nucleus', ontology: 'go-nucleus' }, go, {
      form: 'select-relations',
      subject: 'nuclear envelope',
      filler: 'nucleus',
    });
    await same('select', { conditions: [{ relation: 'part of', object: 'nucleus' }], ontology: 'go-nucleus' }, go, {
      form: 'select-subjects',
      variable: 'x',
      conditions: [{ relation: 'part of', filler: 'nucleus' }],
    });
    await same(
      'select',
      {
        conditions: [
          { relation: 'is a', object: 'organelle' },
          { relation: 'part of', object: 'cell' },
        ],
        ontology: 'go-nucleus',
      },
      go,
      {
        form: 'select-subjects',
        variable: 'x',
        conditions: [
          { relation: 'is a', filler: 'organelle' },
          { relation: 'part of', filler: 'cell' },
        ],
      },
    );

    const o = set.pick('go-nucleus');
    for (const t of ['nucleus', 'cell nucleus', 'nucelus']) {
      const r = await call('search', { text: t, ontology: 'go-nucleus', limit: 5 });
      const hits = (r.structuredContent as { hits: { iri: string; matched: string; parent: string | null }[] }).hits;
      expect(hits).toEqual(searchNames(o, t, 5));
      checked++;
    }
    expect(text(await call('search', { text: 'cell nucleus', ontology: 'go-nucleus', limit: 3 }))).toMatch(
      /^- nucleus \[GO:0005634\] \(matched exact "cell nucleus"\), under /m,
    );

    const q =
      'SELECT ?s WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#subClassOf> <http://purl.obolibrary.org/obo/GO_0043231> }';
    const sp = await call('sparql', { query: q, ontology: 'go-nucleus' });
    const want = runSparql(await o.handle.store(), q);
    expect((sp.structuredContent as { rows: unknown[] }).rows).toEqual(want.rows);
    expect(want.rows.length).toBeGreaterThan(0);
    checked++;
  });

  it('overviews every relation of a concept through SELECT ?o, and explains an entailment with axioms', async () => {
    const r = await call('related', { subject: 'American', ontology: 'pizza' });
    expect(r.isError).toBeFalsy();
    const rels = (
      r.structuredContent as { relations: { relation: { name: string }; query: string; entities: string[] }[] }
    ).relations;
    expect(rels.map((x) => x.relation.name)).toContain('has topping');
    for (const x of rels) {
      expect(x.entities).toEqual((await pizza.run(x.query)).entities);
      checked++;
    }
    const e = await call('explain', {
      subject: 'American',
      relation: 'has topping',
      object: 'TomatoTopping',
      ontology: 'pizza',
    });
    expect(e.isError).toBeFalsy();
    expect(text(e)).toMatch(/follows from (this axiom|these \d+ axioms):\n- .*American/);
    expect((e.structuredContent as { justification: unknown[] }).justification.length).toBeGreaterThan(0);
    const card = await server.client.readResource({
      uri: cardUri('pizza.owl', 'http://www.co-ode.org/ontologies/pizza/pizza.owl#American'),
    });
    expect((card.contents[0] as { text: string }).text).toBe(
      set.pick('pizza').handle.card('http://www.co-ode.org/ontologies/pizza/pizza.owl#American')!.text,
    );
    // Completion offers names, so a name or a CURIE reads the same card as the IRI.
    const nucleus = set.pick('go-nucleus').handle.card('http://purl.obolibrary.org/obo/GO_0005634')!.text;
    for (const ref of ['nucleus', 'GO:0005634']) {
      const byName = await server.client.readResource({ uri: cardUri('go-nucleus.ofn', ref) });
      expect((byName.contents[0] as { text: string }).text, ref).toBe(nucleus);
    }
    await expect(server.client.readResource({ uri: cardUri('pizza.owl', 'NoSuchPizza') })).rejects.toThrow(
      /No class of pizza.owl has the IRI, name or CURIE "NoSuchPizza"/,
    );
  });

  it('turns malformed arguments, unknown names, unknown tools and huge inputs into tool errors, and keeps serving', async () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['ask', { subject: 3, ontology: 'pizza' }, /Input validation error.*subject/s],
      ['select', { conditions: [], ontology: 'pizza' }, /Input validation error/],
      [
        'select',
        { conditions: [{ relation: 'has topping', object: 'TomatoTopping', extra: 1 }], ontology: 'pizza' },
        /Input validation error/,
      ],
      // The advertised schemas say additionalProperties: false, so an unknown argument is refused, not ignored.
      [
        'select',
        { conditions: [{ relation: 'has topping', object: 'TomatoTopping' }], ontology: 'pizza', bogus: 1 },
        /Input validation error.*bogus/s,
      ],
      ['describe', { name: 'American', ontology: 'pizza', depth: 2 }, /Input validation error.*depth/s],
      ['describe', { name: 'nucleus' }, /2 ontologies are loaded; say which one/],
      ['describe', { name: 'nucleus', ontology: 'snomed' }, /No ontology "snomed" is loaded/],
      ['no-such-tool', {}, /Tool no-such-tool not found/],
      ['describe', { name: 'x'.repeat(1_000_000), ontology: 'pizza' }, /at most 300 character/],
      ['sparql', { query: 'DELETE WHERE { ?s ?p ?o }', ontology: 'pizza' }, /updates are refused/],
      [
        'sparql',
        { query: 'SELECT ?x WHERE { ?x ?y }', ontology: 'pizza' },
        /The SPARQL query could not be parsed: the parser stopped at line 1/,
      ],
      [
        'ask',
        { subject: 'Amercan', relation: 'has toping', object: 'TomatoTopping', ontology: 'pizza' },
        /UNKNOWN NAME: no concept is named "Amercan"\. Closest concept names: American/,
      ],
    ];
    for (const [tool, args, re] of bad) {
      const r = await call(tool, args);
      expect(r.isError, tool).toBe(true);
      expect(text(r)).toMatch(re);
    }
    const names = Array.from({ length: 50 }, (_, i) => `candidate ${i} ${'y'.repeat(250)}`);
    const big = await call('select', {
      conditions: Array.from({ length: 8 }, () => ({ relation: 'has topping', object: 'TomatoTopping' })),
      values: names,
      ontology: 'pizza',
    });
    expect(big.isError).toBe(true);
    expect(text(big)).toMatch(/^ERROR: The query is too long/);
    await same('describe', { name: 'American', ontology: 'pizza' }, pizza, { form: 'describe', name: 'American' });
  });

  it('serves 60 concurrent calls with the same answers as one at a time', async () => {
    const pizzas = (await pizza.run('SELECT ?x WHERE { ?x "is a" "PizzaComUmNome" }')).results.map((r) => r.name);
    const jobs = Array.from({ length: 60 }, (_, i) => {
      const name = pizzas[i % pizzas.length];
      if (i % 3 === 0)
        return {
          tool: 'ask',
          args: { subject: name, relation: 'has topping', object: 'MozzarellaTopping', ontology: 'pizza' },
        };
      if (i % 3 === 1) return { tool: 'describe', args: { name, ontology: 'pizza' } };
      return { tool: 'search', args: { text: name.slice(0, 4), ontology: 'pizza' } };
    });
    const together = await Promise.all(jobs.map((j) => call(j.tool, j.args)));
    for (const [i, j] of jobs.entries()) expect(together[i]).toEqual(await call(j.tool, j.args));
    checked += jobs.length;
  });

  it('checked at least 50 calls against the query service', () => {
    expect(checked).toBeGreaterThanOrEqual(50);
  });

  it('starts warm from the cache, and exits cleanly when the client closes mid-call', async () => {
    const s = await startServer([PIZZA!]);
    expect(s.stderr()).toMatch(/pizza\.owl: \d+ classes, \d+ relations \(from the cache\)/);
    const secs = Number(/ontologies (\d+\.\d+) s/.exec(s.stderr())![1]);
    expect(secs).toBeLessThan(5); // the figure itself is for the README; this only guards against a cold load
    const pid = s.transport.pid!;
    // explain starts the JVM on first use, so the call is still running when the client goes away.
    const pending = s.client
      .callTool({
        name: 'explain',
        arguments: { subject: 'American', relation: 'has topping', object: 'TomatoTopping' },
      })
      .catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    await s.client.close();
    // The transport sends SIGTERM after 2 s (and SIGKILL 2 s later); a server that ends on stdin EOF
    // says so and is normally gone before the first.
    expect(alive(pid)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(s.stderr()).toMatch(/client closed the connection; bye\./);
    expect(s.stderr()).not.toMatch(/stopped by a signal/);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe.skipIf(!have)('oarag mcp --http', () => {
  it('serves Streamable HTTP on 127.0.0.1 to a client with the token, refuses others, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli/bin.ts', 'mcp', '--ontology', PIZZA!, '--http', '0'],
      {
        cwd: REPO,
        env: { ...process.env, OARAG_CACHE_DIR: join(dir.path, 'cache'), OARAG_DATA_DIR: join(dir.path, 'data') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const line = await new Promise<string>((r) => createInterface({ input: child.stdout! }).once('line', r));
    const m =
      /^MCP \(Streamable HTTP\) on (http:\/\/127\.0\.0\.1:(\d+)\/mcp) with header "Authorization: Bearer ([A-Za-z0-9_-]+)"$/.exec(
        line,
      );
    expect(m, line).not.toBeNull();
    const [, url, port, token] = m!;
    const client = new Client({ name: 'oarag-test-http', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const r = (await client.callTool({
      name: 'ask',
      arguments: { subject: 'American', relation: 'has topping', object: 'TomatoTopping' },
    })) as CallToolResult;
    expect(text(r)).toBe((await pizza.run('ASK { "American" "has topping" "TomatoTopping" }')).observation);
    await client.close();
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect((await fetch(url, { method: 'POST', headers, body: init })).status).toBe(401);
    expect(
      (await fetch(url, { method: 'POST', headers: { ...headers, authorization: 'Bearer wrong' }, body: init })).status,
    ).toBe(401);
    expect(
      (
        await fetch(url, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}`, origin: 'http://evil.example' },
          body: init,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`http://localhost:${port}/elsewhere`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: init,
        })
      ).status,
    ).toBe(404);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
