import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendFactory, parseBackendSpec } from '../../../src-main/llm/backend-spec';
import { LlmError } from '../../../src-main/llm/errors';
import { OpenAiBackend } from '../../../src-main/llm/openai/openai-backend';
import { ScriptedBackend } from '../../../src-main/llm/scripted/scripted-backend';

function specError(spec: string): LlmError {
  try {
    parseBackendSpec(spec, '/work');
  } catch (e) {
    expect(e).toBeInstanceOf(LlmError);
    expect((e as LlmError).code).toBe('bad-spec');
    return e as LlmError;
  }
  throw new Error(`${spec} was accepted`);
}

describe('parseBackendSpec', () => {
  it('parses a local GGUF path, resolved against the working directory', () => {
    expect(parseBackendSpec('models/qwen3-8b-Q4_K_M.gguf', '/work')).toEqual({
      kind: 'local',
      modelPath: resolve('/work/models/qwen3-8b-Q4_K_M.gguf'),
    });
    expect(parseBackendSpec('  /abs/x.GGUF ')).toEqual({ kind: 'local', modelPath: '/abs/x.GGUF' });
  });

  it('parses openai:<url>#<model>', () => {
    expect(parseBackendSpec('openai:http://127.0.0.1:8080/v1#qwen3-8b')).toEqual({
      kind: 'openai',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'qwen3-8b',
    });
    // The model is after the last '#', so a model name may not hold '#', but the URL may.
    expect(parseBackendSpec('openai:https://h.example/v1#org/model:latest')).toEqual({
      kind: 'openai',
      baseUrl: 'https://h.example/v1',
      model: 'org/model:latest',
    });
  });

  it('parses scripted:<file>', () => {
    expect(parseBackendSpec('scripted:replies.json', '/work')).toEqual({
      kind: 'scripted',
      file: resolve('/work/replies.json'),
    });
  });

  it('rejects bad specs with a message that says what is accepted', () => {
    expect(specError('').message).toMatch(/No model was given.*\.gguf file path, openai:<url>#<model>/);
    expect(specError('openai:http://localhost:8080').message).toMatch(/names no model/);
    expect(specError('openai:http://localhost:8080#').message).toMatch(/names no model after '#'/);
    expect(specError('openai:localhost:8080#m').message).toMatch(/http:\/\/ or https:\/\//);
    expect(specError('openai:not a url#m').message).toMatch(/is not a URL/);
    expect(specError('scripted:').message).toMatch(/names no script file/);
    expect(specError('ollama:llama3').message).toMatch(/Unknown model spec kind "ollama:"/);
    expect(specError('hf:Qwen/Qwen3-8B-GGUF:Q4_K_M').message).toMatch(/download it into the models folder first/);
    expect(specError('model.bin').message).toMatch(/is not a \.gguf file/);
  });

  it('accepts a Windows drive path', () => {
    expect(parseBackendSpec('C:\\models\\m.gguf').kind).toBe('local');
  });
});

describe('backendFactory', () => {
  it('builds OpenAI and scripted backends', async () => {
    const o = await backendFactory('openai:http://127.0.0.1:9/v1#m').create();
    expect(o).toBeInstanceOf(OpenAiBackend);
    expect(o.id).toBe('openai:m@127.0.0.1:9');
    const dir = mkdtempSync(join(tmpdir(), 'oarag-spec-'));
    try {
      writeFileSync(join(dir, 'r.json'), JSON.stringify(['hello']));
      const s = await backendFactory('scripted:r.json', { cwd: dir }).create();
      expect(s).toBeInstanceOf(ScriptedBackend);
      expect((await s.chat([{ role: 'user', content: 'hi' }], { maxTokens: 5 })).text).toBe('hello');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to create a local backend for a missing file with model-invalid, before any process starts', async () => {
    const f = backendFactory('/nonexistent/dir/m.gguf', { local: { gpu: false, threads: 1 } });
    await expect(f.create()).rejects.toMatchObject({
      code: 'model-invalid',
      message: expect.stringMatching(/does not exist/),
    });
  });
});
