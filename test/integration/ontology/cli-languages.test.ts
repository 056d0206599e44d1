/**
 * `--languages` names classes for one CLI run, in place of the nameLanguages setting, which it leaves
 * as it was; a bad tag is a usage error, and the web server refuses it (it follows the setting).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';

const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'names', 'multilingual.ofn');
const h = cliHarness('oarag-cli-languages-');
const HEART = 'http://example.org/lang#Heart';

describe('oarag --languages', () => {
  it('names classes by the languages given, for that run only', async () => {
    const byDefault = await h.cli(['card', HEART, '--ontology', FIXTURE, '--json']);
    expect(byDefault.code).toBe(0);
    expect(JSON.parse(byDefault.out).name).toBe('heart');
    const german = await h.cli(['card', HEART, '--ontology', FIXTURE, '--json', '--languages', 'de, en, none']);
    expect(german.code).toBe(0);
    expect(JSON.parse(german.out).name).toBe('Herz');
    expect(h.container.settings.get().nameLanguages).toEqual(['en', '']);
    const after = await h.cli(['card', HEART, '--ontology', FIXTURE, '--json']);
    expect(JSON.parse(after.out).name).toBe('heart');
  });

  it('refuses a bad tag, an empty list and the web server with a usage error', async () => {
    const bad = await h.cli(['card', HEART, '--ontology', FIXTURE, '--languages', 'de,deutsch!']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('"deutsch!" is not a language tag');
    const empty = await h.cli(['load', FIXTURE, '--languages', ' , ']);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('--languages needs tags');
    const serve = await h.cli(['serve', '--languages', 'de']);
    expect(serve.code).toBe(2);
    expect(serve.err).toContain('the web server names classes by the setting');
  });
});
