import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/temp-dir';

const ROOT = join(__dirname, '..', '..', '..');
const dir = tempDir();
afterAll(() => dir.cleanup());

function oarag(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main', 'cli', 'bin.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, OARAG_CACHE_DIR: join(dir.path, 'cache'), ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, timedOut: r.error !== undefined };
}

function expectCleanFailure(r: ReturnType<typeof oarag>, pattern: RegExp) {
  expect(r.timedOut).toBe(false);
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at [\w.<]+ \(/); // no stack trace
}

describe('bad input gives a clear error and a non-zero exit', () => {
  it('missing file', () => {
    expectCleanFailure(oarag(['load', join(dir.path, 'nope.owl')]), /No file at/);
  });
  it('empty file', () => {
    const p = join(dir.path, 'empty.owl');
    writeFileSync(p, '');
    expectCleanFailure(oarag(['load', p]), /is empty/);
  });
  it('binary file', () => {
    const p = join(dir.path, 'binary.owl');
    writeFileSync(p, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3, 0, 0, 0, 255, 254]));
    expectCleanFailure(oarag(['load', p]), /binary/);
  });
  it('garbage text', () => {
    const p = join(dir.path, 'garbage.owl');
    writeFileSync(p, 'this is not an ontology at all {{{ ]]] <<< \n'.repeat(20));
    expectCleanFailure(oarag(['load', p]), /oarag load: .*(pars|recogni|format|syntax)/i);
  });
  it('truncated functional syntax', () => {
    const p = join(dir.path, 'truncated.ofn');
    writeFileSync(
      p,
      'Prefix(:=<http://example.org/t#>)\nOntology(<http://example.org/t>\nDeclaration(Class(:A))\nSubClassOf(:A ObjectSomeValuesFrom(:p',
    );
    expectCleanFailure(oarag(['load', p]), /oarag load: /);
  });
  it('an ontology with zero classes', () => {
    const p = join(dir.path, 'noclasses.ofn');
    writeFileSync(
      p,
      'Prefix(:=<http://example.org/t#>)\nOntology(<http://example.org/t>\nDeclaration(ObjectProperty(:p))\n)\n',
    );
    expectCleanFailure(oarag(['load', p]), /declares no classes/);
  });
  it('missing Java', () => {
    const p = join(dir.path, 'ok', 'mini.ofn');
    mkdirSync(join(dir.path, 'ok'), { recursive: true });
    writeFileSync(p, 'Prefix(:=<http://example.org/t#>)\nOntology(<http://example.org/t>\nDeclaration(Class(:A))\n)\n');
    expectCleanFailure(
      oarag(['load', p], { PATH: '/nonexistent', JAVA_HOME: '', OARAG_CACHE_DIR: join(dir.path, 'nojava') }),
      /Java was not found.*Install/,
    );
  });
  it('a card for an unknown name', () => {
    const fixture = join(dir.path, 'one.ofn');
    writeFileSync(
      fixture,
      'Prefix(:=<http://example.org/t#>)\nPrefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)\nOntology(<http://example.org/t>\nDeclaration(Class(:A))\nAnnotationAssertion(rdfs:label :A "alpha")\n)\n',
    );
    expectCleanFailure(oarag(['card', 'no such thing', '--ontology', fixture]), /no class is named "no such thing"/);
    const ok = oarag(['card', 'ALPHA', '--ontology', fixture, '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).name).toBe('alpha');
  });
  it('unknown command and bad options are usage errors', () => {
    expect(oarag(['frobnicate']).code).toBe(2);
    expect(oarag(['load', '--bogus']).code).toBe(2);
  });
});
