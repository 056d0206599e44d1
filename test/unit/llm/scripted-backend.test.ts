import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src-main/llm/errors';
import { ScriptedBackend } from '../../../src-main/llm/scripted/scripted-backend';
import { estimatePromptTokens, estimateTokens } from '../../../src-main/llm/token-estimate';

const dir = mkdtempSync(join(tmpdir(), 'oarag-scripted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const user = (content: string) => [{ role: 'user' as const, content }];

describe('ScriptedBackend', () => {
  it('replies in order, one reply per call, and records the calls', async () => {
    const b = new ScriptedBackend(['first', '{"answer":"A"}', 'third']);
    expect((await b.chat(user('q1'), { maxTokens: 10 })).text).toBe('first');
    expect(
      (
        await b.chat(user('q2'), {
          maxTokens: 10,
          jsonSchema: { type: 'object', properties: { answer: { type: 'string' } } },
        })
      ).text,
    ).toBe('{"answer":"A"}');
    expect(b.remaining).toBe(1);
    expect(b.calls.map((c) => c.messages[0].content)).toEqual(['q1', 'q2']);
    expect(b.calls[1].opts.jsonSchema).toBeDefined();
  });

  it('rejects with script-exhausted once the replies run out', async () => {
    const b = new ScriptedBackend(['only'], { name: 'demo.json' });
    await b.chat(user('q'), { maxTokens: 5 });
    const err = await b.chat(user('again'), { maxTokens: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('script-exhausted');
    expect(err.message).toBe('The script demo.json has no reply left for call 2: it holds 1 reply.');
  });

  it('streams the reply through onText and counts tokens deterministically', async () => {
    const b = new ScriptedBackend(['The quick brown fox jumps over the lazy dog.'], { chunkChars: 10 });
    const chunks: string[] = [];
    const r = await b.chat(user('go'), { maxTokens: 50, onText: (c) => chunks.push(c) });
    expect(chunks.join('')).toBe(r.text);
    expect(chunks.length).toBe(5);
    expect(r).toMatchObject({
      finish: 'stop',
      tokensEstimated: true,
      outputTokens: estimateTokens(r.text),
      inputTokens: estimatePromptTokens(user('go')),
    });
    expect(r.outputTokens).toBe(10); // 9 words + the full stop
  });

  it('cuts the reply at a stop string', async () => {
    const b = new ScriptedBackend(['answer: A\nEND trailing']);
    expect((await b.chat(user('q'), { maxTokens: 50, stop: ['\nEND'] })).text).toBe('answer: A');
  });

  it('rejects an already-aborted call without using up a reply', async () => {
    const b = new ScriptedBackend(['kept']);
    const ac = new AbortController();
    ac.abort();
    await expect(b.chat(user('q'), { maxTokens: 5, signal: ac.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(b.remaining).toBe(1);
  });

  it('stops streaming on abort and returns the partial text', async () => {
    const b = new ScriptedBackend(['x'.repeat(100)], { chunkChars: 10, chunkDelayMs: 5 });
    const ac = new AbortController();
    const chunks: string[] = [];
    const r = await b.chat(user('q'), {
      maxTokens: 500,
      signal: ac.signal,
      onText: (c) => {
        chunks.push(c);
        if (chunks.length === 2) ac.abort();
      },
    });
    expect(r.finish).toBe('aborted');
    expect(r.text).toBe('x'.repeat(20));
  });

  it('loads a script file and explains bad ones', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(['a', 'b']));
    const b = await ScriptedBackend.fromFile(good);
    expect(b.id).toBe('scripted:good.json');
    expect(b.remaining).toBe(2);
    const notArray = join(dir, 'obj.json');
    writeFileSync(notArray, '{"a":1}');
    await expect(ScriptedBackend.fromFile(notArray)).rejects.toThrow(/must be a JSON array of reply strings/);
    const notString = join(dir, 'num.json');
    writeFileSync(notString, '["a", 2]');
    await expect(ScriptedBackend.fromFile(notString)).rejects.toThrow(/Item 1 .* is not a string/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '["a",');
    await expect(ScriptedBackend.fromFile(broken)).rejects.toThrow(/is not valid JSON/);
    await expect(ScriptedBackend.fromFile(join(dir, 'missing.json'))).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it('never echoes the content of a file given as a script (issue #12, defect 8)', async () => {
    const secret = 'root:x:0:0:SECRET-LINE:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n';
    const passwd = join(dir, 'passwd');
    writeFileSync(passwd, secret);
    const e1 = await ScriptedBackend.fromFile(passwd).catch((e) => e);
    expect(e1).toBeInstanceOf(LlmError);
    expect(e1.code).toBe('bad-spec');
    expect(e1.message).toContain(passwd);
    expect(e1.message).toMatch(/is not valid JSON \(an unexpected character/);
    expect(e1.message).not.toMatch(/root|SECRET|daemon|bash/);
    // Valid JSON of the wrong shape: the kind is named, not the value.
    const obj = join(dir, 'secret-obj.json');
    writeFileSync(obj, '{"password": "hunter2"}');
    const e2 = await ScriptedBackend.fromFile(obj).catch((e) => e);
    expect(e2.message).toMatch(/must be a JSON array of reply strings \(it holds an object\)/);
    expect(e2.message).not.toMatch(/hunter2|password/);
    const item = join(dir, 'secret-item.json');
    writeFileSync(item, '["a", {"token": "hunter2"}]');
    const e3 = await ScriptedBackend.fromFile(item).catch((e) => e);
    expect(e3.message).toMatch(/Item 1 of the script .* is not a string \(it is an object\)/);
    expect(e3.message).not.toMatch(/hunter2|token/);
  });

  it('refuses directories and devices instead of reading them', async () => {
    await expect(ScriptedBackend.fromFile(dir)).rejects.toMatchObject({
      code: 'bad-spec',
      message: expect.stringMatching(/is not a regular file/),
    });
    await expect(ScriptedBackend.fromFile('/dev/zero')).rejects.toMatchObject({
      code: 'bad-spec',
      message: expect.stringMatching(/^The script \/dev\/zero is not a regular file\.$/),
    });
  });
});
