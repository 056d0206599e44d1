import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as oxigraph from 'oxigraph';
import { beforeAll, describe, expect, it } from 'vitest';
import { editedVersion, type EditStats } from '../../../perf/diff-edits';
import { writeSyntheticOntology } from '../../../perf/synthetic/index';
import { diffFiles } from '../../../src-main/diff/diff-service';
import type { DiffReport } from '../../../src-main/diff/diff-types';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { useOntologyWorkspace } from '../../support/ontology-service';

// Two versions of a GO-shaped synthetic ontology: a next release made by seeded edits, and another seed
// (every axiom new). 5k classes keep the cold loads short in npm test; OARAG_DIFF_CLASSES=50000 runs the
// same check at GO's size (perf:diff times that size).
const CLASSES = Number(process.env.OARAG_DIFF_CLASSES ?? 5000);
const { service, dir } = useOntologyWorkspace('oarag-diff-synthetic-');
const v1 = join(dir, 'go-s1.ofn');
const v2 = join(dir, 'go-s1-edited.ofn');
const other = join(dir, 'go-s2.ofn');
let edits: EditStats;

beforeAll(async () => {
  await writeSyntheticOntology({ shape: 'go', classes: CLASSES, seed: 1 }, v1);
  await writeSyntheticOntology({ shape: 'go', classes: CLASSES, seed: 2 }, other);
  const e = editedVersion(readFileSync(v1, 'utf8'), 7, 0.03);
  writeFileSync(v2, e.text);
  edits = e.stats;
});

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const OWL_CLASS = 'http://www.w3.org/2002/07/owl#Class';
const OWL_OBJECT_PROPERTY = 'http://www.w3.org/2002/07/owl#ObjectProperty';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

interface Closure {
  links: Set<string>;
  parents: Set<string>;
  classes: Set<string>;
}

/**
 * The closure read independently of the diff's code: from the Oxigraph store of the closure graph
 * (docs/closure-graph.md), where `<A> <r> <F>` is a non-redundant link and F a class or a complex filler.
 */
async function closureOf(h: OntologyHandle): Promise<Closure> {
  const store: oxigraph.Store = await h.store();
  const classes = new Set<string>();
  const props = new Set<string>();
  for (const q of store.match(null, null, null)) {
    if (q.predicate.value !== RDF_TYPE) continue;
    if (q.object.value === OWL_CLASS) classes.add(q.subject.value);
    if (q.object.value === OWL_OBJECT_PROPERTY) props.add(q.subject.value);
  }
  const links = new Set<string>();
  const parents = new Set<string>();
  let complexFillers = 0;
  for (const q of store.match(null, null, null)) {
    const [s, p, o] = [q.subject.value, q.predicate.value, q.object.value];
    if (p === SUBCLASS_OF && classes.has(s) && classes.has(o)) parents.add(`${s} ${o}`);
    if (!props.has(p) || !classes.has(s)) continue;
    if (classes.has(o)) links.add(`${s} ${p} ${o}`);
    else complexFillers++;
  }
  // GO-shaped fillers are all named, so the graph's links are the diff's links as they are.
  expect(complexFillers).toBe(0);
  return { links, parents, classes };
}

const minusCount = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).length;

function expectCountsMatch(r: DiffReport, a: Closure, b: Closure): void {
  expect(r.counts['link-added']).toBe(minusCount(b.links, a.links));
  expect(r.counts['link-removed']).toBe(minusCount(a.links, b.links));
  expect(r.counts['parent-added']).toBe(minusCount(b.parents, a.parents));
  expect(r.counts['parent-removed']).toBe(minusCount(a.parents, b.parents));
  expect(r.counts['class-added']).toBe(minusCount(b.classes, a.classes));
  expect(r.counts['class-removed']).toBe(minusCount(a.classes, b.classes));
  // Not only as many: the same links.
  const added = r.changes.flatMap((c) =>
    c.kind === 'link-added' ? [`${c.class.iri} ${c.relation.iri} ${c.filler.iri}`] : [],
  );
  expect(new Set(added)).toEqual(new Set([...b.links].filter((x) => !a.links.has(x))));
}

describe('diff of two GO-scale synthetic versions', () => {
  it('counts exactly the set differences of the two closures for a next release', async () => {
    const report = await diffFiles(service, v1, v2);
    const a = await closureOf(await service.open(v1));
    const b = await closureOf(await service.open(v2));
    expect(a.classes.size).toBeGreaterThanOrEqual(CLASSES);
    expect(a.links.size).toBeGreaterThan(1000);
    expectCountsMatch(report, a, b);
    // The edits show up where they should.
    expect(report.counts['link-removed']).toBeGreaterThan(0);
    expect(report.counts['link-added']).toBeGreaterThan(0);
    expect(report.counts['class-added']).toBe(edits.added);
    expect(report.counts['class-removed']).toBe(edits.removed);
    // A class the generator had already obsoleted does not count again.
    expect(report.counts['class-obsoleted']).toBeGreaterThan(0);
    expect(report.counts['class-obsoleted']).toBeLessThanOrEqual(edits.deprecated);
    expect(report.counts['label-changed']).toBe(edits.relabelled);
  });

  it('counts exactly the set differences against another seed, where nearly every link changes', async () => {
    const report = await diffFiles(service, v1, other);
    const a = await closureOf(await service.open(v1));
    const b = await closureOf(await service.open(other));
    expectCountsMatch(report, a, b);
    expect(report.counts['link-added']).toBeGreaterThan(a.links.size / 2);
  });
});
