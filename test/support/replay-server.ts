import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { appRoot } from '../../src-main/core/paths';
import { readBody } from './loopback-http';
import { scriptedAnswer } from './fake-openai-server';

/**
 * A stand-in for llama-cpp-python's OpenAI-compatible server that answers as the fixtures in
 * test/fixtures/llama-cpp-python say (RECONSTRUCTED from issue #40's report, not recorded: see the
 * README there): `json_schema` is refused with a 500 validation error, `json_object` with a `schema` and
 * the `grammar` field are honoured, usage has no cached tokens, streams carry no usage, and a request
 * beyond the server's slots gets an empty reply at once. The mind is scripted (scriptedAnswer): the
 * answer depends only on the question. It can be killed and started again on the same port (an outage).
 */
export interface ReplayOptions {
  /** Requests answered side by side; one more gets the empty reply (default 1). */
  slots?: number;
  /** Whether GET /props and /slots answer (default true). */
  props?: boolean;
  /** Time to write a reply (default 60 ms). */
  latencyMs?: number;
  /** Called after each answered chat request (a test kills the server from here). */
  onAnswered?: (n: number) => void;
}

export interface ReplayStats {
  /** Chat requests by what they asked for. */
  jsonSchema: number;
  jsonObject: number;
  grammar: number;
  tools: number;
  /** Replies with text, and empty ones (beyond the slots). */
  answered: number;
  empty: number;
  /** Replies with text per question (the `Question:` line). */
  questions: Map<string, number>;
  /** GET /props and /slots. */
  props: number;
  peakInFlight: number;
}

export interface ReplayServer {
  url: string;
  stats: ReplayStats;
  /** Drops every connection and stops listening: the next request is refused (ECONNREFUSED). */
  kill(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

// appRoot, not __dirname: the benchmark (perf/openai-real.ts) loads this module as ESM under tsx.
const FIXTURES = join(appRoot(), 'test', 'fixtures', 'llama-cpp-python');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;

interface ChatBody {
  messages?: { role: string; content: string }[];
  stream?: boolean;
  grammar?: string;
  tools?: unknown[];
  response_format?: { type?: string; schema?: Schema };
}
interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

export async function startReplayServer(o: ReplayOptions = {}): Promise<ReplayServer> {
  const slots = o.slots ?? 1;
  const stats: ReplayStats = {
    jsonSchema: 0,
    jsonObject: 0,
    grammar: 0,
    tools: 0,
    answered: 0,
    empty: 0,
    questions: new Map(),
    props: 0,
    peakInFlight: 0,
  };
  let inFlight = 0;
  const handle = async (req: import('node:http').IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    if (req.method === 'GET' && (req.url === '/props' || req.url === '/slots')) {
      stats.props++;
      if (o.props === false) return send(res, 404, { detail: 'Not Found' });
      const props = fixture<{ body: { total_slots: number } }>('props.json').body;
      return send(res, 200, req.url === '/props' ? { ...props, total_slots: slots } : slotList(slots));
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return send(res, 404, { detail: 'Not Found' });
    const body = JSON.parse(raw) as ChatBody;
    const format = body.response_format?.type;
    if (format !== undefined && format !== 'text' && format !== 'json_object') {
      stats.jsonSchema++;
      const f = fixture<{ status: number; body: { error: { message: string } } }>('json-schema-refused.json');
      return send(res, f.status, {
        ...f.body,
        error: { ...f.body.error, message: f.body.error.message.replace("'json_schema'", `'${format}'`) },
      });
    }
    if (format === 'json_object') stats.jsonObject++;
    if (body.grammar !== undefined) stats.grammar++;
    if (body.tools?.length) stats.tools++;
    inFlight++;
    stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
    try {
      if (inFlight > slots) {
        stats.empty++;
        return reply(res, body, '', raw.length);
      }
      await new Promise((r) => setTimeout(r, o.latencyMs ?? 60));
      const text = mind(body);
      const question = /^Question: (.*)$/m.exec(lastUser(body))?.[1];
      if (question) stats.questions.set(question, (stats.questions.get(question) ?? 0) + 1);
      stats.answered++;
      reply(res, body, text, raw.length);
      o.onAnswered?.(stats.answered);
    } finally {
      inFlight--;
    }
  };
  const listener = (req: import('node:http').IncomingMessage, res: ServerResponse) =>
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  let server: Server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  const kill = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    kill,
    async restart() {
      server = createServer(listener);
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    },
    close: () => (server.listening ? kill() : Promise.resolve()),
  };
}

function slotList(n: number): unknown[] {
  return Array.from({ length: n }, (_, id) => ({ id, is_processing: false }));
}

function lastUser(body: ChatBody): string {
  return [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** The scripted mind under each constraint the server honours. */
function mind(body: ChatBody): string {
  const user = (body.messages ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const answer = scriptedAnswer(user);
  if (body.grammar !== undefined) {
    const lit = /^root\s*::=\s*"([^"]*)"\s*$/.exec(body.grammar.trim());
    return lit ? lit[1] : JSON.stringify({ answer });
  }
  if (body.tools?.length) return fixture<{ text: string }>('tools.json').text;
  const schema = body.response_format?.schema;
  if (body.response_format?.type === 'json_object')
    return JSON.stringify(schema ? fromSchema(schema, answer) : { answer });
  return `Thought: I now know the answer.\nAnswer: ${JSON.stringify({ answer })}`;
}

/** A value the schema allows: the scripted answer for an `answer` field, else the first enum value, [] or "x". */
function fromSchema(s: Schema, answer: string[], key = ''): unknown {
  if (key === 'answer' && s.type === 'array') return answer;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v, answer, k)]));
    case 'array':
      return [];
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A reply as the fixtures shape it: whole, or streamed in pieces without a usage chunk. */
function reply(res: ServerResponse, body: ChatBody, text: string, promptChars: number): void {
  const usage = {
    prompt_tokens: Math.ceil(promptChars / 4),
    completion_tokens: Math.ceil(text.length / 4),
    total_tokens: Math.ceil(promptChars / 4) + Math.ceil(text.length / 4),
  };
  if (!body.stream) {
    const f = fixture<{ body: { choices: { message: { content: string } }[] } }>(
      text ? 'completion.json' : 'empty-reply.json',
    );
    const choice = { ...f.body.choices[0], message: { ...f.body.choices[0].message, content: text } };
    return send(res, 200, { ...f.body, choices: [choice], usage });
  }
  type Chunk = { choices: { delta: Record<string, unknown> }[] };
  const s = fixture<{ first: Chunk; content: Chunk; last: Chunk }>('stream.json');
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const ev = (c: unknown) => res.write(`data: ${JSON.stringify(c)}\r\n\r\n`);
  ev(s.first);
  for (let i = 0; i < text.length; i += 6)
    ev({ ...s.content, choices: [{ ...s.content.choices[0], delta: { content: text.slice(i, i + 6) } }] });
  ev(s.last);
  res.write('data: [DONE]\r\n\r\n');
  res.end();
}
