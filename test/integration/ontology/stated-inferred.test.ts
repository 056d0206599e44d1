/**
 * Stated against inferred, through the real bridge: the card's marks, the asserted and the inferred
 * trees (unsatisfiable classes under owl:Nothing and their stated parents), lineage, a class's axioms
 * in Manchester syntax, and why a class is unsatisfiable (test/fixtures/el/clinical.ofn, non-el.ofn).
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { StatedService } from '../../../src-main/ontology/stated/stated-service';
import { TreeService } from '../../../src-main/ontology/tree/tree-service';
import { OWL_NOTHING } from '../../../src-main/ontology/tree/unsat-placement';
import { useOntologyService } from '../../support/ontology-service';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'el');
const CL = 'http://example.org/el/clinical#';
const LAB = 'http://example.org/el/lab#';

describe('stated and inferred, with the ELK bridge', () => {
  const service = useOntologyService();
  const stated = new StatedService({
    bridgeFor: (h, s) => service.bridgeHolding(h, s),
    explain: (h, a, r, b, s, o) => service.explain(h, a, r, b, s, o),
  });
  const trees = new TreeService(stated);
  const open = (f: string): Promise<OntologyHandle> => service.open(join(FIXTURES, f));
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);

  it('marks parents stated, inferred or both', async () => {
    const h = await open('clinical.ofn');
    const pp = await stated.statedInferred(h, CL + 'PneumococcalPneumonia');
    // Stated under pneumonia; ELK finds bacterial pneumonia, which makes pneumonia redundant as a direct parent.
    expect(pp.parents.map((p) => [p.name, p.stated, p.inferred])).toEqual([
      ['bacterial pneumonia', false, true],
      ['pneumonia', true, false],
    ]);
    const lesion = await stated.statedInferred(h, CL + 'LungLesion');
    expect(lesion.parents.map((p) => [p.name, p.stated, p.inferred])).toEqual([['clinical finding', false, true]]);
    const rel = lesion.relations.find((r) => r.relation.name === 'has finding site');
    expect(rel).toMatchObject({ source: 'stated', filler: { name: 'lung' } });
    // Its own stated link, and the one it inherits: pneumonia states it, but lung disease (which ELK puts
    // pneumonia under) holds it in the non-redundant closure.
    const sources = pp.relations.map((r) => `${r.relation.name} ${r.filler.name} ${r.source} ${r.via?.name ?? ''}`);
    expect(sources).toContain('caused by Streptococcus pneumoniae stated ');
    expect(sources).toContain('has finding site lung inherited lung disease');
    expect(sources.some((s) => s.startsWith('caused by bacterium'))).toBe(false); // implied by its own link
  });

  it('shows an unsatisfiable class with its stated parents, and explains it', async () => {
    const h = await open('clinical.ofn');
    const cp = await stated.statedInferred(h, CL + 'ChimericPathogen');
    expect(cp.unsatisfiable).toBe(true);
    expect(cp.parents.map((p) => [p.name, p.stated, p.inferred])).toEqual([
      ['bacterium', true, false],
      ['virus', true, false],
    ]);
    const why = await stated.whyUnsatisfiable(h, CL + 'ChimericPathogen');
    expect(why.unsatisfiable).toBe(true);
    expect(why.axioms.map((a) => a.manchester).sort()).toEqual([
      "'chimeric pathogen' SubClassOf bacterium",
      "'chimeric pathogen' SubClassOf virus",
      'bacterium DisjointWith virus',
    ]);
    expect(why.axioms[0].segments.some((s) => 'iri' in s && s.iri === CL + 'Bacterium')).toBe(true);
    const fine = await stated.whyUnsatisfiable(h, CL + 'Pneumonia');
    expect(fine).toMatchObject({ unsatisfiable: false, axioms: [] });
    const lineage = await stated.lineage(h, CL + 'SubtypeOfNullFinding');
    expect(lineage.fromStated).toBe(true);
    expect(lineage.paths.map((p) => names(p))).toEqual([
      ['clinical finding', 'null finding', 'subtype of null finding'],
    ]);
  });

  it('gives every justification of an unsatisfiable class, each minimal', async () => {
    const h = await open('two-reasons.ofn');
    const why = await stated.whyUnsatisfiable(h, 'http://example.org/el/two#Chimera');
    const sets = (why.justifications ?? []).map((j) => j.map((a) => a.manchester).sort());
    expect(sets).toHaveLength(2);
    expect(sets).toContainEqual([
      'bacterium DisjointWith virus',
      'chimera SubClassOf bacterium',
      'chimera SubClassOf virus',
    ]);
    expect(sets).toContainEqual([
      'chimera SubClassOf prion',
      'chimera SubClassOf virus',
      'prion SubClassOf protein',
      'protein DisjointWith virus',
    ]);
    expect(why.more).toBe(false);
    expect(why.axioms).toEqual(why.justifications?.[0]);
  });

  it('puts unsatisfiable classes under owl:Nothing and, marked, under their stated parents', async () => {
    const h = await open('clinical.ofn');
    const roots = await trees.children(h, null, null);
    expect(roots.nodes.some((n) => n.unsatisfiable && n.iri !== OWL_NOTHING)).toBe(false);
    const nothing = roots.nodes[roots.nodes.length - 1];
    expect(nothing).toMatchObject({ iri: OWL_NOTHING, childCount: h.summary.unsatisfiable.length });
    const all = await trees.children(h, OWL_NOTHING, null);
    expect(names(all.nodes)).toEqual([
      'chimeric pathogen',
      'chimeric pneumonia',
      'lung nodule',
      'null finding',
      'subtype of null finding',
    ]);
    const bacterium = await trees.children(h, CL + 'Bacterium', null);
    expect(bacterium.nodes.find((n) => n.name === 'chimeric pathogen')).toMatchObject({
      unsatisfiable: true,
      statedOnly: true,
    });
    expect(bacterium.nodes.find((n) => n.name === 'Streptococcus pneumoniae')?.statedOnly).toBeUndefined();
    const path = await trees.path(h, CL + 'ChimericPathogen', null);
    expect(names(path.path)).toEqual(['owl:Nothing', 'chimeric pathogen']);
  });

  it('shows the asserted hierarchy: classes under what their axioms state', async () => {
    const h = await open('clinical.ofn');
    const roots = await trees.children(h, null, null, 'stated');
    expect(roots.hierarchy).toBe('stated');
    // No axiom puts lung lesion under anything; the inferred tree has it under clinical finding.
    expect(names(roots.nodes)).toContain('lung lesion');
    const pneumonia = await trees.children(h, CL + 'Pneumonia', null, 'stated');
    expect(names(pneumonia.nodes)).toEqual(expect.arrayContaining(['bacterial pneumonia', 'pneumococcal pneumonia']));
    const inferred = await trees.children(h, CL + 'Pneumonia', null);
    expect(names(inferred.nodes)).not.toContain('pneumococcal pneumonia');
    const path = await trees.path(h, CL + 'PneumococcalPneumonia', null, 'stated');
    expect(names(path.path)).toEqual(['clinical finding', 'disease', 'pneumonia', 'pneumococcal pneumonia']);
  });

  it("lists a class's own axioms by section and its uses elsewhere, with what ELK skips", async () => {
    const h = await open('non-el.ofn');
    const sample = await stated.classAxioms(h, LAB + 'Sample');
    expect(sample.own.map((a) => [a.section, a.manchester])).toEqual([['subclass', 'sample SubClassOf material']]);
    const min = sample.usages.find((a) => a.manchester.includes('min 2'));
    expect(min).toMatchObject({
      manchester: "centrifugation SubClassOf 'has output' min 2 sample",
      outsideEl: ['ObjectMinCardinality'],
      elkIgnores: true,
      about: [{ name: 'centrifugation' }],
    });
    const general = sample.usages.find((a) => a.manchester.startsWith('not'));
    expect(general).toMatchObject({ manchester: 'not (sample) SubClassOf material', about: [] });
    const kit = await stated.classAxioms(h, LAB + 'KitComponent');
    expect(kit.own.map((a) => [a.section, a.manchester])).toEqual([
      ['subclass', "'kit component' SubClassOf material"],
      ['gci', "'part of' some kit SubClassOf 'kit component'"],
    ]);
    expect(kit.own[0].expression).toEqual([{ iri: LAB + 'Material', name: 'material', kind: 'class' }]);
  });

  it('answers from the bridge after a warm reopen, which never started the JVM, loading the file once', async () => {
    const h1 = await open('clinical.ofn');
    service.close(h1);
    await service.idle();
    const h2 = await open('clinical.ofn');
    expect(h2.summary.cache).toBe('hit');
    const request = vi.spyOn(service.bridge(), 'request');
    // A card asks these at once; the first loads the file into the session, the others find it there.
    const [cp, axioms, tree] = await Promise.all([
      stated.statedInferred(h2, CL + 'ChimericPathogen'),
      stated.classAxioms(h2, CL + 'ChimericPathogen'),
      trees.children(h2, CL + 'Bacterium', null),
    ]);
    expect(request.mock.calls.filter(([cmd]) => cmd === 'load')).toHaveLength(1);
    request.mockRestore();
    expect(cp.parents.map((p) => p.name)).toEqual(['bacterium', 'virus']);
    expect(axioms.own.map((a) => a.section)).toEqual(['subclass', 'subclass']);
    expect(tree.nodes.some((n) => n.statedOnly)).toBe(true);
    await expect(stated.classAxioms(h2, CL + 'NoSuchClass')).rejects.toMatchObject({ code: 'unknown-name' });
  });
});
