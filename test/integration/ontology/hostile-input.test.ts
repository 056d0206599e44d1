import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src-main/core/errors';
import { useOntologyWorkspace } from '../../support/ontology-service';

/**
 * Issue #12, loading hostile or unusual files: UTF-16/32 documents with a byte order mark (defect 10),
 * imports that point at files which are not ontologies (defect 10), parser messages that quoted the file
 * (defect 8), and class expressions nested thousands deep (defect 7).
 */
const SAMPLE = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
const SECRET = 'SECRETXYZ';

function encode(text: string, kind: '16le' | '16be' | '32le' | '32be'): Buffer {
  if (kind === '16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (kind === '16be') {
    const b = Buffer.from(text, 'utf16le');
    b.swap16();
    return Buffer.concat([Buffer.from([0xfe, 0xff]), b]);
  }
  const cps = [0xfeff, ...Array.from(text).map((c) => c.codePointAt(0)!)];
  const b = Buffer.alloc(cps.length * 4);
  cps.forEach((c, i) => (kind === '32le' ? b.writeUInt32LE(c, i * 4) : b.writeUInt32BE(c, i * 4)));
  return b;
}

function nested(depth: number): string {
  return (
    `Prefix(:=<http://example.org/nest#>)\nOntology(<http://example.org/nest>\nDeclaration(Class(:A)) Declaration(Class(:B)) Declaration(ObjectProperty(:r))\n` +
    `SubClassOf(:A ${'ObjectSomeValuesFrom(:r '.repeat(depth)}:B${')'.repeat(depth)})\n)\n`
  );
}

async function failure(p: Promise<unknown>): Promise<UserError> {
  try {
    await p;
  } catch (e) {
    return e as UserError;
  }
  throw new Error('expected a failure');
}

describe('hostile and unusual ontology files', () => {
  const { service, dir } = useOntologyWorkspace('oarag-hostile-');
  const text = readFileSync(SAMPLE, 'utf8');

  it.each(['16le', '16be', '32le', '32be'] as const)(
    'loads a UTF-%s document with a byte order mark like its UTF-8 original',
    async (kind) => {
      const utf8 = await service.open(SAMPLE);
      const f = join(dir, `cardio-${kind}.ofn`);
      writeFileSync(f, encode(text, kind));
      const h = await service.open(f);
      expect(h.summary.classes).toBe(utf8.summary.classes);
      expect(h.summary.closure).toEqual(utf8.summary.closure);
    },
  );

  it('skips an import that resolves to a file which is not an ontology, and says so', async () => {
    const sub = join(dir, 'imports-case');
    mkdirSync(join(sub, 'imports'), { recursive: true });
    writeFileSync(join(sub, 'imports', 'notes.txt'), `root:${SECRET}:19000:0:99999:7:::\n`);
    const f = join(sub, 'main.ofn');
    writeFileSync(
      f,
      'Prefix(:=<http://example.org/m#>)\nOntology(<http://example.org/m>\n' +
        'Import(<file:///etc/passwd>)\nImport(<http://example.org/elsewhere/notes.txt>)\n' +
        'Declaration(Class(:A)) Declaration(Class(:B)) SubClassOf(:A :B)\n)\n',
    );
    const h = await service.open(f);
    expect(h.summary.classes).toBe(2);
    const codes = h.summary.warnings.map((w) => w.code);
    expect(codes.filter((c) => c === 'skipped-import')).toHaveLength(2);
    const msgs = h.summary.warnings.map((w) => w.message).join('\n');
    expect(msgs).toMatch(/file:\/\/\/etc\/passwd points to the local file passwd, which is not an ontology document/);
    expect(msgs).toMatch(/notes\.txt, which is not an ontology document/);
    expect(msgs).not.toContain(SECRET);
  });

  it.each([
    ['bad.ofn', `Prefix(:=<http://x/>)\nOntology(<http://x/o>\nSubClassOf(:A ${SECRET}garbage more)\n)\n`],
    [
      'bad.owl',
      `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><${SECRET}:foo/></rdf:RDF>\n`,
    ],
    ['bad.obo', `format-version: 1.2\n[Term]\nid: X:1\nis_a: ${SECRET} garbage {\n`],
  ])('a parse error in %s names the file and line but quotes none of its text', async (name, body) => {
    const f = join(dir, name);
    writeFileSync(f, body);
    const e = await failure(service.open(f));
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toMatch(new RegExp(`${name.replace('.', '\\.')} is not valid .*line \\d+`));
    expect(e.message).not.toContain(SECRET);
  });

  it('loads a chain nested 3,000 deep with a small cache, and refuses 20,000 deep with a clear error', async () => {
    const f = join(dir, 'nest-3000.ofn');
    writeFileSync(f, nested(3000));
    const t0 = performance.now();
    const h = await service.open(f);
    const seconds = (performance.now() - t0) / 1000;
    const cacheDir = join(dir, 'cache');
    const bytes = readdirSync(cacheDir)
      .filter((n) => !n.startsWith('.'))
      .reduce((n, x) => n + statSync(join(cacheDir, x)).size, 0);
    console.log(
      `[nesting] depth 3000 (${(statSync(f).size / 1024).toFixed(0)} KB): ${seconds.toFixed(2)} s, whole cache folder ${(bytes / 2 ** 20).toFixed(1)} MB`,
    );
    expect(h.summary.classes).toBe(2);
    // Filler names used to repeat the whole subexpression (quadratic: 148 MB at depth 4,000).
    expect(bytes).toBeLessThan(20 * 2 ** 20);
    const deep = join(dir, 'nest-20000.ofn');
    writeFileSync(deep, nested(20_000));
    const e = await failure(service.open(deep));
    expect(e.message).toMatch(/nest-20000\.ofn nests expressions more than 15000 levels deep \(line 4\)/);
  });
});
