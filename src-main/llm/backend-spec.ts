import { resolve } from 'node:path';
import { LlmError } from './errors';
import { LocalLlamaBackend, type LocalLlamaOptions } from './local/local-llama-backend';
import { OpenAiBackend, type OpenAiBackendOptions } from './openai/openai-backend';
import { ScriptedBackend, type ScriptedBackendOptions } from './scripted/scripted-backend';
import type { LlmBackend } from './types';

/**
 * A model spec string, as given on the command line or in settings:
 * - `<path.gguf>`: a local GGUF model run by llama.cpp in a child process;
 * - `openai:<url>#<model>`: an OpenAI-compatible server, e.g. `openai:http://127.0.0.1:8080/v1#qwen3-8b`;
 * - `scripted:<file.json>`: canned replies, for tests and demos.
 */
export type BackendSpec =
  | { kind: 'local'; modelPath: string }
  | { kind: 'openai'; baseUrl: string; model: string }
  | { kind: 'scripted'; file: string };

const USAGE =
  'Use a .gguf file path, openai:<url>#<model> (e.g. openai:http://127.0.0.1:8080/v1#qwen3-8b) or scripted:<file.json>.';

function bad(message: string): LlmError {
  return new LlmError('bad-spec', `${message} ${USAGE}`);
}

export function parseBackendSpec(specIn: string, cwd: string = process.cwd()): BackendSpec {
  const spec = specIn.trim();
  if (!spec) throw bad('No model was given.');
  if (spec.startsWith('openai:')) {
    const rest = spec.slice('openai:'.length);
    const hash = rest.lastIndexOf('#');
    if (hash < 0) throw bad(`"${spec}" names no model: put it after '#'.`);
    const baseUrl = rest.slice(0, hash).trim();
    const model = rest.slice(hash + 1).trim();
    if (!model) throw bad(`"${spec}" names no model after '#'.`);
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw bad(`"${baseUrl}" in "${spec}" is not a URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw bad(`"${baseUrl}" must be an http:// or https:// URL.`);
    return { kind: 'openai', baseUrl, model };
  }
  if (spec.startsWith('scripted:')) {
    const file = spec.slice('scripted:'.length).trim();
    if (!file) throw bad(`"${spec}" names no script file.`);
    return { kind: 'scripted', file: resolve(cwd, file) };
  }
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(spec);
  if (scheme && !/^[a-z]:[\\/]/i.test(spec)) {
    const s = scheme[1].toLowerCase();
    if (s === 'hf' || s === 'http' || s === 'https') {
      throw bad(
        `"${spec}" is a download address, not a model: download it into the models folder first, then give the file.`,
      );
    }
    throw bad(`Unknown model spec kind "${scheme[1]}:".`);
  }
  if (!/\.gguf$/i.test(spec)) throw bad(`"${spec}" is not a .gguf file.`);
  return { kind: 'local', modelPath: resolve(cwd, spec) };
}

export interface BackendFactoryOptions {
  local?: Omit<LocalLlamaOptions, 'modelPath'>;
  openai?: Omit<OpenAiBackendOptions, 'baseUrl' | 'model'>;
  scripted?: Omit<ScriptedBackendOptions, 'name'>;
  cwd?: string;
}

export interface BackendFactory {
  spec: BackendSpec;
  /** Builds the backend and, for a local model, starts its process (validating the file first). */
  create(): Promise<LlmBackend>;
}

/** Parses a spec (throwing `LlmError('bad-spec')` on a bad one) into a factory for its backend. */
export function backendFactory(spec: string | BackendSpec, o: BackendFactoryOptions = {}): BackendFactory {
  const parsed = typeof spec === 'string' ? parseBackendSpec(spec, o.cwd) : spec;
  switch (parsed.kind) {
    case 'local':
      return {
        spec: parsed,
        async create() {
          const b = new LocalLlamaBackend({ ...o.local, modelPath: parsed.modelPath });
          await b.start();
          return b;
        },
      };
    case 'openai':
      return {
        spec: parsed,
        create: async () => new OpenAiBackend({ ...o.openai, baseUrl: parsed.baseUrl, model: parsed.model }),
      };
    case 'scripted':
      return { spec: parsed, create: () => ScriptedBackend.fromFile(parsed.file, o.scripted) };
  }
}
