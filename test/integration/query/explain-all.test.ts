import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import type { JustificationAxiom } from '../../../src-main/query/query-types';
import { cliHarness } from '../../support/cli-harness';
import { justificationOntology } from '../../support/justification-file';

/*
 * EXPLAIN gives every justification of an entailment up to the limit, through the container as the
 * console, the card and the CLI use it: test/fixtures/el/two-ways.ofn states "rod cell is a retinal
 * neuron" and also entails it from the definition of a retinal neuron, and entails "rod cell part of
 * some eye" three ways. Each set is checked minimal by a second ELK session: alone it entails the
 * statement, and without any one of its axioms it does not.
 */

const FILE = join(__dirname, '..', '..', 'fixtures', 'el', 'two-ways.ofn');
const W = 'http://example.org/el/ways#';
const PART_OF = W + 'partOf';
const cli = cliHarness('oarag-explain-all-');
const checker = new ElkBridge({ heapMb: 512 });
afterAll(() => checker.stop());

interface Explained {
  verdict: string;
  justification: JustificationAxiom[];
  justifications: JustificationAxiom[][];
  moreJustifications: boolean;
  observation: string;
}

let files = 0;
/** Whether these axioms alone entail sub ⊑ ∃r.sup (sub ⊑ sup when r is null), in a fresh ELK session. */
async function entails(axioms: string[], sub: string, r: string | null, sup: string): Promise<boolean> {
  const kindOf = (iri: string) => (iri === PART_OF ? 'property' : iri.startsWith(W) ? 'class' : undefined);
  const file = join(cli.dir, `alone-${files++}.ofn`);
  writeFileSync(file, justificationOntology(`urn:oarag:test:ways:${files}`, axioms, kindOf));
  await checker.request('load', { path: file });
  const { answers } = await checker.request<{ answers: boolean[] }>('entailed', { queries: [{ sub, r, sup }] });
  return answers[0] === true;
}

async function expectMinimal(sets: JustificationAxiom[][], sub: string, r: string | null, sup: string) {
  for (const set of sets) {
    const axioms = set.map((a) => a.functional);
    expect(await entails(axioms, sub, r, sup), axioms.join(' ')).toBe(true);
    for (let i = 0; i < axioms.length; i++) {
      const fewer = axioms.filter((_, k) => k !== i);
      expect(await entails(fewer, sub, r, sup), `needed: ${axioms[i]}`).toBe(false);
    }
  }
}

const manchesterish = (set: JustificationAxiom[]) => set.map((a) => a.text).sort();

describe('EXPLAIN with every justification', () => {
  it('`oarag explain --json` gives both justifications of a stated and defined parent, each minimal', async () => {
    const run = await cli.cli(['explain', '--ontology', FILE, '--json', 'rod cell', 'is a', 'retinal neuron']);
    expect(run.code, run.err).toBe(0);
    const r = JSON.parse(run.out) as Explained;
    expect(r.verdict).toBe('ENTAILED');
    expect(r.justifications).toHaveLength(2);
    expect(r.moreJustifications).toBe(false);
    expect(r.justification).toEqual(r.justifications[0]);
    const sizes = r.justifications.map((s) => s.length).sort();
    expect(sizes).toEqual([1, 3]);
    expect(r.justifications.map(manchesterish)).toContainEqual([expect.stringMatching(/rod cell.*retinal neuron/)]);
    await expectMinimal(r.justifications, W + 'RodCell', null, W + 'RetinalNeuron');
  });

  it('`oarag query` words each justification, numbered, and finds three ways to "part of some eye"', async () => {
    const run = await cli.cli(['query', '--ontology', FILE, 'EXPLAIN { "rod cell" "part of" "eye" }']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^every rod cell is related by part of to some eye follows from each of 3 justifications/);
    for (const k of [1, 2, 3]) expect(run.out).toContain(`Justification ${k} of 3:`);
    expect(run.out).not.toContain('more exist');
    const json = await cli.cli(['query', '--ontology', FILE, '--json', 'EXPLAIN { "rod cell" "part of" "eye" }']);
    const r = JSON.parse(json.out) as Explained;
    expect(r.justifications).toHaveLength(3);
    expect(new Set(r.justifications.map((s) => manchesterish(s).join('|'))).size).toBe(3);
    await expectMinimal(r.justifications, W + 'RodCell', PART_OF, W + 'Eye');
  });

  it('says more exist when the limit cuts the search short, and agents still read one', async () => {
    const c = cli.container;
    const h = await c.ontologies.open(FILE);
    const qs = c.queryService(h);
    const two = await qs.run('EXPLAIN { "rod cell" "part of" "eye" }', { justifications: 2 });
    expect(two.justifications).toHaveLength(2);
    expect(two.moreJustifications).toBe(true);
    expect(two.observation).toContain('more exist: the search stopped at 2');
    const one = await qs.run('EXPLAIN { "rod cell" "is a" "retinal neuron" }', { justifications: 1 });
    expect(one.justifications).toHaveLength(1);
    expect(one.moreJustifications).toBe(false);
    expect(one.observation).toMatch(
      /^every rod cell is a retinal neuron follows from (this axiom|these \d axioms):\n- /,
    );
  });
});
