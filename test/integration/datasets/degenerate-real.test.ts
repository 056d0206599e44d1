/**
 * Degenerate input through the whole user path (the CLI, the real bridge, the cache, the generator):
 * each case ends in exit code 1 and one readable `oarag generate: …` line, no stack, no dataset file.
 * The generator's own unit tests pin the same cases on hand-written dumps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runArgs } from '../../../src-main/cli/run-args';
import { Container } from '../../../src-main/container';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { tempDir } from '../../support/temp-dir';

const jar = existsSync(bridgeJarPath());
if (!jar)
  console.warn(
    `[skip] degenerate input through the CLI: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`,
  );

const ANATOMY = resolve(__dirname, '..', '..', 'fixtures', 'el', 'anatomy.ofn');
const dir = tempDir('oarag-degenerate-');
let c: Container;
beforeAll(async () => {
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: process.env });
  await c.start();
});
afterAll(async () => {
  await c?.stop();
  dir.cleanup();
});

/** A functional-syntax ontology: classes with labels, a parent each, and existentials A ⊑ ∃partOf.B. */
function ofn(name: string, classes: [string, string | null][], restrictions: [string, string][]): string {
  const body = [
    'Prefix(:=<http://example.org/degenerate#>)',
    'Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)',
    'Ontology(<http://example.org/degenerate>',
    'Declaration(ObjectProperty(:partOf))',
    'AnnotationAssertion(rdfs:label :partOf "part of")',
    ...classes.flatMap(([c, parent]) => [
      `Declaration(Class(:${c}))`,
      `AnnotationAssertion(rdfs:label :${c} "${c.toLowerCase()}")`,
      ...(parent ? [`SubClassOf(:${c} :${parent})`] : []),
    ]),
    ...restrictions.map(([a, b]) => `SubClassOf(:${a} ObjectSomeValuesFrom(:partOf :${b}))`),
    ')',
  ].join('\n');
  const path = join(dir.path, name);
  writeFileSync(path, body + '\n');
  return path;
}

async function generate(ontology: string, extra: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (s) => void (out += s),
    stderr: (s) => void (err += s),
    isTTY: false,
    env: {},
    cwd: dir.path,
  };
  const target = `out-${Math.random().toString(36).slice(2)}.jsonl`;
  const code = await runArgs(['generate', '--ontology', ontology, '--out', target, ...extra], io, c);
  return { code, out, err, wrote: existsSync(join(dir.path, target)) };
}

function expectClearError(r: Awaited<ReturnType<typeof generate>>, message: RegExp) {
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n')).toHaveLength(1);
  expect(r.err).not.toMatch(/internal error|\bat .*\.ts:\d+/);
  expect(r.code).toBe(1);
  expect(r.wrote).toBe(false);
}

describe.skipIf(!jar)('degenerate input through the CLI', () => {
  it('an ontology with no existential restrictions', async () => {
    const path = ofn(
      'no-existentials.ofn',
      [
        ['Entity', null],
        ['Organ', 'Entity'],
        ['Heart', 'Organ'],
        ['Lung', 'Organ'],
        ['Tissue', 'Entity'],
        ['Muscle', 'Tissue'],
        ['Bone', 'Tissue'],
      ],
      [],
    );
    expectClearError(
      await generate(path, ['--mcq', '10', '--oq', '5']),
      /^oarag generate: no-existentials\.ofn states no existential restriction with a named filler/,
    );
  });

  it('too few siblings and other concepts to give wrong options', async () => {
    const parts = ['Atrium', 'Ventricle', 'Valve', 'Septum', 'Apex', 'Wall'];
    const all = parts.flatMap((a) => parts.filter((b) => b !== a).map((b): [string, string] => [a, b]));
    const path = ofn('few-siblings.ofn', [['Heart', null], ...parts.map((p): [string, string] => [p, 'Heart'])], all);
    expectClearError(
      await generate(path, ['--mcq', '10', '--oq', '0']),
      /^oarag generate: no multiple-choice question could be built from the 30 source axioms: .*30 lack wrong options: too few siblings/,
    );
  });

  it('a branch root that does not exist', async () => {
    expectClearError(
      await generate(ANATOMY, ['--mcq', '0', '--oq', '5', '--root', 'cardiac chambre']),
      /^oarag generate: no class is named "cardiac chambre" in this ontology; the closest names are: "cardiac chamber"/,
    );
  });

  it('more conditions per question than any concept has', async () => {
    expectClearError(
      await generate(ANATOMY, ['--mcq', '0', '--oq', '5', '--conditions', '9']),
      /^oarag generate: no concept under ".+" has 9 mutually non-subsuming conditions \(the most found is \d\); ask for fewer conditions/,
    );
  });
});
