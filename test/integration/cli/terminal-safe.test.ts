import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawControls } from '../../support/raw-controls';
import { tempDir } from '../../support/temp-dir';

/**
 * Issue 37 defect 4: labels and definitions from an ontology reached the terminal raw, so a hostile label
 * could set the window title (ESC ] 0 ;), reset the terminal (ESC c) or clear the screen. The real CLI is
 * run as a process and its output read as bytes.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const dir = tempDir('oarag-term-');
const env = { ...process.env, OARAG_CACHE_DIR: join(dir.path, 'cache'), OARAG_DATA_DIR: join(dir.path, 'data') };
const ESC = '\u001b';
const FILE = join(dir.path, 'hostile.ofn');
writeFileSync(
  FILE,
  `Prefix(:=<http://example.org/t#>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Prefix(obo:=<http://purl.obolibrary.org/obo/>)
Ontology(<http://example.org/t>
Declaration(Class(:Evil))
Declaration(Class(:Base))
Declaration(AnnotationProperty(obo:IAO_0000115))
AnnotationAssertion(rdfs:label :Evil "evil${ESC}]0;pwned\u0007 class${ESC}c")
AnnotationAssertion(obo:IAO_0000115 :Evil "seen${ESC}[2J\u009b2J text")
AnnotationAssertion(rdfs:label :Base "base")
SubClassOf(:Evil :Base)
)
`,
);
afterAll(() => dir.cleanup());

function oarag(args: string[]): { code: number | null; out: Buffer; err: Buffer } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main', 'cli', 'bin.ts'), ...args], {
    cwd: ROOT,
    env,
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** No ESC, no C1 control, no other C0 control but newline and tab. */
function rawControlsOf(b: Buffer): string[] {
  return rawControls(b.toString('utf8'));
}

describe('terminal-safe CLI output', () => {
  it('oarag card prints a hostile label and definition with visible escapes, no raw ESC byte', () => {
    const r = oarag(['card', 'http://example.org/t#Evil', '--ontology', FILE]);
    expect(r.code, r.err.toString()).toBe(0);
    expect(r.out.includes(0x1b)).toBe(false);
    expect(rawControlsOf(r.out)).toEqual([]);
    const text = r.out.toString('utf8');
    expect(text).toContain('evil\\u001b]0;pwned\\u0007 class\\u001bc');
    expect(text).toContain('seen\\u001b[2J\\u009b2J text');
  });

  it('the JSON card and an unknown name (error and suggestions on stderr) carry no raw control either', () => {
    const json = oarag(['card', 'http://example.org/t#Evil', '--ontology', FILE, '--json']);
    expect(json.code).toBe(0);
    expect(rawControlsOf(json.out)).toEqual([]);
    expect(JSON.stringify(JSON.parse(json.out.toString('utf8')))).toContain('\\u001b]0;pwned');
    const miss = oarag(['card', `evil${ESC}c`, '--ontology', FILE]);
    expect(miss.code).toBe(1);
    expect(miss.err.includes(0x1b)).toBe(false);
    expect(rawControlsOf(miss.err)).toEqual([]);
  });
});
