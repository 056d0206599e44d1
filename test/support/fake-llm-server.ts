import type { ServerResponse } from 'node:http';
import { listenLoopback, readBody } from './loopback-http';

/** What a chat request asked for, as the fake server read it. */
export interface ChatBody {
  model?: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  stream?: boolean;
  grammar?: string;
  tools?: { type: string; function: { name: string; description?: string; parameters?: Schema } }[];
  tool_choice?: unknown;
  response_format?: { type: string; json_schema?: { name?: string; schema?: Schema; strict?: boolean } };
  [k: string]: unknown;
}

export interface FakeReply {
  text?: string;
  toolCalls?: { name: string; arguments: string }[];
}

export interface FakeLlmOptions {
  /** 'props': a llama.cpp server (GET /props answers, `grammar` honoured); 'field': `grammar` honoured but no /props; 'none'. */
  grammar?: 'props' | 'field' | 'none';
  tools?: boolean;
  jsonSchema?: boolean;
  /** What a request using an unsupported feature gets: a plain reply that ignores it, or a 400. */
  unsupported?: 'ignore' | 'reject';
  /** Decides the reply of a chat request the server can honour; default: a generic mind that satisfies any constraint. */
  mind?: (body: ChatBody, n: number) => FakeReply;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Every request answered with this status instead (e.g. 503). */
  failWith?: number;
  /** Wait before answering (ms). */
  latencyMs?: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  auth: string | undefined;
  body: ChatBody | null;
}

export interface FakeLlm {
  url: string;
  seen: SeenRequest[];
  /** Chat requests (POSTs) seen. */
  chats(): SeenRequest[];
  close(): Promise<void>;
}

type Schema = Record<string, unknown>;

/**
 * An OpenAI-compatible server on 127.0.0.1 whose features are switches, so each combination the
 * capability probes must tell apart (llama.cpp, vLLM, Ollama, a plain server) is one call away. It
 * streams when asked to, with tool calls split across deltas the way real servers send them.
 */
export async function startFakeLlm(o: FakeLlmOptions = {}): Promise<FakeLlm> {
  const seen: SeenRequest[] = [];
  let n = 0;
  const server = await listenLoopback((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: ChatBody | null = null;
      try {
        body = raw ? (JSON.parse(raw) as ChatBody) : null;
      } catch {
        body = null;
      }
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      if (o.latencyMs) await new Promise((r) => setTimeout(r, o.latencyMs));
      if (o.apiKey && req.headers.authorization !== `Bearer ${o.apiKey}`)
        return json(res, 401, { error: { message: 'Invalid API key' } });
      if (o.failWith) return json(res, o.failWith, { error: { message: 'busy' } });
      if (req.method === 'GET' && path === '/props') {
        if (o.grammar !== 'props') return json(res, 404, { error: { message: 'not found' } });
        return json(res, 200, {
          default_generation_settings: { n_ctx: 4096 },
          total_slots: 1,
          chat_template: '{{ messages }}',
          build_info: 'b9999',
        });
      }
      if (req.method !== 'POST' || !path.endsWith('/chat/completions') || !body)
        return json(res, 404, { error: { message: 'not found' } });
      const canGrammar = o.grammar === 'props' || o.grammar === 'field';
      const asks = {
        grammar: body.grammar !== undefined,
        tools: !!body.tools?.length,
        jsonSchema: body.response_format?.type === 'json_schema',
      };
      const unsupported =
        (asks.grammar && !canGrammar) || (asks.tools && !o.tools) || (asks.jsonSchema && !o.jsonSchema);
      if (unsupported && o.unsupported === 'reject')
        return json(res, 400, { error: { message: 'Unrecognized request argument supplied' } });
      const honoured: ChatBody = {
        ...body,
        grammar: canGrammar ? body.grammar : undefined,
        tools: o.tools ? body.tools : undefined,
        response_format: o.jsonSchema ? body.response_format : undefined,
      };
      const reply = (o.mind ?? genericMind)(honoured, ++n);
      send(res, body, reply);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return {
    url: `${server.url}/v1`,
    seen,
    chats: () => seen.filter((s) => s.method === 'POST'),
    close: server.close,
  };
}

/** Satisfies whatever constraint was honoured: the grammar's literal, the first tool, the schema; else plain text. */
export function genericMind(body: ChatBody): FakeReply {
  if (body.grammar !== undefined) {
    const lit = /^root\s*::=\s*"([^"]*)"\s*$/.exec(body.grammar.trim());
    return { text: lit ? lit[1] : '{}' };
  }
  if (body.tools?.length) {
    const f = body.tools[0].function;
    return {
      toolCalls: [
        { name: f.name, arguments: JSON.stringify(fromSchema(f.parameters ?? { type: 'object', properties: {} })) },
      ],
    };
  }
  if (body.response_format?.json_schema?.schema)
    return { text: JSON.stringify(fromSchema(body.response_format.json_schema.schema)) };
  return { text: 'Hello there, I am a plain model.' };
}

/** The smallest value a schema allows: the first enum value, "x", false, [] or an object of those. */
export function fromSchema(s: Schema): unknown {
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v)]));
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    default:
      return 'x';
  }
}

function send(res: ServerResponse, body: ChatBody, reply: FakeReply): void {
  const text = reply.text ?? '';
  const calls = reply.toolCalls ?? [];
  const finish = calls.length ? 'tool_calls' : 'stop';
  const usage = {
    prompt_tokens: 20,
    completion_tokens: Math.max(1, Math.ceil((text.length + calls.reduce((a, c) => a + c.arguments.length, 0)) / 4)),
  };
  if (!body.stream) {
    return json(res, 200, {
      id: 'fake',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: finish,
          message: {
            role: 'assistant',
            content: calls.length ? null : text,
            ...(calls.length
              ? { tool_calls: calls.map((c, i) => ({ id: `call_${i}`, type: 'function', function: c })) }
              : {}),
          },
        },
      ],
      usage,
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const ev = (delta: unknown, finishReason: string | null = null) =>
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
  for (let i = 0; i < text.length; i += 4) ev({ content: text.slice(i, i + 4) });
  calls.forEach((c, k) => {
    ev({ tool_calls: [{ index: k, id: `call_${k}`, type: 'function', function: { name: c.name, arguments: '' } }] });
    for (let i = 0; i < c.arguments.length; i += 5)
      ev({ tool_calls: [{ index: k, function: { arguments: c.arguments.slice(i, i + 5) } }] });
  });
  ev({}, finish);
  res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`);
  res.write('data: [DONE]\n\n');
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
