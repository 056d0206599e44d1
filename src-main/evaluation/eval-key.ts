import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { DEFAULT_PROTOCOL, PROMPT_VERSION, type AgentProtocol } from '../agent/protocol';
import { parseBackendSpec } from '../llm/backend-spec';
import { hashFile } from '../ontology/cache/cache-key';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { RunKey } from './evaluation-types';
export type { RunKey } from './evaluation-types';

/** A short stable id for a run key: how the UI and the marks refer to one run. */
export function runId(k: RunKey): string {
  return createHash('sha256')
    .update(JSON.stringify([k.dataset, k.ontology, k.method, k.model, k.protocol, k.promptVersion]))
    .digest('hex')
    .slice(0, 20);
}

export function promptKey(
  usesModel: boolean,
  protocol: AgentProtocol | string = DEFAULT_PROTOCOL,
): { protocol: string; promptVersion: number } {
  return usesModel ? { protocol, promptVersion: PROMPT_VERSION } : { protocol: 'none', promptVersion: 0 };
}

/**
 * The ontology's content hash as recorded when it was loaded (source file plus every import). A
 * handle without that record (test fixtures) is identified by its file's hash, else by its summary.
 */
export async function ontologyContentHash(h: OntologyHandle): Promise<string> {
  let source: string | null = null;
  let imports: { path: string; hash: string }[] = [];
  try {
    const recorded = h.contentHashes();
    if (recorded.sourceHash) source = JSON.parse(recorded.sourceHash) as string;
    if (recorded.importHashes) imports = (JSON.parse(recorded.importHashes) as { path: string; hash: string }[]) ?? [];
  } catch {
    // no meta table: fall through
  }
  if (!source) {
    try {
      source = await hashFile(h.path);
    } catch {
      source = `summary:${createHash('sha256')
        .update(JSON.stringify({ ...h.summary, seconds: 0, stageSeconds: {}, cache: '' }))
        .digest('hex')}`;
    }
  }
  if (!imports.length) return `sha256:${source}`;
  const all = createHash('sha256').update(source);
  for (const i of [...imports].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0)))
    all.update('\u0000').update(i.hash);
  return `sha256:${all.digest('hex')}`;
}

export interface IdentityOptions {
  /** Remembered file hashes, so a multi-gigabyte GGUF is hashed once per (path, size, mtime). */
  hashCache?: {
    get(path: string, size: number, mtimeMs: number): string | null;
    set(path: string, size: number, mtimeMs: number, hash: string): void;
  };
  fetch?: typeof fetch;
  timeoutMs?: number;
  cwd?: string;
}

/**
 * What a model spec stands for: a GGUF file by its content hash (a renamed or replaced file is a
 * different model), a server by its URL and the model id it serves (asked of its /models list: a
 * llama.cpp server answers under any requested name), a script by its content.
 */
export async function modelIdentity(spec: string, o: IdentityOptions = {}): Promise<string> {
  let parsed;
  try {
    parsed = parseBackendSpec(spec, o.cwd);
  } catch {
    return `spec:${spec}`;
  }
  switch (parsed.kind) {
    case 'local':
      return `gguf:sha256:${await cachedHash(parsed.modelPath, o)}`;
    case 'scripted':
      return `scripted:sha256:${await cachedHash(parsed.file, o)}`;
    case 'openai': {
      const served = await servedModel(parsed.baseUrl, parsed.model, o);
      return `openai:${parsed.baseUrl.replace(/\/+$/, '')}#${parsed.model} served=${served ?? '?'}`;
    }
  }
}

async function cachedHash(path: string, o: IdentityOptions): Promise<string> {
  let st;
  try {
    st = statSync(path);
  } catch {
    return `missing:${path}`;
  }
  // A pipe or a device would never finish hashing; the backend refuses it when it starts.
  if (!st.isFile()) return `not-a-file:${path}`;
  const hit = o.hashCache?.get(path, st.size, Math.floor(st.mtimeMs));
  if (hit) return hit;
  const h = await hashFile(path);
  o.hashCache?.set(path, st.size, Math.floor(st.mtimeMs), h);
  return h;
}

/** The id the server reports for the requested model; null when it cannot be asked. */
async function servedModel(baseUrl: string, model: string, o: IdentityOptions): Promise<string | null> {
  const f = o.fetch ?? globalThis.fetch;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), o.timeoutMs ?? 3000);
  try {
    const res = await f(`${baseUrl.replace(/\/+$/, '')}/models`, { signal: ctl.signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    const ids = (body.data ?? []).map((d) => d.id).filter((x): x is string => typeof x === 'string');
    if (ids.includes(model)) return model;
    return ids.length === 1 ? ids[0] : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The protocol part of the key: the runner's protocol option as requested. Without one the agent
 * runs 'auto' (structured where the backend can enforce it, else text); what that resolves to
 * depends only on the backend, whose identity is in the key too.
 */
export function keyProtocol(o: { protocol?: string }): AgentProtocol | 'auto' | string {
  return o.protocol ?? 'auto';
}
