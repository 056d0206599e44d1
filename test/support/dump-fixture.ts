import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Card } from '../../src-main/ontology/cards/card-types';
import { CacheBuilder } from '../../src-main/ontology/cache/cache-builder';
import type { Ann, DumpRecord } from '../../src-main/ontology/dump/dump-types';
import { OntologyHandle } from '../../src-main/ontology/ontology-handle';
import type { LoadSummary } from '../../src-main/ontology/ontology-types';
import { writeClosureGraph } from '../../src-main/ontology/store/closure-graph';
import { tempDir } from './temp-dir';

export const EX = 'http://example.org/t#';
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';

export function label(v: string): Ann {
  return { p: LABEL, v };
}

/**
 * A handle over a hand-written dump, as if the bridge had produced it: lets query and linking tests
 * pin exact closures without a JVM. Integration tests check the real bridge separately.
 */
export async function handleFromDump(
  records: DumpRecord[],
  onCard?: (card: Card) => void,
  extra: {
    /** The bridge's load answer as the cache keeps it (e.g. its outsideEl classes). */
    load?: Record<string, unknown>;
    /** The load's warnings (e.g. an import that could not be loaded). */
    warnings?: LoadSummary['warnings'];
  } = {},
): Promise<{ handle: OntologyHandle; cleanup: () => void }> {
  const dir = tempDir('oarag-dump-');
  const dbPath = join(dir.path, 'c.sqlite');
  const b = new CacheBuilder(dbPath);
  b.onCard = onCard;
  for (const r of records) b.add(r);
  b.finishCards();
  const c = b.buildCounts;
  const summary: LoadSummary = {
    file: 'fixture',
    format: 'Functional',
    ontologyIri: null,
    title: null,
    classes: c.classes,
    objectProperties: c.objectProperties,
    closure: { subClassOf: c.subClassOf, existential: c.existential },
    unsatisfiable: c.unsatisfiable,
    warnings: extra.warnings ?? [],
    cache: 'miss',
    seconds: 0,
    stageSeconds: {},
  };
  b.setMeta('summary', summary);
  if (extra.load) b.setMeta('load', extra.load);
  await b.commitAndClose();
  const ntPath = join(dir.path, 'c.nt');
  const ro = new Database(dbPath, { readonly: true });
  await writeClosureGraph(ro, ntPath);
  const handle = new OntologyHandle('fixture', ro, summary, ntPath);
  return { handle, cleanup: () => (handle.close(), dir.cleanup()) };
}

/** A small clinical closure: chains and sub-properties already expanded by "the bridge". */
export function clinicalDump(): DumpRecord[] {
  const cls = (id: string, name: string, extra: Ann[] = [], deprecated = false): DumpRecord => ({
    t: 'class',
    iri: EX + id,
    annotations: [label(name), ...extra],
    deprecated,
  });
  const prop = (id: string, name: string, parents: string[] = [], transitive = false): DumpRecord => ({
    t: 'property',
    iri: EX + id,
    annotations: [label(name)],
    deprecated: false,
    transitive,
    reflexive: false,
    parents: parents.map((p) => EX + p),
    chains: [],
  });
  const hier = (id: string, parents: string[], equivalents: string[] = []): DumpRecord => ({
    t: 'hier',
    c: EX + id,
    parents: parents.map((p) => EX + p),
    equivalents: equivalents.map((e) => EX + e),
  });
  const link = (s: string, r: string, f: string): DumpRecord => ({ t: 'link', s: EX + s, r: EX + r, f: EX + f });
  const SYN = 'http://www.geneontology.org/formats/oboInOwl#hasExactSynonym';
  const DEF = 'http://purl.obolibrary.org/obo/IAO_0000115';
  return [
    prop('partOf', 'part of', [], true),
    prop('locatedIn', 'located in'),
    prop('hasSite', 'has finding site', ['locatedIn']),
    prop('causedBy', 'causative agent'),
    cls('Disorder', 'disorder'),
    cls('HeartDisease', 'heart disease', [
      { p: SYN, v: 'cardiac disease' },
      { p: DEF, v: 'A disorder of the heart muscle or valves.' },
    ]),
    cls('Myocarditis', 'myocarditis', [{ p: DEF, v: 'Inflammation of the myocardium, often viral.' }]),
    cls('ViralMyocarditis', 'viral myocarditis'),
    cls('Endocarditis', 'endocarditis'),
    cls('Anatomy', 'anatomical structure'),
    cls('Heart', 'heart'),
    cls('Myocardium', 'myocardium', [{ p: SYN, v: 'heart muscle' }]),
    cls('Valve', 'heart valve'),
    cls('Organism', 'organism'),
    cls('Virus', 'virus'),
    cls('Coxsackie', 'coxsackievirus'),
    cls('Cold', 'cold'),
    cls('Cold2', 'cold', [], false),
    cls('OldThing', 'old heart thing', [], true),
    hier('Disorder', []),
    hier('HeartDisease', ['Disorder']),
    hier('Myocarditis', ['HeartDisease']),
    hier('ViralMyocarditis', ['Myocarditis']),
    hier('Endocarditis', ['HeartDisease']),
    hier('Anatomy', []),
    hier('Heart', ['Anatomy']),
    hier('Myocardium', ['Anatomy']),
    hier('Valve', ['Anatomy']),
    hier('Organism', []),
    hier('Virus', ['Organism']),
    hier('Coxsackie', ['Virus']),
    hier('Cold', ['Disorder']),
    hier('Cold2', ['Anatomy']),
    hier('OldThing', []),
    { t: 'stated', s: EX + 'HeartDisease', r: EX + 'hasSite', f: EX + 'Heart', text: 'heart', kind: 'equiv' },
    { t: 'stated', s: EX + 'Myocardium', r: EX + 'partOf', f: EX + 'Heart', text: 'heart', kind: 'sub' },
    link('HeartDisease', 'hasSite', 'Heart'),
    link('Myocarditis', 'hasSite', 'Myocardium'),
    link('ViralMyocarditis', 'causedBy', 'Virus'),
    link('Endocarditis', 'hasSite', 'Valve'),
    link('Myocardium', 'partOf', 'Heart'),
    link('Valve', 'partOf', 'Heart'),
  ];
}
