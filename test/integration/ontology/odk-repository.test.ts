import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFree } from '../../../src-main/agent/frame/check-free';
import { frameContext } from '../../../src-main/agent/frame/frame-deps';
import type { ImportNode } from '../../../src-main/ontology/imports/import-tree';
import type { NameLinker } from '../../../src-main/query/linking/name-linker';
import { cliHarness } from '../../support/cli-harness';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const OBO = 'http://purl.obolibrary.org/obo/';

const h = cliHarness('oarag-odk-');

function flat(nodes: ImportNode[]): ImportNode[] {
  return nodes.flatMap((n) => [n, ...flat(n.children)]);
}

/** The fixture copied into the harness folder, optionally as a git repository with one commit. */
function copyOf(name: string, git = false): string {
  const dir = join(h.dir, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  if (git) {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    run('init', '-q');
    run('add', '-A');
    run('-c', 'user.email=t@example.org', '-c', 'user.name=test', 'commit', '-qm', 'fixture');
  }
  return dir;
}

/** "Is the nucleolus part of a cell?" answered yes: only part_of's imported transitivity entails it. */
async function nucleolusCheck(path: string) {
  const handle = await h.container.ontologies.open(path);
  const term = (iri: string, name: string) => ({ iri, name, from: name });
  const { deps } = frameContext(handle, {} as NameLinker);
  return checkFree(
    {
      kind: 'free',
      entities: [],
      statement: {
        subject: term(`${OBO}DEMO_0000004`, 'nucleolus'),
        relation: term(`${OBO}BFO_0000050`, 'part of'),
        filler: term(`${OBO}DEMO_0000001`, 'cell'),
      },
    },
    'Yes, it is.',
    deps,
  );
}

describe('ontologies kept in ODK-style repositories', () => {
  it("loads the Cell Ontology's edit file with the catalog beside it: every mapped file resolves, the missing one is named", async () => {
    const dir = copyOf('cl-layout');
    const r = await h.cli(['load', join(dir, 'src/ontology/cl-edit.owl'), '--json']);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.imports.catalogFrom).toBe('found');
    const nodes = flat(out.imports.tree);
    expect(nodes).toHaveLength(14);
    const resolved = nodes.filter((n) => n.origin === 'catalog').map((n) => n.iri);
    expect(resolved.filter((i) => i.includes('/components/'))).toHaveLength(12);
    expect(resolved).toContain(`${OBO}cl/patterns/definitions.owl`);
    const skipped = nodes.filter((n) => n.origin === 'skipped');
    expect(skipped.map((n) => n.iri)).toEqual([`${OBO}cl/imports/merged_import.owl`]);
    expect(skipped[0].reason).toMatch(/imports\/merged_import\.owl, which is missing/);
    expect(out.classes).toBe(15);
  });

  it('resolves the same imports for a copy elsewhere given --catalog', async () => {
    const dir = copyOf('cl-layout');
    const elsewhere = join(h.dir, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    cpSync(join(dir, 'src/ontology/cl-edit.owl'), join(elsewhere, 'cl-edit.owl'));
    const r = await h.cli([
      'load',
      join(elsewhere, 'cl-edit.owl'),
      '--catalog',
      join(dir, 'src/ontology/catalog-v001.xml'),
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.imports.catalogFrom).toBe('given');
    expect(flat(out.imports.tree).filter((n) => n.origin === 'catalog')).toHaveLength(13);
    // Every command that opens an ontology takes it: a class only an import declares is found.
    const card = await h.cli([
      'card',
      'pattern-defined neuron',
      '--ontology',
      join(elsewhere, 'cl-edit.owl'),
      '--catalog',
      join(dir, 'src/ontology/catalog-v001.xml'),
      '--json',
    ]);
    expect(card.code, card.err).toBe(0);
    expect(JSON.parse(card.out).source).toBe(`${OBO}cl/patterns/definitions.owl`);
    const missing = await h.cli(['load', join(elsewhere, 'cl-edit.owl'), '--catalog', join(elsewhere, 'nope.xml')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No catalog file exists at .*nope\.xml/);
    const bare = await h.cli(['load', join(elsewhere, 'cl-edit.owl'), '--json']);
    expect(flat(JSON.parse(bare.out).imports.tree).filter((n) => n.origin === 'skipped')).toHaveLength(14);
  });

  it('reads group, xml:base, rewriteURI and nextCatalog entries, and shows which import a term comes from', async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const r = await h.cli(['load', file, '--json']);
    expect(r.code, r.err).toBe(0);
    const nodes = flat(JSON.parse(r.out).imports.tree);
    expect(nodes.map((n) => [n.iri.replace(`${OBO}demo/`, ''), n.origin])).toEqual([
      ['components/cell_parts.owl', 'catalog'],
      ['components/synonyms.owl', 'catalog'],
      ['imports/ro_import.owl', 'catalog'],
    ]);
    expect(nodes[0].classes).toBeGreaterThan(0);
    const card = await h.cli(['card', 'ribosome', '--ontology', file, '--json']);
    expect(JSON.parse(card.out).source).toBe(`${OBO}demo/components/cell_parts.owl`);
  });

  it('decides the check that needs the imported transitivity, and leaves it unchecked, naming the import, without it', async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    expect((await h.cli(['load', file])).code).toBe(0);
    const withImport = await nucleolusCheck(file);
    expect(withImport.level).toBe('entailed');

    const alone = join(h.dir, 'alone');
    mkdirSync(alone, { recursive: true });
    cpSync(file, join(alone, 'demo-edit.owl'));
    expect((await h.cli(['load', join(alone, 'demo-edit.owl')])).code).toBe(0);
    const without = await nucleolusCheck(join(alone, 'demo-edit.owl'));
    expect(without.level).toBe('unchecked');
    expect(without.reason).toContain(`${OBO}demo/imports/ro_import.owl`);
  });

  it('loads again when an import changed though the file did not', async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const first = await h.container.ontologies.open(file);
    expect(await h.container.ontologies.open(file)).toBe(first);
    const ro = join(dir, 'src/ontology/imports/ro_import.owl');
    writeFileSync(
      ro,
      readFileSync(ro, 'utf8').replace('<rdfs:label>part of</rdfs:label>', '<rdfs:label>part of (edited)</rdfs:label>'),
    );
    const again = await h.container.ontologies.open(file);
    expect(again).not.toBe(first);
    expect(again.summary.warnings.map((w) => w.code)).toContain('cache-stale');
  });

  it('loads without a found catalog that cannot be read, and says so', async () => {
    const dir = copyOf('odk');
    writeFileSync(join(dir, 'src/ontology/catalog-v001.xml'), '<catalog><uri name=');
    const r = await h.cli(['load', join(dir, 'src/ontology/demo-edit.owl'), '--json']);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.warnings).toContainEqual(
      expect.objectContaining({
        code: 'catalog-problem',
        message: expect.stringMatching(/could not be read.*not used/),
      }),
    );
    // The by-name fallback still finds imports/ro_import.owl; the components are skipped.
    const origins = flat(out.imports.tree).map((n) => n.origin);
    expect(origins).toEqual(['skipped', 'skipped', 'folder']);
  });

  it('answers a query over the imports closure', async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const r = await h.cli(['query', '--ontology', file, '--json', 'ASK { "centromere" "part of" "cell" }']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).verdict).toBe('ENTAILED');
  });

  it("generates from the main file's own axioms by default, from the closure's with --scope closure", async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const run = async (scope: string) => {
      const out = join(dir, `test1-${scope}.jsonl`);
      const args = ['generate', '--ontology', file, '--out', out, '--mcq', '6', '--oq', '0', '--slots', '1,0,1'];
      const r = await h.cli([...args, '--scope', scope, '--json']);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out).mcq.sourceAxioms as number;
    };
    expect(await run('main')).toBe(9);
    expect(await run('closure')).toBe(15);
    expect((await h.cli(['generate', '--ontology', file, '--out', join(dir, 'x.jsonl'), '--scope', 'all'])).code).toBe(
      2,
    );
  });

  it('revises the main file only: the imported files keep their bytes and the revision keeps its imports', async () => {
    const dir = copyOf('odk');
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const ro = join(dir, 'src/ontology/imports/ro_import.owl');
    const before = readFileSync(ro, 'utf8');
    const out = join(dir, 'test2');
    const r = await h.cli(['revise', '--ontology', file, '--out', out, '--json']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(ro, 'utf8')).toBe(before);
    const revised = readFileSync(JSON.parse(r.out).revisedPath, 'utf8');
    expect(revised).toContain(`${OBO}demo/imports/ro_import.owl`);
    const closure = await h.cli(['revise', '--ontology', file, '--out', out, '--scope', 'closure']);
    expect(closure.code).toBe(2);
    expect(closure.err).toMatch(/never rewritten/);
  });

  it('diffs an uncommitted edit against HEAD: the new inferred parent is listed', async () => {
    const dir = copyOf('odk', true);
    const file = join(dir, 'src/ontology/demo-edit.owl');
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text.replace('SubClassOf(:0000005 :0000001)', 'SubClassOf(:0000005 :0000001)\nSubClassOf(:0000004 :0000002)'),
    );
    const r = await h.cli(['diff', file, '--rev', 'HEAD', '--json']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.old.file).toBe('demo-edit.owl @ HEAD');
    expect(report.changes).toContainEqual(
      expect.objectContaining({
        kind: 'parent-added',
        class: expect.objectContaining({ iri: `${OBO}DEMO_0000004` }),
        parent: expect.objectContaining({ iri: `${OBO}DEMO_0000002` }),
      }),
    );
    // The committed version resolved its imports as the working copy does: part_of stayed transitive.
    expect(report.changes.filter((c: { kind: string }) => c.kind === 'link-removed')).toEqual([]);
  });

  it('says clearly when the file is in no repository', async () => {
    const dir = copyOf('odk');
    const r = await h.cli(['diff', join(dir, 'src/ontology/demo-edit.owl'), '--rev', 'HEAD']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/not inside a git repository/);
  });
});
