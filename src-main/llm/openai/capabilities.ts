import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readInputFile } from '../../core/input-file';
import { writeOutputFile } from '../../core/output-policy';
import { abortedError } from '../errors';
import type { BackendCapabilities } from '../types';
import { readCapped } from './bounded-read';
import { isFieldRefusal } from './schema-modes';

/** Servers change (an upgrade, another flag): a week-old finding is probed again. */
export const CAPABILITY_TTL_MS = 7 * 24 * 3600 * 1000;
/** An inconclusive probe (server busy or down) is not written down, but not repeated for every question either. */
const INCONCLUSIVE_TTL_MS = 60 * 1000;
export const CAPABILITY_FILE = 'openai-capabilities.json';
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_ENTRIES = 200;

export interface DetectedCapabilities extends BackendCapabilities {
  /** False when some probe could not be answered (network, 5xx, 429, time-out): then nothing is cached on disk. */
  conclusive: boolean;
}

interface FileEntry extends BackendCapabilities {
  detectedAt: string;
}

/** What the probes need to reach the server. */
export interface ProbeTarget {
  chatUrl: string;
  model: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  /** Bound on the whole detection. */
  deadlineMs: number;
}

type Verdict = 'yes' | 'no' | 'unknown';

const memory = new Map<string, { caps: BackendCapabilities; until: number }>();
const inflight = new Map<string, SharedProbe>();

/** Drops what this process remembers (tests that want to see the disk cache at work). */
export function forgetCapabilitiesInMemory(): void {
  memory.clear();
}

/**
 * What a server supports, found once per (URL, model) and remembered in memory and, when `dir` is given,
 * in `<dir>/openai-capabilities.json` for a week. Concurrent callers share one detection; it is
 * cancelled only when every caller waiting for it has given up.
 */
export async function cachedCapabilities(
  target: ProbeTarget,
  dir: string | null | undefined,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<BackendCapabilities> {
  if (signal?.aborted) throw abortedError('Detecting what the server supports');
  const key = `${target.chatUrl}#${target.model}`;
  const memKey = `${dir ?? ''}\u0000${key}`;
  const hit = memory.get(memKey);
  if (hit && hit.until > now()) return hit.caps;
  let probe = inflight.get(memKey);
  if (!probe) {
    const p = new SharedProbe(async (s) => {
      const fromDisk = dir ? await readEntry(dir, key, now()) : null;
      if (fromDisk) {
        memory.set(memKey, { caps: fromDisk.caps, until: fromDisk.until });
        return fromDisk.caps;
      }
      const found = await probeCapabilities(target, s);
      const { conclusive: _c, ...caps } = found;
      memory.set(memKey, { caps, until: now() + (found.conclusive ? CAPABILITY_TTL_MS : INCONCLUSIVE_TTL_MS) });
      if (found.conclusive && dir) await writeEntry(dir, key, caps, now()).catch(() => undefined);
      return caps;
    });
    inflight.set(memKey, p);
    void p.done.finally(() => inflight.delete(memKey)).catch(() => undefined);
    probe = p;
  }
  return probe.wait(signal);
}

/** What is already known of a server (this process's memory, or the file), without probing it. */
export async function knownCapabilities(
  target: Pick<ProbeTarget, 'chatUrl' | 'model'>,
  dir: string | null | undefined,
  now: () => number = Date.now,
): Promise<BackendCapabilities | null> {
  const key = `${target.chatUrl}#${target.model}`;
  const hit = memory.get(`${dir ?? ''}\u0000${key}`);
  if (hit && hit.until > now()) return hit.caps;
  return dir ? ((await readEntry(dir, key, now()))?.caps ?? null) : null;
}

class SharedProbe {
  private readonly ctl = new AbortController();
  private waiters = 0;
  readonly done: Promise<BackendCapabilities>;

  constructor(run: (signal: AbortSignal) => Promise<BackendCapabilities>) {
    this.done = run(this.ctl.signal);
    this.done.catch(() => undefined);
  }

  wait(signal?: AbortSignal): Promise<BackendCapabilities> {
    this.waiters++;
    return new Promise((resolve, reject) => {
      const settle = () => {
        signal?.removeEventListener('abort', onAbort);
        this.waiters--;
      };
      const onAbort = () => {
        settle();
        if (this.waiters === 0) this.ctl.abort();
        reject(abortedError('Detecting what the server supports'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.done.then(
        (v) => {
          settle();
          resolve(v);
        },
        (e) => {
          settle();
          reject(e);
        },
      );
    });
  }
}

/** The server root a chat URL belongs to (`http://h:8080/v1/chat/completions` → `http://h:8080`), where llama.cpp serves /props. */
export function serverRoot(chatUrl: string): string {
  return chatUrl.replace(/\/chat\/completions$/, '').replace(/\/v\d+$/, '');
}

const PROBE_WORD = 'oarag-probe-ok';
const PROBE_SCHEMA = {
  type: 'object',
  properties: { probe: { type: 'string', enum: [PROBE_WORD] } },
  required: ['probe'],
  additionalProperties: false,
};

/**
 * Tiny requests, each with a few tokens at most: the llama.cpp `grammar` field (its /props page, or a
 * grammar that forces a word no model says unprompted), native tools with `tool_choice: 'required'`,
 * and a strict `json_schema` response format that forces an enum value, else `json_object` with a `schema`
 * (llama-cpp-python). A 4xx, or a 5xx whose body is a validation error about the field, means "not
 * supported"; any other 408/429/5xx, a network failure or the deadline leaves the answer unknown (taken
 * as unsupported, and the result is not conclusive).
 */
export async function probeCapabilities(t: ProbeTarget, signal?: AbortSignal): Promise<DetectedCapabilities> {
  const deadline = Date.now() + t.deadlineMs;
  const grammar = await probeGrammar(t, deadline, signal);
  const tools = await judge(
    t,
    deadline,
    signal,
    {
      messages: [{ role: 'user', content: `Call the function oarag_probe with the word "${PROBE_WORD}".` }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'oarag_probe',
            description: 'Records one word.',
            parameters: {
              type: 'object',
              properties: { word: { type: 'string' } },
              required: ['word'],
              additionalProperties: false,
            },
          },
        },
      ],
      tool_choice: 'required',
      // Room for a model that writes a little before its call (some templates open a think block).
      max_tokens: 96,
    },
    (msg) => {
      const call = Array.isArray(msg.tool_calls)
        ? (msg.tool_calls[0] as { function?: { name?: unknown; arguments?: unknown } } | undefined)
        : undefined;
      if (call?.function?.name !== 'oarag_probe') return false;
      const args = call.function.arguments;
      if (args !== null && typeof args === 'object') return true;
      try {
        const v = JSON.parse(String(args));
        return v !== null && typeof v === 'object';
      } catch {
        return false;
      }
    },
  );
  const schemaProbe = (format: Record<string, unknown>) =>
    judge(
      t,
      deadline,
      signal,
      { messages: [{ role: 'user', content: 'Say hello.' }], response_format: format, max_tokens: 64 },
      (msg) => {
        try {
          const v = JSON.parse(String(msg.content ?? '')) as { probe?: unknown };
          return v?.probe === PROBE_WORD;
        } catch {
          return false;
        }
      },
    );
  const strict = await schemaProbe({
    type: 'json_schema',
    json_schema: { name: 'probe', strict: true, schema: PROBE_SCHEMA },
  });
  const loose = strict === 'yes' ? 'no' : await schemaProbe({ type: 'json_object', schema: PROBE_SCHEMA });
  const jsonSchema =
    strict === 'yes' || loose === 'yes' ? 'yes' : strict === 'unknown' || loose === 'unknown' ? 'unknown' : 'no';
  return {
    grammar: grammar === 'yes',
    tools: tools === 'yes',
    jsonSchema: jsonSchema === 'yes',
    ...(jsonSchema === 'yes'
      ? { jsonSchemaVia: strict === 'yes' ? ('json_schema' as const) : ('json_object' as const) }
      : {}),
    conclusive: grammar !== 'unknown' && tools !== 'unknown' && jsonSchema !== 'unknown',
  };
}

async function probeGrammar(t: ProbeTarget, deadline: number, signal?: AbortSignal): Promise<Verdict> {
  const props = await request(t, `${serverRoot(t.chatUrl)}/props`, null, deadline, signal);
  if (props.kind === 'answer' && props.status === 200 && isLlamaCppProps(props.json)) return 'yes';
  return judge(
    t,
    deadline,
    signal,
    { messages: [{ role: 'user', content: 'Say hello.' }], grammar: `root ::= "${PROBE_WORD}"`, max_tokens: 24 },
    (msg) => typeof msg.content === 'string' && msg.content.trim() === PROBE_WORD,
  );
}

/** llama.cpp's server answers GET /props with its generation defaults and slot count; nothing else does. */
function isLlamaCppProps(j: unknown): boolean {
  if (!j || typeof j !== 'object') return false;
  const o = j as Record<string, unknown>;
  return (
    (typeof o.default_generation_settings === 'object' && o.default_generation_settings !== null) ||
    (typeof o.total_slots === 'number' && 'chat_template' in o)
  );
}

async function judge(
  t: ProbeTarget,
  deadline: number,
  signal: AbortSignal | undefined,
  body: Record<string, unknown>,
  ok: (message: Record<string, unknown>) => boolean,
): Promise<Verdict> {
  const r = await request(t, t.chatUrl, { model: t.model, temperature: 0, stream: false, ...body }, deadline, signal);
  if (r.kind === 'unknown') return 'unknown';
  if (r.status >= 400 && isFieldRefusal(r.status, r.text)) return 'no';
  if (r.status === 408 || r.status === 409 || r.status === 425 || r.status === 429 || r.status >= 500) return 'unknown';
  if (r.status >= 400) return 'no';
  const msg = (r.json as { choices?: { message?: unknown }[] } | null)?.choices?.[0]?.message;
  if (!msg || typeof msg !== 'object') return 'no';
  return ok(msg as Record<string, unknown>) ? 'yes' : 'no';
}

type Answer = { kind: 'answer'; status: number; json: unknown; text: string } | { kind: 'unknown' };

async function request(
  t: ProbeTarget,
  url: string,
  body: Record<string, unknown> | null,
  deadline: number,
  signal?: AbortSignal,
): Promise<Answer> {
  if (signal?.aborted) throw abortedError('Detecting what the server supports');
  const left = deadline - Date.now();
  if (left <= 0) return { kind: 'unknown' };
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => ctl.abort(), left);
  try {
    const res = await t.fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...t.headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: ctl.signal,
    });
    const { text, truncated } = await readCapped(res, 256 * 1024);
    let json: unknown = null;
    if (!truncated) {
      try {
        json = JSON.parse(text);
      } catch {
        /* a non-JSON answer: judged by its status alone */
      }
    }
    return { kind: 'answer', status: res.status, json, text: text.slice(0, 4000) };
  } catch {
    if (signal?.aborted) throw abortedError('Detecting what the server supports');
    return { kind: 'unknown' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function readEntry(
  dir: string,
  key: string,
  now: number,
): Promise<{ caps: BackendCapabilities; until: number } | null> {
  const e = (await readFileEntries(dir)).get(key);
  if (!e) return null;
  const until = Date.parse(e.detectedAt) + CAPABILITY_TTL_MS;
  // A time in the future means a clock change or a hand edit: probe again rather than trust it for long.
  if (!Number.isFinite(until) || until <= now || Date.parse(e.detectedAt) > now + 60_000) return null;
  return {
    caps: {
      grammar: e.grammar,
      tools: e.tools,
      jsonSchema: e.jsonSchema,
      ...(e.jsonSchemaVia ? { jsonSchemaVia: e.jsonSchemaVia } : {}),
    },
    until,
  };
}

/** The file's entries; a missing, oversized or damaged file is an empty cache (it is rewritten on the next detection). */
async function readFileEntries(dir: string): Promise<Map<string, FileEntry>> {
  const file = join(dir, CAPABILITY_FILE);
  try {
    const raw = await readInputFile(file, { what: 'capability cache', maxBytes: MAX_FILE_BYTES, missingOk: true });
    if (!raw) return new Map();
    const data = JSON.parse(raw.toString('utf8')) as { servers?: unknown };
    const servers = data?.servers;
    if (!servers || typeof servers !== 'object') return new Map();
    const out = new Map<string, FileEntry>();
    for (const [k, v] of Object.entries(servers as Record<string, unknown>)) {
      const e = v as Partial<FileEntry> | null;
      if (
        e &&
        typeof e.grammar === 'boolean' &&
        typeof e.tools === 'boolean' &&
        typeof e.jsonSchema === 'boolean' &&
        typeof e.detectedAt === 'string'
      ) {
        const via =
          e.jsonSchemaVia === 'json_object' || e.jsonSchemaVia === 'json_schema' ? e.jsonSchemaVia : undefined;
        out.set(k, {
          grammar: e.grammar,
          tools: e.tools,
          jsonSchema: e.jsonSchema,
          ...(via ? { jsonSchemaVia: via } : {}),
          detectedAt: e.detectedAt,
        });
      }
    }
    return out;
  } catch {
    return new Map();
  }
}

async function writeEntry(dir: string, key: string, caps: BackendCapabilities, now: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const entries = await readFileEntries(dir);
  entries.set(key, { ...caps, detectedAt: new Date(now).toISOString() });
  const kept = [...entries]
    .filter(([, e]) => Date.parse(e.detectedAt) + CAPABILITY_TTL_MS > now)
    .sort((a, b) => Date.parse(b[1].detectedAt) - Date.parse(a[1].detectedAt))
    .slice(0, MAX_ENTRIES);
  // Through the output policy: a folder, pipe or link planted at the cache file is refused, never written through.
  writeOutputFile(
    join(dir, CAPABILITY_FILE),
    `${JSON.stringify({ version: 1, servers: Object.fromEntries(kept) }, null, 2)}\n`,
    { force: true },
  );
}
