import { buildDag, nearbyClass, parentsOf, primaryChildren } from './dag';
import { cap, GeneratorStats, LabelRegistry, lc, lit, wordCount, writePrefixes, writeProperties } from './common';
import type { Prng } from './prng';
import type { ChunkWriter } from './sink';
import {
  SCT_ACTIONS,
  SCT_DEVICES,
  SCT_DOSE_FORMS,
  SCT_EVENT_HEADS,
  SCT_FINDING_HEADS,
  SCT_GENUS_ENDS,
  SCT_MATERIALS,
  SCT_DEVICE_KINDS,
  SCT_MORPH_MODS,
  SCT_MORPHS,
  SCT_OBS_PROPS,
  SCT_PARTS_OF,
  SCT_POSITIONS,
  SCT_QUALIFIER_ADJ,
  SCT_QUALIFIER_ADV,
  SCT_QUALIFIER_NOUNS,
  SCT_SALTS,
  SCT_SITES,
  SCT_SITUATION_PREFIXES,
  SCT_SPECIES,
  SCT_SUBSTANCE_ENDS,
  SCT_SYLLABLES_A,
  SCT_SYLLABLES_B,
} from './words';

/**
 * SNOMED-shaped: 13 top hierarchies, ~60 attributes (a few in a hierarchy, a role group property,
 * property chains), ~30 % of classes fully defined as parents + attributes in role groups, labels and
 * 1-2 synonyms, no definitions text.
 */

import {
  BODY,
  CHAINS,
  EVENT,
  FIND,
  LEVEL_WEIGHTS,
  MORPH,
  NS,
  OBJ,
  OBS,
  ORG,
  PROC,
  PROD,
  PROPERTIES,
  QUAL,
  ROOTS,
  SIT,
  SPEC,
  SUBST,
  Slot,
  TEMPLATES,
  TRANSITIVE,
} from './snomed-model';

interface Group {
  grouped: boolean;
  pairs: [string, number][];
}

export async function writeSnomed(
  rand: Prng,
  n: number,
  seed: number,
  w: ChunkWriter,
  stats: GeneratorStats,
): Promise<void> {
  const dag = buildDag(
    rand,
    n,
    ROOTS.map((r) => r.weight),
    {
      levelWeights: LEVEL_WEIGHTS,
      extraParents: [0.35, 0.1, 0.03],
      extraLevelSpan: 3,
    },
  );
  const ids = rand.permutation(n);
  const iri = (c: number) => ':C' + (1_000_000 + ids[c]);
  const kids = primaryChildren(dag);

  const defined = new Uint8Array(n);
  for (let c = dag.rootCount; c < n; c++) if (rand.chance(ROOTS[dag.root[c]].define)) defined[c] = 1;

  const labels = new Array<string>(n);
  const reg = new LabelRegistry();
  for (let r = 0; r < dag.rootCount; r++) labels[r] = reg.unique(ROOTS[r].label);
  for (let c = dag.rootCount; c < n; c++) if (!defined[c]) labels[c] = reg.unique(baseLabel(c));
  const defs = new Array<Group[] | undefined>(n);
  const seen = new Set<string>();
  for (let c = dag.rootCount; c < n; c++) {
    if (!defined[c]) continue;
    const groups = attributes(c, true);
    const key =
      parentsOf(dag, c).join(',') + '|' + groups.map((g) => (g.grouped ? 'g' : 'u') + g.pairs.join(';')).join('|');
    if (groups.length === 0 || seen.has(key)) {
      defined[c] = 0;
      labels[c] = reg.unique(baseLabel(c));
      continue;
    }
    seen.add(key);
    defs[c] = groups;
    labels[c] = reg.unique(definedLabel(c, groups) ?? baseLabel(c));
  }

  function chemName(): string {
    let x = rand.pick(SCT_SYLLABLES_A);
    const k = rand.weighted([3, 5, 2]);
    for (let i = 0; i < k; i++) x += rand.pick(SCT_SYLLABLES_B);
    return cap(x + rand.pick(SCT_SUBSTANCE_ENDS));
  }

  /** "femur", "left femur", "head of left femur", ... (lower case). */
  function site(qualified = false): string {
    let x = rand.pick(SCT_SITES);
    const position = rand.chance(0.5);
    if (position) x = rand.pick(SCT_POSITIONS).toLowerCase() + ' ' + x;
    if (rand.chance(0.35) || (qualified && !position)) x = rand.pick(SCT_PARTS_OF).toLowerCase() + ' ' + x;
    return x;
  }

  function baseLabel(c: number): string {
    const root = dag.root[c];
    const parent = parentsOf(dag, c)[0];
    const pl = parent >= dag.rootCount && !defined[parent] ? labels[parent] : undefined;
    const derive = (p: number, maxWords = 5) => pl !== undefined && wordCount(pl) <= maxWords && rand.chance(p);
    /** "<modifier> <parent label>", unless the parent label already has that modifier. */
    const refine = (p: number, mods: readonly string[], maxWords = 5): string | undefined => {
      if (!derive(p, maxWords)) return undefined;
      const mod = rand.pick(mods);
      return pl!.toLowerCase().split(' ').includes(mod.toLowerCase()) ? undefined : `${mod} ${lc(pl!)}`;
    };
    let r: string | undefined;
    const deep = dag.level[c] > 2;
    switch (root) {
      case BODY:
        if (
          (r = refine(0.4, [
            'Left',
            'Right',
            'Upper',
            'Lower',
            'Anterior',
            'Posterior',
            'Medial',
            'Lateral',
            'Entire',
            'Proximal',
            'Distal',
          ]))
        )
          return r;
        return cap(site(deep));
      case MORPH:
        if ((r = refine(0.4, SCT_MORPH_MODS))) return r;
        return cap(
          (rand.chance(0.35) ? rand.pick(SCT_MORPH_MODS).toLowerCase() + ' ' : '') +
            (dag.level[c] > 2 || rand.chance(0.7) ? rand.pick(SCT_MORPH_MODS).toLowerCase() + ' ' : '') +
            rand.pick(SCT_MORPHS),
        );
      case SUBST:
        if (derive(0.3, 2)) return `${pl} ${rand.pick(SCT_SALTS)}`;
        return chemName();
      case ORG: {
        if (pl !== undefined && rand.chance(0.6)) {
          const k = wordCount(pl);
          if (k === 1) return `${pl} ${rand.pick(SCT_SPECIES)}`;
          if (k === 2) return `${pl} subsp. ${rand.pick(SCT_SPECIES)}`;
        }
        const genus = cap(rand.pick(SCT_SYLLABLES_A) + rand.pick(SCT_SYLLABLES_B) + rand.pick(SCT_GENUS_ENDS));
        return dag.level[c] <= 3 && rand.chance(0.6) ? genus : `${genus} ${rand.pick(SCT_SPECIES)}`;
      }
      case QUAL:
        if ((r = refine(0.3, SCT_QUALIFIER_ADJ, 3))) return r;
        return (
          (rand.chance(0.6)
            ? rand.pick(SCT_QUALIFIER_ADV) + ' ' + lc(rand.pick(SCT_QUALIFIER_ADJ))
            : rand.pick(SCT_QUALIFIER_ADJ)) +
          ' ' +
          rand.pick(SCT_QUALIFIER_NOUNS)
        );
      case OBJ:
        if ((r = refine(0.4, SCT_MATERIALS, 3))) return r;
        return cap(
          (rand.chance(0.7) ? rand.pick(SCT_MATERIALS) + ' ' : '') +
            (rand.chance(0.7) ? rand.pick(SCT_DEVICE_KINDS) + ' ' : '') +
            rand.pick(SCT_DEVICES),
        );
      case PROD:
        if (derive(0.4, 3)) return `${chemName()}-containing ${lc(pl!)}`;
        return `${chemName()} product`;
      case FIND:
        if (
          (r = refine(0.4, [
            'Acute',
            'Chronic',
            'Recurrent',
            'Congenital',
            'Severe',
            'Mild',
            'Primary',
            'Secondary',
            'Bilateral',
            'Traumatic',
          ]))
        )
          return r;
        return cap(
          (rand.chance(0.5) ? rand.pick(SCT_MORPH_MODS).toLowerCase() + ' ' : '') +
            `${site(deep)} ${rand.pick(SCT_FINDING_HEADS)}`,
        );
      case PROC:
        if (
          (r = refine(0.3, [
            'Open',
            'Closed',
            'Partial',
            'Total',
            'Radical',
            'Percutaneous',
            'Endoscopic',
            'Laparoscopic',
            'Emergency',
            'Elective',
          ]))
        )
          return r;
        return `${rand.pick(SCT_ACTIONS)} of ${site(deep)}`;
      case OBS:
        if (derive(0.3))
          return `${pl} ${rand.pick(['at rest', 'during exercise', 'in 24 hours', 'at birth', 'by palpation', 'by measurement'])}`;
        return `${rand.pick(SCT_OBS_PROPS)} of ${rand.chance(0.5) ? site(deep) : lc(chemName())}`;
      case SPEC:
        return `${cap(site(deep))} ${rand.pick(['tissue', 'fluid', 'swab', 'biopsy', 'aspirate', 'smear', 'scraping', 'washing', 'brushing'])} specimen`;
      case SIT:
        return `${rand.pick(SCT_SITUATION_PREFIXES)} ${site(deep)} ${rand.pick(SCT_FINDING_HEADS)}`;
      default:
        return `${rand.pick(SCT_EVENT_HEADS)} ${(rand.chance(0.6) ? rand.pick(SCT_MATERIALS).toLowerCase() + ' ' : '') + rand.pick(SCT_DEVICES)}`;
    }
  }

  /** A value from `root` whose label is already final when `c` is being labelled. */
  function pickValue(root: number, c: number, forLabel: boolean): number {
    const m = dag.members[root];
    if (m.length === 0) return root;
    for (let t = 0; t < 8; t++) {
      const v = m[rand.int(m.length)];
      if (v !== c && (!forLabel || !defined[v] || v < c)) return v;
    }
    return root;
  }

  /** Values of transitive attributes are local (see nearbyClass); -1 when there is none. */
  function valueFor(attr: string, root: number, c: number, forLabel: boolean): number {
    if (TRANSITIVE.has(attr)) return root === dag.root[c] ? nearbyClass(rand, dag, kids, c) : -1;
    return pickValue(root, c, forLabel);
  }

  function attributes(c: number, forLabel: boolean): Group[] {
    const groups: Group[] = [];
    for (const t of TEMPLATES[dag.root[c]]) {
      if (!rand.chance(t.p)) continue;
      const pairs: [string, number][] = [];
      const add = ([attrs, roots]: Slot) => {
        const attr = rand.pick(attrs);
        const v = valueFor(attr, rand.pick(roots), c, forLabel);
        if (v >= 0) pairs.push([attr, v]);
      };
      for (const slot of t.slots) if (rand.chance(slot[2])) add(slot);
      if (pairs.length === 0) add(t.slots[0]);
      if (pairs.length) groups.push({ grouped: t.grouped, pairs });
    }
    return groups;
  }

  function definedLabel(c: number, groups: Group[]): string | undefined {
    const get = (...attrs: string[]): number | undefined => {
      for (const g of groups) for (const [a, v] of g.pairs) if (attrs.includes(a)) return v;
      return undefined;
    };
    const has = (a: string) => get(a) !== undefined;
    const L = (v: number) => labels[v];
    switch (dag.root[c]) {
      case BODY: {
        const p = get('part_of');
        return p === undefined
          ? undefined
          : `${rand.pick(['Structure', 'Region', 'Surface', 'Segment', 'Wall', 'Portion', 'Compartment'])} of ${lc(L(p))}`;
      }
      case SUBST: {
        const p = get('is_modification_of');
        return p === undefined ? undefined : `${L(p)} ${rand.pick(SCT_SALTS)}`;
      }
      case OBJ: {
        const m = get('has_compositional_material');
        return m === undefined ? undefined : `${L(m)} ${rand.pick(SCT_DEVICES)}`;
      }
      case PROD: {
        const i = get('has_active_ingredient', 'has_precise_active_ingredient');
        if (i === undefined) return undefined;
        if (has('has_precise_active_ingredient')) return `Product containing precisely ${L(i)}`;
        return has('has_manufactured_dose_form')
          ? `${L(i)} ${rand.pick(SCT_DOSE_FORMS)}`
          : `Product containing ${L(i)}`;
      }
      case FIND: {
        const m = get('associated_morphology'),
          site = get('finding_site'),
          o = get('causative_agent');
        const obs = get('interprets'),
          q = get('has_interpretation'),
          d = get('due_to', 'after');
        let label: string;
        if (obs !== undefined) label = `${q !== undefined ? L(q) : 'Abnormal'} ${lc(L(obs))}`;
        else if (m !== undefined && site !== undefined) label = `${L(m)} of ${lc(L(site))}`;
        else if (site !== undefined) label = `${cap(rand.pick(SCT_FINDING_HEADS))} of ${lc(L(site))}`;
        else if (m !== undefined) label = `${L(m)} disorder`;
        else if (o !== undefined) return `Infection caused by ${L(o)}`;
        else return undefined;
        if (o !== undefined) label += ` caused by ${L(o)}`;
        if (d !== undefined && wordCount(L(d)) <= 6) label += ` ${has('after') ? 'after' : 'due to'} ${lc(L(d))}`;
        return label;
      }
      case PROC: {
        const site = get('procedure_site_direct', 'procedure_site_indirect'),
          m = get('direct_morphology', 'indirect_morphology');
        const dev = get('using_device', 'direct_device', 'indirect_device', 'using_access_device'),
          sub = get('direct_substance');
        const action = rand.pick(SCT_ACTIONS);
        let label: string;
        if (sub !== undefined) label = `Administration of ${lc(L(sub))}`;
        else if (site !== undefined && m !== undefined) label = `${action} of ${lc(L(m))} of ${lc(L(site))}`;
        else if (site !== undefined) label = `${action} of ${lc(L(site))}`;
        else if (m !== undefined) label = `${action} of ${lc(L(m))}`;
        else if (dev !== undefined) return `${action} using ${lc(L(dev))}`;
        else return undefined;
        if (dev !== undefined && wordCount(label) <= 8) label += ` using ${lc(L(dev))}`;
        return label;
      }
      case OBS: {
        const comp = get('component'),
          body = get('inheres_in', 'direct_site');
        const prop = rand.pick(SCT_OBS_PROPS);
        if (comp !== undefined) return `${prop} of ${lc(L(comp))}${body !== undefined ? ` in ${lc(L(body))}` : ''}`;
        return body !== undefined ? `${prop} of ${lc(L(body))}` : undefined;
      }
      case SPEC: {
        const topo = get('specimen_source_topography'),
          subst = get('specimen_substance'),
          proc = get('specimen_procedure');
        if (topo !== undefined)
          return `${subst !== undefined ? L(subst) + ' specimen' : 'Specimen'} from ${lc(L(topo))}`;
        if (subst !== undefined) return `${L(subst)} specimen`;
        return proc !== undefined ? `Specimen obtained by ${lc(L(proc))}` : undefined;
      }
      case SIT: {
        const f = get('associated_finding'),
          p = get('associated_procedure');
        if (f !== undefined) return `${rand.pick(SCT_SITUATION_PREFIXES)} ${lc(L(f))}`;
        return p !== undefined
          ? `${rand.pick(['Procedure planned', 'Procedure not done', 'Procedure refused', 'History of procedure'])}: ${lc(L(p))}`
          : undefined;
      }
      case EVENT: {
        const x = get('associated_with', 'during');
        return x === undefined ? undefined : `${rand.pick(SCT_EVENT_HEADS)} ${lc(L(x))}`;
      }
      default:
        return undefined;
    }
  }

  const some = (a: string, v: number) => `ObjectSomeValuesFrom(:${a} ${iri(v)})`;
  function conjuncts(groups: Group[]): string[] {
    const out: string[] = [];
    for (const g of groups) {
      if (!g.grouped) {
        for (const [a, v] of g.pairs) out.push(some(a, v));
        continue;
      }
      const inner = g.pairs.map(([a, v]) => some(a, v));
      out.push(
        `ObjectSomeValuesFrom(:role_group ${inner.length === 1 ? inner[0] : `ObjectIntersectionOf(${inner.join(' ')})`})`,
      );
    }
    return out;
  }

  // ---------- write ----------
  writePrefixes(w, { '': NS });
  w.push(`Ontology(<http://example.org/synthetic/snomed/${n}/seed-${seed}.owl>\n`);
  w.push(
    `Annotation(rdfs:comment ${lit(`Synthetic SNOMED-shaped EL ontology: ${n} classes, seed ${seed}. Generated test data, not SNOMED CT content.`)})\n\n`,
  );
  w.push('Declaration(AnnotationProperty(skos:altLabel))\n\n');
  writeProperties(w, PROPERTIES, CHAINS, '@en');
  stats.objectProperties = PROPERTIES.length;
  stats.roots = dag.rootCount;
  stats.maxDepth = dag.maxDepth + (dag.rootCount > MORPH ? 1 : 0);

  let parentCount = 0;
  for (let c = 0; c < n; c++) {
    const id = iri(c);
    const root = dag.root[c];
    const label = labels[c];
    w.push(`Declaration(Class(${id}))\n`);
    w.push(`AnnotationAssertion(rdfs:label ${id} ${lit(label)}@en)\n`);
    const tag =
      root === FIND
        ? defs[c]?.some((g) => g.pairs.some(([a]) => a === 'associated_morphology')) || rand.chance(0.4)
          ? 'disorder'
          : 'finding'
        : ROOTS[root].tag;
    w.push(`AnnotationAssertion(skos:altLabel ${id} ${lit(`${label} (${tag})`)}@en)\n`);
    stats.synonyms++;
    if (rand.chance(0.4)) {
      const alt = reorder(label);
      if (alt && alt !== label) {
        w.push(`AnnotationAssertion(skos:altLabel ${id} ${lit(alt)}@en)\n`);
        stats.synonyms++;
      }
    }
    if (c < dag.rootCount) {
      if (c === MORPH) {
        w.push(`SubClassOf(${id} ${iri(BODY)})\n`);
        stats.subClassOfNamed++;
      }
      continue;
    }
    const parents = parentsOf(dag, c);
    parentCount += parents.length;
    const groups = defs[c];
    if (groups) {
      const named = Array.from(parents, iri).join(' ');
      w.push(`EquivalentClasses(${id} ObjectIntersectionOf(${named} ${conjuncts(groups).join(' ')}))\n`);
      stats.equivalentClasses++;
      stats.classesWithExistentials++;
    } else {
      for (const p of parents) w.push(`SubClassOf(${id} ${iri(p)})\n`);
      stats.subClassOfNamed += parents.length;
      if (TEMPLATES[root].length && rand.chance(ROOTS[root].attrs)) {
        const cs = conjuncts(attributes(c, false));
        for (const x of cs) w.push(`SubClassOf(${id} ${x})\n`);
        stats.subClassOfExistential += cs.length;
        if (cs.length) stats.classesWithExistentials++;
      }
    }
    if (w.full) await w.flush();
  }
  w.push(')\n');
  stats.classes = n;
  stats.numberedLabels = reg.numbered;
  stats.meanParents = n > dag.rootCount ? parentCount / (n - dag.rootCount) : 0;

  /** "Fracture of left femur" -> "Left femur fracture"; "Comminuted fracture" -> "Fracture, comminuted". */
  function reorder(label: string): string | undefined {
    const i = label.indexOf(' of ');
    if (i > 0 && label.indexOf(' of ', i + 4) < 0 && !label.includes(':'))
      return cap(label.slice(i + 4)) + ' ' + lc(label.slice(0, i));
    const words = label.split(' ');
    if (words.length === 2) return cap(words[1]) + ', ' + lc(words[0]);
    return undefined;
  }
}
