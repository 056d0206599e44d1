import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modelIdentity, runId } from '../../../src-main/evaluation/eval-key';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-key-');
afterAll(() => dir.cleanup());

describe('model identity', () => {
  it("is a GGUF file's content hash: the same path with other weights is another model", async () => {
    const p = join(dir.path, 'm.gguf');
    writeFileSync(p, 'weights one');
    const a = await modelIdentity(p);
    expect(a).toMatch(/^gguf:sha256:[0-9a-f]{64}$/);
    writeFileSync(p, 'weights two!');
    expect(await modelIdentity(p)).not.toBe(a);
    const copy = join(dir.path, 'renamed.gguf');
    writeFileSync(copy, 'weights two!');
    expect(await modelIdentity(copy)).toBe(await modelIdentity(p));
  });

  it('remembers a file hash by path, size and mtime', async () => {
    const p = join(dir.path, 'c.gguf');
    writeFileSync(p, 'abc');
    const seen = new Map<string, string>();
    let sets = 0;
    const hashCache = {
      get: (path: string, size: number, m: number) => seen.get(`${path} ${size} ${m}`) ?? null,
      set: (path: string, size: number, m: number, h: string) => {
        sets++;
        seen.set(`${path} ${size} ${m}`, h);
      },
    };
    const a = await modelIdentity(p, { hashCache });
    expect(await modelIdentity(p, { hashCache })).toBe(a);
    expect(sets).toBe(1);
  });

  it('is a server URL with the model id the server reports serving', async () => {
    const served = (ids: string[]) =>
      (async () => new Response(JSON.stringify({ data: ids.map((id) => ({ id })) }))) as unknown as typeof fetch;
    expect(
      await modelIdentity('openai:http://127.0.0.1:8080/v1#qwen', { fetch: served(['/models/qwen3-8b-q4.gguf']) }),
    ).toBe('openai:http://127.0.0.1:8080/v1#qwen served=/models/qwen3-8b-q4.gguf');
    expect(await modelIdentity('openai:http://127.0.0.1:8080/v1/#qwen', { fetch: served(['a', 'qwen']) })).toBe(
      'openai:http://127.0.0.1:8080/v1#qwen served=qwen',
    );
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    expect(await modelIdentity('openai:http://127.0.0.1:8080/v1#qwen', { fetch: down })).toBe(
      'openai:http://127.0.0.1:8080/v1#qwen served=?',
    );
  });

  it("is a script's content; a spec that parses as no backend stays itself", async () => {
    const s = join(dir.path, 'r.json');
    writeFileSync(s, '["x"]');
    expect(await modelIdentity(`scripted:${s}`)).toMatch(/^scripted:sha256:/);
    expect(await modelIdentity('fake-model')).toBe('spec:fake-model');
  });

  it('gives each key its own run id', () => {
    const k = { dataset: 'd', ontology: 'o', method: 'cot', model: 'm', protocol: 'structured', promptVersion: 2 };
    expect(runId(k)).toMatch(/^[0-9a-f]{20}$/);
    expect(runId({ ...k, promptVersion: 3 })).not.toBe(runId(k));
  });
});
