import { buildDag, nearbyClass, parentsOf, primaryChildren } from './dag';
import {
  article,
  cap,
  definitionText,
  GeneratorStats,
  LabelRegistry,
  lit,
  PropertySpec,
  wordCount,
  writePrefixes,
  writeProperties,
} from './common';
import type { Prng } from './prng';
import type { ChunkWriter } from './sink';
import {
  DEF_CIRCUMSTANCES,
  DEF_VERBS,
  GO_BP_HEADS,
  GO_BP_MODS,
  GO_CC_CORES,
  GO_CC_HEADS,
  GO_CC_MODS,
  GO_CORES,
  GO_HEAD_SYNONYMS,
  GO_MF_HEADS,
  GO_MF_MODS,
} from './words';

/** GO-shaped: three roots, DAG depth up to 14, ~1.6 parents, ~25 % with existentials, ~5 % logically defined. */

const BP = 0;
const MF = 1;
const CC = 2;
const ROOTS = [
  {
    label: 'biological_process',
    ns: 'biological_process',
    weight: 0.62,
    def: 'A biological process is the execution of a genetically-encoded biological module or program.',
  },
  {
    label: 'molecular_function',
    ns: 'molecular_function',
    weight: 0.23,
    def: 'A molecular process that can be carried out by the action of a single macromolecular machine.',
  },
  {
    label: 'cellular_component',
    ns: 'cellular_component',
    weight: 0.15,
    def: 'A location, relative to cellular compartments and structures, occupied by a macromolecular machine.',
  },
];

const P = {
  partOf: 'obo:BFO_0000050',
  hasPart: 'obo:BFO_0000051',
  overlaps: 'obo:RO_0002131',
  regulates: 'obo:RO_0002211',
  negReg: 'obo:RO_0002212',
  posReg: 'obo:RO_0002213',
  occursIn: 'obo:BFO_0000066',
  happensDuring: 'obo:RO_0002092',
  hasParticipant: 'obo:RO_0000057',
  hasInput: 'obo:RO_0002233',
  hasOutput: 'obo:RO_0002234',
};

const PROPERTIES: PropertySpec[] = [
  { id: P.overlaps, label: 'overlaps' },
  { id: P.partOf, label: 'part of', parents: [P.overlaps], transitive: true },
  { id: P.hasPart, label: 'has part', parents: [P.overlaps] },
  { id: P.regulates, label: 'regulates' },
  { id: P.negReg, label: 'negatively regulates', parents: [P.regulates] },
  { id: P.posReg, label: 'positively regulates', parents: [P.regulates] },
  { id: P.occursIn, label: 'occurs in' },
  { id: P.happensDuring, label: 'happens during' },
  { id: P.hasParticipant, label: 'has participant' },
  { id: P.hasInput, label: 'has input', parents: [P.hasParticipant] },
  { id: P.hasOutput, label: 'has output', parents: [P.hasParticipant] },
];
const CHAINS: [string[], string][] = [
  [[P.regulates, P.partOf], P.regulates],
  [[P.occursIn, P.partOf], P.occursIn],
];

/**
 * Existential relations per root: [property, target root, weight]. part_of within a root takes a
 * filler near the class (see nearbyClass); the others take any class of the target root.
 */
const EXISTENTIALS: [string, number, number][][] = [
  [
    [P.partOf, BP, 35],
    [P.occursIn, CC, 15],
    [P.regulates, BP, 10],
    [P.posReg, BP, 8],
    [P.negReg, BP, 7],
    [P.hasPart, BP, 8],
    [P.hasPart, MF, 5],
    [P.hasInput, CC, 4],
    [P.hasOutput, CC, 3],
    [P.happensDuring, BP, 5],
  ],
  [
    [P.partOf, BP, 55],
    [P.occursIn, CC, 25],
    [P.hasPart, MF, 12],
    [P.regulates, BP, 8],
  ],
  [
    [P.partOf, CC, 70],
    [P.hasPart, CC, 20],
    [P.overlaps, CC, 10],
  ],
];

const LEVEL_WEIGHTS = [0.08, 0.8, 3, 7, 11, 14, 15, 14, 12, 9, 6, 4, 2.2, 1];

interface Definition {
  prop: string;
  filler: number;
}

export async function writeGo(
  rand: Prng,
  n: number,
  seed: number,
  w: ChunkWriter,
  stats: GeneratorStats,
): Promise<void> {
  const nObsolete = n >= 100 ? Math.floor(n / 100) : 0;
  const dag = buildDag(
    rand,
    n - nObsolete,
    ROOTS.map((r) => r.weight),
    {
      levelWeights: LEVEL_WEIGHTS,
      extraParents: [0.4, 0.08, 0.02],
      extraLevelSpan: 3,
    },
  );
  const ids = rand.permutation(n);
  const kids = primaryChildren(dag);
  const iri = (c: number) => 'obo:GO_' + String(ids[c] + 1).padStart(7, '0');
  const curie = (c: number) => 'GO:' + String(ids[c] + 1).padStart(7, '0');

  // 1. which classes are logically defined
  const defined = new Uint8Array(n);
  for (let c = dag.rootCount; c < dag.n; c++) if (rand.chance(0.05)) defined[c] = 1;

  // 2. labels of primitive classes (parents come first, so a child can specialise its parent's label)
  const labels = new Array<string>(n);
  const heads = new Array<string>(n);
  const reg = new LabelRegistry();
  for (let r = 0; r < dag.rootCount; r++) labels[r] = reg.unique(ROOTS[r].label);
  for (let c = dag.rootCount; c < dag.n; c++) if (!defined[c]) baseLabel(c);
  // 3. logical definitions and their labels (fillers are primitive, the genus has a smaller index)
  const defs = new Array<Definition | undefined>(n);
  const seen = new Set<string>();
  for (let c = dag.rootCount; c < dag.n; c++) {
    if (!defined[c]) continue;
    const d = define(c);
    if (d) defs[c] = d;
    else {
      defined[c] = 0;
      baseLabel(c);
    }
  }
  const obsoleteLabels: string[] = [];
  for (let c = dag.n; c < n; c++) obsoleteLabels.push(freshLabel(rand.int(3)));

  function freshLabel(root: number): string {
    if (root === BP)
      return (rand.chance(0.7) ? rand.pick(GO_BP_MODS) + ' ' : '') + rand.pick(GO_CORES) + ' ' + rand.pick(GO_BP_HEADS);
    if (root === MF)
      return (rand.chance(0.6) ? rand.pick(GO_MF_MODS) + ' ' : '') + rand.pick(GO_CORES) + ' ' + rand.pick(GO_MF_HEADS);
    return (
      (rand.chance(0.85) ? rand.pick(GO_CC_MODS) + ' ' : '') + rand.pick(GO_CC_CORES) + ' ' + rand.pick(GO_CC_HEADS)
    );
  }

  function baseLabel(c: number): void {
    const root = dag.root[c];
    const parent = parentsOf(dag, c)[0];
    const mods = root === BP ? GO_BP_MODS : root === MF ? GO_MF_MODS : GO_CC_MODS;
    if (parent >= dag.rootCount && !defined[parent] && rand.chance(0.5) && wordCount(labels[parent]) <= 5) {
      const mod = rand.pick(mods);
      if (!labels[parent].includes(mod)) {
        labels[c] = reg.unique(mod + ' ' + labels[parent]);
        heads[c] = heads[parent];
        return;
      }
    }
    const headList = root === BP ? GO_BP_HEADS : root === MF ? GO_MF_HEADS : GO_CC_HEADS;
    const head = rand.pick(headList);
    const core = root === CC ? rand.pick(GO_CC_CORES) : rand.pick(GO_CORES);
    const modP = root === BP ? 0.7 : root === MF ? 0.6 : 0.85;
    labels[c] = reg.unique((rand.chance(modP) ? rand.pick(mods) + ' ' : '') + core + ' ' + head);
    heads[c] = head;
  }

  function genusName(p: number): string {
    return p < dag.rootCount ? ['process', 'molecular function', 'cellular component'][p] : labels[p];
  }

  function primitiveOf(root: number): number {
    const m = dag.members[root];
    if (m.length === 0) return root;
    for (let t = 0; t < 8; t++) {
      const v = m[rand.int(m.length)];
      if (!defined[v]) return v;
    }
    return root;
  }

  function define(c: number): Definition | undefined {
    const root = dag.root[c];
    const genus = parentsOf(dag, c)[0];
    for (let attempt = 0; attempt < 5; attempt++) {
      let prop: string;
      let target: number;
      let label: (f: string) => string;
      const g = genusName(genus);
      const u = rand.next();
      if (root === BP && u < 0.5) {
        const k = rand.weighted([4, 3, 3]);
        prop = [P.regulates, P.posReg, P.negReg][k];
        target = BP;
        label = (f) => ['regulation of ', 'positive regulation of ', 'negative regulation of '][k] + f;
      } else if ((root === BP && u < 0.75) || (root === MF && u < 0.5)) {
        prop = P.occursIn;
        target = CC;
        label = (f) => `${g} in ${f}`;
      } else if (root === CC) {
        prop = P.partOf;
        target = CC;
        label = (f) => `${g} of ${f}`;
      } else {
        prop = P.partOf;
        target = BP;
        label = (f) => `${g} involved in ${f}`;
      }
      // part_of within a root is transitive: keep it local (see nearbyClass)
      const filler = prop === P.partOf && target === root ? nearbyClass(rand, dag, kids, c) : primitiveOf(target);
      if (filler < 0 || filler === c || filler === genus || defined[filler]) continue;
      const key = `${genus} ${prop} ${filler}`;
      if (seen.has(key)) continue;
      seen.add(key);
      labels[c] = reg.unique(label(labels[filler]));
      heads[c] = prop === P.partOf || prop === P.occursIn ? heads[genus] : 'regulation';
      return { prop, filler };
    }
    return undefined;
  }

  // ---------- write ----------
  writePrefixes(w);
  w.push(`Ontology(<http://example.org/synthetic/go/${n}/seed-${seed}.owl>\n`);
  w.push(
    `Annotation(rdfs:comment ${lit(`Synthetic GO-shaped EL ontology: ${n} classes, seed ${seed}. Generated test data, not Gene Ontology content.`)})\n\n`,
  );
  for (const a of [
    'obo:IAO_0000115',
    'obo:IAO_0100001',
    'oboInOwl:id',
    'oboInOwl:hasOBONamespace',
    'oboInOwl:hasDbXref',
    'oboInOwl:hasExactSynonym',
    'oboInOwl:hasRelatedSynonym',
    'oboInOwl:hasBroadSynonym',
    'oboInOwl:hasNarrowSynonym',
  ]) {
    w.push(`Declaration(AnnotationProperty(${a}))\n`);
  }
  w.push('AnnotationAssertion(rdfs:label obo:IAO_0000115 "definition")\n');
  w.push('AnnotationAssertion(rdfs:label obo:IAO_0100001 "term replaced by")\n\n');
  writeProperties(w, PROPERTIES, CHAINS);
  stats.objectProperties = PROPERTIES.length;
  stats.roots = dag.rootCount;
  stats.maxDepth = dag.maxDepth;

  let parentCount = 0;
  for (let c = 0; c < dag.n; c++) {
    const id = iri(c);
    const root = dag.root[c];
    const label = labels[c];
    w.push(`Declaration(Class(${id}))\n`);
    w.push(`AnnotationAssertion(rdfs:label ${id} ${lit(label)})\n`);
    w.push(`AnnotationAssertion(oboInOwl:id ${id} ${lit(curie(c))})\n`);
    w.push(`AnnotationAssertion(oboInOwl:hasOBONamespace ${id} ${lit(ROOTS[root].ns)})\n`);
    if (c < dag.rootCount) {
      w.push(`AnnotationAssertion(obo:IAO_0000115 ${id} ${lit(ROOTS[root].def)})\n`);
      stats.definitions++;
      continue;
    }
    const parents = parentsOf(dag, c);
    const def = defs[c];
    if (rand.chance(0.92)) {
      const start = def
        ? def.prop === P.regulates || def.prop === P.posReg || def.prop === P.negReg
          ? `Any process that modulates the frequency, rate or extent of ${labels[def.filler]}, and that`
          : `${article(genusName(parents[0]))} ${genusName(parents[0])} that is located in or part of ${labels[def.filler]} and`
        : `${article(genusName(parents[0]))} ${genusName(parents[0])} that`;
      const text = definitionText(rand, start, DEF_VERBS, GO_CORES, DEF_CIRCUMSTANCES, 20, 40);
      const xref = rand.chance(0.3)
        ? `Annotation(oboInOwl:hasDbXref ${lit(rand.chance(0.6) ? 'PMID:' + rand.range(10_000_000, 39_999_999) : 'GOC:' + rand.pick(['mah', 'tb', 'jl', 'dph', 'bf', 'curators']))}) `
        : '';
      w.push(`AnnotationAssertion(${xref}obo:IAO_0000115 ${id} ${lit(text)})\n`);
      stats.definitions++;
    }
    writeSynonyms(c, id, def);
    let first = 0;
    if (def) {
      w.push(
        `EquivalentClasses(${id} ObjectIntersectionOf(${iri(parents[0])} ObjectSomeValuesFrom(${def.prop} ${iri(def.filler)})))\n`,
      );
      stats.equivalentClasses++;
      first = 1;
    }
    for (let i = first; i < parents.length; i++) {
      w.push(`SubClassOf(${id} ${iri(parents[i])})\n`);
      stats.subClassOfNamed++;
    }
    parentCount += parents.length;
    if (rand.chance(0.25)) {
      const k = rand.weighted([60, 28, 12]) + 1;
      const options = EXISTENTIALS[root];
      const weights = options.map((o) => o[2]);
      const done = new Set<string>();
      for (let e = 0; e < k; e++) {
        const [prop, target] = options[rand.weighted(weights)];
        let filler: number;
        if (prop === P.partOf && target === root) filler = nearbyClass(rand, dag, kids, c);
        else {
          const m = dag.members[target];
          filler = m.length ? m[rand.int(m.length)] : target;
        }
        const key = prop + filler;
        if (filler < 0 || filler === c || done.has(key)) continue;
        done.add(key);
        w.push(`SubClassOf(${id} ObjectSomeValuesFrom(${prop} ${iri(filler)}))\n`);
        stats.subClassOfExistential++;
      }
      if (done.size) stats.classesWithExistentials++;
    }
    if (w.full) await w.flush();
  }
  for (let c = dag.n; c < n; c++) {
    const id = iri(c);
    w.push(`Declaration(Class(${id}))\n`);
    w.push(`AnnotationAssertion(rdfs:label ${id} ${lit(reg.unique('obsolete ' + obsoleteLabels[c - dag.n]))})\n`);
    w.push(`AnnotationAssertion(oboInOwl:id ${id} ${lit(curie(c))})\n`);
    w.push(
      `AnnotationAssertion(obo:IAO_0000115 ${id} ${lit('OBSOLETE. This term was made obsolete because it was an unnecessary grouping class.')})\n`,
    );
    w.push(`AnnotationAssertion(owl:deprecated ${id} "true"^^xsd:boolean)\n`);
    if (dag.n > dag.rootCount && rand.chance(0.5))
      w.push(`AnnotationAssertion(obo:IAO_0100001 ${id} ${iri(dag.rootCount + rand.int(dag.n - dag.rootCount))})\n`);
    stats.deprecated++;
    if (w.full) await w.flush();
  }
  w.push(')\n');
  stats.classes = n;
  stats.numberedLabels = reg.numbered;
  stats.meanParents = dag.n > dag.rootCount ? parentCount / (dag.n - dag.rootCount) : 0;

  function writeSynonyms(c: number, id: string, def: Definition | undefined): void {
    const label = labels[c];
    const syn = (kind: string, text: string) => {
      if (text === label) return;
      w.push(`AnnotationAssertion(oboInOwl:has${kind}Synonym ${id} ${lit(text)})\n`);
      stats.synonyms++;
    };
    if (def) {
      if (label.startsWith('positive regulation of ')) {
        syn('Exact', 'up-regulation of ' + label.slice(23));
        if (rand.chance(0.5)) syn('Narrow', 'activation of ' + label.slice(23));
      } else if (label.startsWith('negative regulation of ')) {
        syn('Exact', 'down-regulation of ' + label.slice(23));
        if (rand.chance(0.5)) syn('Narrow', 'inhibition of ' + label.slice(23));
      } else if (label.startsWith('regulation of ')) {
        syn('Exact', label.slice(14) + ' regulation');
      } else if (rand.chance(0.3)) {
        syn('Related', label.replace(' in ', ' within ').replace(' of ', ' from '));
      }
      return;
    }
    const head = heads[c];
    const alt = GO_HEAD_SYNONYMS[head];
    if (alt && label.endsWith(head) && rand.chance(0.5))
      syn('Exact', label.slice(0, label.length - head.length) + rand.pick(alt));
    const words = label.split(' ');
    if (dag.root[c] === BP && label.endsWith(' ' + head) && rand.chance(0.2)) {
      syn('Exact', `${head} of ${label.slice(0, label.length - head.length - 1)}`);
    }
    if (words.length >= 3 && rand.chance(0.15)) syn('Broad', words.slice(1).join(' '));
    if (rand.chance(0.08)) syn('Related', cap(label) + ' pathway');
  }
}
