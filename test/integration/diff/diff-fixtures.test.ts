import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiffReport } from '../../../src-main/diff/diff-types';
import { cliHarness } from '../../support/cli-harness';

// `oarag diff` on the handwritten versions in test/fixtures/diff, through the real bridge and ELK
// (the unit tests under test/unit/diff pin each module on hand-made closures without a JVM).
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'diff');
const before = join(FIXTURES, 'before.ofn');
const after = join(FIXTURES, 'after.ofn');
const reordered = join(FIXTURES, 'before-reordered.ofn');
const { cli } = cliHarness('oarag-diff-cli-');

const DF = (n: number) => `DF:${String(n).padStart(7, '0')}`;

/** One line per change: kind, then the CURIEs (or IRIs) involved, as a reader would check them. */
function lines(r: DiffReport): string[] {
  return r.changes.map((c) => {
    const id = (e: { curie: string | null; iri: string }) => e.curie ?? e.iri;
    switch (c.kind) {
      case 'label-changed':
        return `${c.kind} ${id(c.class)} "${c.old}" -> "${c.new}"`;
      case 'parent-added':
      case 'parent-removed':
        return `${c.kind} ${id(c.class)} ${id(c.parent)}`;
      case 'link-added':
      case 'link-removed':
        return `${c.kind} ${id(c.class)} ${c.relation.name} ${id(c.filler)}${c.bothEntail ? ' (both)' : ''}`;
      case 'equivalence-added':
      case 'equivalence-removed':
        return `${c.kind} ${id(c.class)} ${id(c.other)}`;
      default:
        return `${c.kind} ${id(c.class)}`;
    }
  });
}

describe('oarag diff on handwritten versions', () => {
  it('finds every kind of change the fixture header lists, and nothing else', async () => {
    const r = await cli(['diff', before, after, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as DiffReport;
    expect(report.version).toBe(1);
    expect(report.old).toMatchObject({ file: 'before.ofn', title: 'Heart fixture', classes: 18 });
    expect(lines(report)).toEqual([
      `class-added ${DF(10)}`,
      `class-removed ${DF(11)}`,
      `class-obsoleted ${DF(6)}`,
      `class-unobsoleted ${DF(7)}`,
      // By IRI: http://example.org/… sorts before http://purl.obolibrary.org/….
      `label-changed http://example.org/other#Pump "pump" -> "blood pump"`,
      `label-changed ${DF(4)} "cardiac muscle tisue" -> "cardiac muscle tissue"`,
      // aorta moves under blood vessel; a merely obsoleted, an unsatisfiable and a no longer
      // equivalent class lose or gain inferred direct parents too.
      `parent-added ${DF(8)} ${DF(9)}`,
      `parent-added ${DF(15)} ${DF(16)}`,
      `parent-added ${DF(20)} ${DF(1)}`,
      `parent-removed ${DF(6)} ${DF(2)}`,
      `parent-removed ${DF(8)} ${DF(1)}`,
      `parent-removed ${DF(15)} ${DF(1)}`,
      `parent-removed ${DF(18)} ${DF(2)}`,
      `parent-removed ${DF(18)} ${DF(19)}`,
      `link-added ${DF(4)} part of ${DF(3)}`,
      `link-added ${DF(8)} part of ${DF(12)}`,
      `link-removed ${DF(3)} part of ${DF(5)}`,
      `link-removed ${DF(4)} part of ${DF(2)} (both)`,
      `equivalence-added ${DF(3)} ${DF(13)}`,
      `equivalence-removed ${DF(15)} ${DF(16)}`,
      `unsatisfiable-gained ${DF(18)}`,
      `unsatisfiable-lost ${DF(20)}`,
    ]);
    expect(Object.values(report.counts).reduce((a, b) => a + (b ?? 0), 0)).toBe(report.changes.length);
  });

  it('finds no change between two spellings of the same ontology', async () => {
    const j = await cli(['diff', before, reordered, '--json']);
    expect(j.code).toBe(0);
    const report = JSON.parse(j.out) as DiffReport;
    expect(report.changes).toEqual([]);
    expect(Object.values(report.counts).every((n) => n === 0)).toBe(true);
    const md = await cli(['diff', before, reordered]);
    expect(md.out).toContain('No changes: the same classes');
  });

  it('keeps only the asked namespace, by CURIE prefix or IRI prefix', async () => {
    const byCurie = JSON.parse((await cli(['diff', before, after, '--json', '--namespace', 'DF'])).out) as DiffReport;
    expect(byCurie.namespaces).toEqual(['http://purl.obolibrary.org/obo/DF_']);
    expect(byCurie.counts['label-changed']).toBe(1);
    expect(byCurie.changes).toHaveLength(21);
    const byIri = await cli(['diff', before, after, '--md', '--namespace', 'http://example.org/other#']);
    expect(byIri.out).toContain(
      '## Label changes (1)\n\n- blood pump (<http://example.org/other#Pump>): “pump” → “blood pump”',
    );
    expect(byIri.out).not.toContain('## New classes');
  });

  it('prints release notes by name and CURIE by default', async () => {
    const r = await cli(['diff', before, after]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^# Changes from `before\.ofn` to `after\.ofn`\n/);
    expect(r.out).toContain('| Entailed links removed | 2 |');
    expect(r.out).toContain('- aorta (DF:0000008) *part of some* circulatory system (DF:0000012)');
    expect(r.out).toContain('- chimera (DF:0000018)');
  });

  it('with --annotations, lists changed definitions, synonyms by scope, xrefs and other annotations (OBO)', async () => {
    const r = await cli([
      'diff',
      join(FIXTURES, 'annotations-before.obo'),
      join(FIXTURES, 'annotations-after.obo'),
      '--annotations',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as DiffReport;
    expect(report.annotations).toBe(true);
    const by = (kind: string) => report.changes.filter((c) => c.kind === kind);
    expect(by('class-obsoleted').map((c) => c.class.curie)).toEqual(['DA:0000003']);
    expect(by('definition-changed')).toMatchObject([
      {
        class: { curie: 'DA:0000001', name: 'leaf' },
        old: 'A lateral outgrowth of a stem.',
        new: 'A lateral outgrowth of a stem. It is part of some shoot.',
      },
    ]);
    expect(by('definition-removed')).toMatchObject([{ class: { curie: 'DA:0000002' }, new: null }]);
    expect(by('definition-added')).toMatchObject([{ class: { curie: 'DA:0000003' }, old: null }]);
    expect(by('synonym-added')).toMatchObject([{ synonym: 'frond', scope: 'narrow' }]);
    expect(by('synonym-removed')).toMatchObject([{ synonym: 'frond', scope: 'related' }]);
    expect(by('xref-added')).toMatchObject([{ xref: 'BTO:0000713' }]);
    expect(by('annotation-added')).toMatchObject([{ property: { name: 'comment' }, value: 'New comment.' }]);
    expect(by('annotation-removed')).toMatchObject([{ property: { name: 'comment' }, value: 'Old comment.' }]);
    const md = await cli([
      'diff',
      join(FIXTURES, 'annotations-before.obo'),
      join(FIXTURES, 'annotations-after.obo'),
      '--annotations',
    ]);
    expect(md.out).toContain('## Definitions changed (1)');
    const plain = JSON.parse(
      (await cli(['diff', join(FIXTURES, 'annotations-before.obo'), join(FIXTURES, 'annotations-after.obo'), '--json']))
        .out,
    ) as DiffReport;
    expect(plain.annotations).toBe(false);
    expect(plain.changes.map((c) => c.kind)).toEqual(['class-obsoleted']);
  });

  it('says what is wrong with the arguments, before loading anything', async () => {
    const one = await cli(['diff', before]);
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/give the two versions/);
    const both = await cli(['diff', before, after, '--json', '--md']);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/one of --json, --md and --html/);
    const ns = await cli(['diff', before, after, '--namespace', 'GO:0005634']);
    expect(ns.code).toBe(2);
    expect(ns.err).toMatch(/neither an IRI prefix/);
    const missing = await cli(['diff', before, 'nope.ofn']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nope\.ofn/);
  });
});
