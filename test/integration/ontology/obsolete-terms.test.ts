/**
 * Obsolete, merged and imported terms on real files: go-nucleus.ofn keeps GO:0005636 both as an
 * alt_id of nuclear envelope and as an obsolete, label-less class replaced by it (IRI value); envo.obo
 * writes replaced_by as text ("ENVO:01000311"); po.obo has parents it does not define (UBERON).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { NameLinker } from '../../../src-main/query/linking/name-linker';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';

const OBO = 'http://purl.obolibrary.org/obo/';
const jar = existsSync(bridgeJarPath());
if (!jar) console.warn(`[skip] obsolete terms: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);
const file = (name: string) => (jar ? sharedOntology(name) : null);
const h = cliHarness('oarag-obsolete-');

describe('obsolete and merged terms in go-nucleus.ofn', () => {
  const path = file('go-nucleus.ofn');

  it.skipIf(!path)('finds the live term for an alt_id or an obsolete CURIE, and hides obsolete classes', async () => {
    const handle = await h.container.ontologies.open(path!);
    const ix = handle.closure;
    const linker = new NameLinker(handle.names, ix);
    const names = (q: string, includeObsolete = false) =>
      linker.search(q, 30, { includeObsolete }).map((x) => ix.nameOf(x.id));
    expect(names('GO:0005634')).toEqual(['nucleus']);
    expect(names(`${OBO}GO_0005634`)).toEqual(['nucleus']);
    const [live, ...rest] = linker.search('GO:0005636');
    expect(rest).toEqual([]);
    expect(ix.iri(live.id)).toBe(`${OBO}GO_0005635`);
    expect(ix.nameOf(live.id)).toBe('nuclear envelope');
    expect(live.replaces?.id).toBe('GO:0005636');
    expect(names('GO:0005636', true)).toEqual(['nuclear envelope', 'GO:0005636']);
    // The merged placeholders (obsolete, label-less) no longer crowd a search.
    const obsolete = [...ix.deprecated];
    expect(obsolete.length).toBeGreaterThan(10);
    expect(linker.search('nucleus', 30).some((x) => ix.deprecated.has(x.id))).toBe(false);
    expect(names('nucleus')[0]).toBe('nucleus');
    expect(names('nucelus')[0]).toBe('nucleus');
  });

  it.skipIf(!path)('writes cards that say what replaced a term, link IRI values, and group annotations', async () => {
    const handle = await h.container.ontologies.open(path!);
    const old = handle.card(`${OBO}GO_0005636`)!;
    expect(old.obsolete).toBe(true);
    expect(old.replacedBy).toEqual([{ iri: `${OBO}GO_0005635`, name: 'nuclear envelope' }]);
    expect(old.text).toContain('replaced by: nuclear envelope');
    expect(old.text).not.toMatch(/IAO_0100001|http:/);

    const nucleus = handle.card(`${OBO}GO_0005634`)!;
    expect(nucleus.sections.map((s) => s.group)).toEqual(['definition', 'synonyms', 'xrefs', 'subsets', 'other']);
    const section = (g: string) => nucleus.sections.find((s) => s.group === g)!.entries;
    expect(section('synonyms')[0]).toMatchObject({ value: 'cell nucleus', scope: 'exact', property: 'exact synonym' });
    const subsets = section('subsets').map((e) => e.valueName);
    expect(subsets).toContain('goslim_generic');
    expect([...subsets].sort()).toEqual(subsets);
    const never = section('other').find((e) => e.property === 'never in taxon')!;
    expect(never.link).toEqual({ iri: `${OBO}NCBITaxon_2`, name: 'Bacteria' });
    expect(nucleus.text).toContain('never in taxon: Bacteria');

    // The CLI prints the obsolete term's own card for its ID, not an ambiguity with the alt_id.
    const run = await h.cli(['card', 'GO:0005636', '--ontology', path!]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('replaced by: nuclear envelope');
  });
});

describe('replaced_by written as text (envo.obo), parents from elsewhere (po.obo)', () => {
  const envo = file('envo.obo');
  const po = file('po.obo');

  it.skipIf(!envo)('resolves a text CURIE to the live term', async () => {
    const handle = await h.container.ontologies.open(envo!);
    const card = handle.card(`${OBO}ENVO_00000113`)!;
    expect(card.obsolete).toBe(true);
    expect(card.replacedBy).toEqual([
      { iri: `${OBO}ENVO_01000311`, name: handle.closure.nameOf(handle.closure.id(`${OBO}ENVO_01000311`)!) },
    ]);
    const linker = new NameLinker(handle.names, handle.closure);
    const [hit] = linker.search('ENVO:00000113');
    expect(handle.closure.iri(hit.id)).toBe(`${OBO}ENVO_01000311`);
    expect(hit.replaces).toMatchObject({ id: 'ENVO:00000113', via: 'replaced_by' });
  });

  it.skipIf(!po)('names a parent the file does not define by its CURIE', async () => {
    const handle = await h.container.ontologies.open(po!);
    const ix = handle.closure;
    const uberon = ix.id(`${OBO}UBERON_0001062`)!;
    expect(ix.nameOf(uberon)).toBe('UBERON:0001062');
    const child = (ix.children[uberon] ?? []).find((c) => ix.kindOf[c] === 'class')!;
    expect(handle.card(ix.iri(child))!.parents).toContainEqual({ iri: `${OBO}UBERON_0001062`, name: 'UBERON:0001062' });
  });
});
