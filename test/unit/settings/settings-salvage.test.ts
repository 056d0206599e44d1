import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../src-main/settings/settings-store';
import { tempDir } from '../../support/temp-dir';

/** Issue #27 items 4 and 6: one bad entry costs only itself; the file is read only if regular and written atomically. */
const REPO = resolve(__dirname, '..', '..', '..');
const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function folder(): string {
  const d = tempDir('oarag-settings-');
  dirs.push(d);
  return d.path;
}

function started(dir: string): SettingsStore {
  const s = new SettingsStore(dir);
  s.start();
  return s;
}

describe('settings: a bad entry is refused by name, the rest kept', () => {
  it("fileRoots with '..' loses that entry only: theme, default model and personas stay", () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        ...DEFAULT_SETTINGS,
        theme: 'dark',
        defaultModel: '/m/a.gguf',
        personas: { '/o/go.obo': 'You are a GO curator.' },
        fileRoots: ['/data/onts', '/data/../etc'],
      }),
    );
    const s = started(dir);
    expect(s.get()).toMatchObject({
      theme: 'dark',
      defaultModel: '/m/a.gguf',
      personas: { '/o/go.obo': 'You are a GO curator.' },
      fileRoots: ['/data/onts'],
    });
    expect(s.problems()).toEqual([
      expect.stringMatching(/^settings\.json: fileRoots\[1\]: must be an absolute path without '\.\.'/),
    ]);
  });

  it('refuses a variable not named like a key, in the file and in a change', () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        theme: 'light',
        openai: { baseUrl: 'https://llm.example/v1', model: 'm', apiKeyEnv: 'SECTEST_DB_PASSWORD' },
        apiKeys: { 'api.openai.com': 'OPENAI_API_KEY', 'x.example': 'HOME', 'Bad Host': 'A_TOKEN' },
      }),
    );
    const s = started(dir);
    expect(s.get().theme).toBe('light');
    expect(s.get().openai).toEqual({ baseUrl: 'https://llm.example/v1', model: 'm', apiKeyEnv: 'OPENAI_API_KEY' });
    expect(s.get().apiKeys).toEqual({ 'api.openai.com': 'OPENAI_API_KEY' });
    const problems = s.problems().join('\n');
    expect(problems).toMatch(/openai\.apiKeyEnv: must name a variable like MY_API_KEY/);
    expect(problems).toMatch(/apiKeys\["x\.example"\]/);
    expect(problems).toMatch(/apiKeys\["Bad Host"\]/);
    expect(() => s.set({ openai: { apiKeyEnv: 'SECTEST_DB_PASSWORD' } })).toThrow(/openai\.apiKeyEnv is invalid/);
    expect(() => s.set({ apiKeys: { '127.0.0.1:8080': 'PATH' } })).toThrow(/apiKeys/);
    s.set({ apiKeys: { '127.0.0.1:8080': 'LLAMA_TOKEN' } });
    expect(started(dir).get().apiKeys).toEqual({ 'api.openai.com': 'OPENAI_API_KEY', '127.0.0.1:8080': 'LLAMA_TOKEN' });
  });

  it('keeps name languages in one spelling', () => {
    const dir = folder();
    const s = started(dir);
    expect(s.set({ nameLanguages: ['EN', 'en-gb', 'pt-br', 'pt-BR', ''] }).nameLanguages).toEqual(['en', 'pt-BR', '']);
  });
});

describe('settings: read only if regular, written atomically', () => {
  it('a settings.json that is a named pipe does not hold up the start; defaults, the pipe left alone, saving refused', () => {
    const dir = folder();
    execFileSync('mkfifo', [join(dir, 'settings.json')]);
    // In a child process: a blocking read would hang this one for good.
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src-main/settings/settings-store.ts').then(({ SettingsStore }) => {
          const s = new SettingsStore(${JSON.stringify(dir)}); s.start();
          let saved = 'saved';
          try { s.set({ theme: 'dark' }); } catch (e) { saved = e.code; }
          console.log(JSON.stringify({ theme: s.get().theme, problems: s.problems(), saved }));
        })`,
      ],
      { cwd: REPO, timeout: 20_000, encoding: 'utf8' },
    );
    expect(r.signal, 'the start hung').toBeNull();
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { theme: string; problems: string[]; saved: string };
    expect(out.theme).toBe('system');
    expect(out.problems.join(' ')).toMatch(/named pipe/);
    expect(out.saved).toBe('output-not-regular');
  });

  it('a folder in its place is refused on save with a code, not EISDIR; a save leaves no temporary file', () => {
    const dir = folder();
    const s = started(dir);
    s.set({ theme: 'dark' });
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).theme).toBe('dark');
    const other = folder();
    mkdirSync(join(other, 'settings.json'));
    const t = started(other);
    expect(t.problems().join(' ')).toMatch(/folder/);
    expect(() => t.set({ theme: 'dark' })).toThrow(expect.objectContaining({ code: 'output-not-regular' }));
  });
});
