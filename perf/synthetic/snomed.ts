import { buildDag, nearbyClass, parentsOf, primaryChildren } from './dag';
import {
  cap,
  GeneratorStats,
  LabelRegistry,
  lc,
  lit,
  PropertySpec,
  wordCount,
  writePrefixes,
  writeProperties,
} from './common';
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

const NS = 'http://example.org/synthetic/sct/';

// Roots in dependency order: a definition's label may use the labels of classes in earlier roots.
const BODY = 0,
  MORPH = 1,
  SUBST = 2,
  ORG = 3,
  QUAL = 4,
  OBJ = 5,
  PROD = 6,
  FIND = 7,
  PROC = 8,
  OBS = 9,
  SPEC = 10,
  SIT = 11,
  EVENT = 12;
const ROOTS = [
  { label: 'Body structure', tag: 'body structure', weight: 9, define: 0.15, attrs: 0.2 },
  { label: 'Morphologically abnormal structure', tag: 'morphologic abnormality', weight: 3, define: 0, attrs: 0 },
  { label: 'Substance', tag: 'substance', weight: 8, define: 0.1, attrs: 0.1 },
  { label: 'Organism', tag: 'organism', weight: 10, define: 0, attrs: 0 },
  { label: 'Qualifier value', tag: 'qualifier value', weight: 5, define: 0, attrs: 0 },
  { label: 'Physical object', tag: 'physical object', weight: 3, define: 0.1, attrs: 0.1 },
  { label: 'Pharmaceutical / biologic product', tag: 'product', weight: 7, define: 0.6, attrs: 0.2 },
  { label: 'Clinical finding', tag: 'finding', weight: 30, define: 0.45, attrs: 0.15 },
  { label: 'Procedure', tag: 'procedure', weight: 17, define: 0.5, attrs: 0.15 },
  { label: 'Observable entity', tag: 'observable entity', weight: 4, define: 0.4, attrs: 0.15 },
  { label: 'Specimen', tag: 'specimen', weight: 2, define: 0.4, attrs: 0.15 },
  { label: 'Situation with explicit context', tag: 'situation', weight: 1, define: 0.5, attrs: 0.2 },
  { label: 'Event', tag: 'event', weight: 1, define: 0.2, attrs: 0.2 },
];

const sub = (parents: string[]) => ({ parents: parents.map((p) => ':' + p) });
const ATTRIBUTES: [string, { parents?: string[]; transitive?: boolean }?][] = [
  ['role_group'],
  ['associated_with'],
  ['temporally_related_to'],
  ['finding_site'],
  ['associated_morphology'],
  ['causative_agent', sub(['associated_with'])],
  ['due_to', sub(['associated_with'])],
  ['after', sub(['associated_with', 'temporally_related_to'])],
  ['before', sub(['temporally_related_to'])],
  ['during', sub(['temporally_related_to'])],
  ['severity'],
  ['clinical_course'],
  ['episodicity'],
  ['interprets'],
  ['has_interpretation'],
  ['pathological_process'],
  ['method'],
  ['procedure_site'],
  ['procedure_site_direct', sub(['procedure_site'])],
  ['procedure_site_indirect', sub(['procedure_site'])],
  ['procedure_morphology'],
  ['direct_morphology', sub(['procedure_morphology'])],
  ['indirect_morphology', sub(['procedure_morphology'])],
  ['procedure_device'],
  ['using_device', sub(['procedure_device'])],
  ['direct_device', sub(['procedure_device'])],
  ['indirect_device', sub(['procedure_device'])],
  ['using_access_device', sub(['procedure_device'])],
  ['direct_substance'],
  ['using_substance'],
  ['has_intent'],
  ['has_focus'],
  ['priority'],
  ['access'],
  ['surgical_approach'],
  ['route_of_administration'],
  ['has_specimen'],
  ['has_active_ingredient'],
  ['has_precise_active_ingredient', sub(['has_active_ingredient'])],
  ['has_basis_of_strength_substance'],
  ['has_manufactured_dose_form'],
  ['is_modification_of', { transitive: true }],
  ['has_disposition'],
  ['component'],
  ['property'],
  ['time_aspect'],
  ['scale_type'],
  ['inheres_in'],
  ['direct_site'],
  ['characterizes'],
  ['specimen_source_topography'],
  ['specimen_procedure'],
  ['specimen_substance'],
  ['specimen_source_morphology'],
  ['part_of', { transitive: true }],
  ['laterality'],
  ['has_compositional_material'],
  ['has_device_intended_site'],
  ['associated_finding'],
  ['associated_procedure'],
  ['finding_context'],
  ['procedure_context'],
  ['temporal_context'],
  ['subject_relationship_context'],
];
const PROPERTIES: PropertySpec[] = ATTRIBUTES.map(([name, extra]) => ({
  id: ':' + name,
  label: cap(name.replace(/_/g, ' ')),
  parents: extra?.parents,
  transitive: extra?.transitive,
}));
const TRANSITIVE = new Set(ATTRIBUTES.filter(([, x]) => x?.transitive).map(([name]) => name));
const CHAINS: [string[], string][] = [
  [[':direct_substance', ':has_active_ingredient'], ':direct_substance'],
  [[':direct_substance', ':is_modification_of'], ':direct_substance'],
  [[':has_active_ingredient', ':is_modification_of'], ':has_active_ingredient'],
];

/** [attribute alternatives (uniform), value roots (uniform), probability] */
type Slot = [string[], number[], number];
interface GroupTemplate {
  p: number;
  grouped: boolean;
  slots: Slot[];
}
const s = (attrs: string | string[], roots: number[], p: number): Slot => [
  typeof attrs === 'string' ? [attrs] : attrs,
  roots,
  p,
];
const TEMPLATES: GroupTemplate[][] = [];
TEMPLATES[BODY] = [{ p: 1, grouped: false, slots: [s('part_of', [BODY], 1), s('laterality', [QUAL], 0.2)] }];
TEMPLATES[MORPH] = [];
TEMPLATES[SUBST] = [
  { p: 1, grouped: false, slots: [s('is_modification_of', [SUBST], 1), s('has_disposition', [QUAL], 0.3)] },
];
TEMPLATES[ORG] = [];
TEMPLATES[QUAL] = [];
TEMPLATES[OBJ] = [
  {
    p: 1,
    grouped: false,
    slots: [s('has_compositional_material', [SUBST], 1), s('has_device_intended_site', [BODY], 0.3)],
  },
];
TEMPLATES[PROD] = [
  {
    p: 1,
    grouped: false,
    slots: [
      s(
        ['has_active_ingredient', 'has_active_ingredient', 'has_active_ingredient', 'has_precise_active_ingredient'],
        [SUBST],
        1,
      ),
      s('has_manufactured_dose_form', [QUAL], 0.4),
    ],
  },
  { p: 0.3, grouped: true, slots: [s('has_basis_of_strength_substance', [SUBST], 1)] },
];
TEMPLATES[FIND] = [
  {
    p: 1,
    grouped: true,
    slots: [
      s('finding_site', [BODY], 0.9),
      s('associated_morphology', [MORPH], 0.85),
      s('causative_agent', [ORG, ORG, SUBST], 0.2),
      s('pathological_process', [QUAL], 0.05),
      s('severity', [QUAL], 0.05),
    ],
  },
  { p: 0.12, grouped: true, slots: [s(['due_to', 'due_to', 'after'], [FIND], 1)] },
  { p: 0.08, grouped: true, slots: [s('interprets', [OBS], 1), s('has_interpretation', [QUAL], 0.9)] },
  { p: 0.1, grouped: false, slots: [s(['clinical_course', 'episodicity'], [QUAL], 1)] },
];
TEMPLATES[PROC] = [
  {
    p: 1,
    grouped: true,
    slots: [
      s('method', [QUAL], 0.9),
      s(
        ['procedure_site_direct', 'procedure_site_direct', 'procedure_site_direct', 'procedure_site_indirect'],
        [BODY],
        0.65,
      ),
      s(['direct_morphology', 'indirect_morphology'], [MORPH], 0.15),
      s(['using_device', 'direct_device', 'indirect_device', 'using_access_device'], [OBJ], 0.2),
      s('direct_substance', [PROD, PROD, SUBST], 0.15),
      s('using_substance', [SUBST], 0.03),
      s('access', [QUAL], 0.05),
      s('surgical_approach', [QUAL], 0.05),
      s('route_of_administration', [QUAL], 0.03),
      s('has_specimen', [SPEC], 0.03),
    ],
  },
  { p: 0.1, grouped: true, slots: [s('method', [QUAL], 1), s('procedure_site_direct', [BODY], 0.8)] },
  { p: 0.05, grouped: false, slots: [s('has_focus', [FIND], 1)] },
  { p: 0.05, grouped: false, slots: [s(['has_intent', 'priority'], [QUAL], 1)] },
];
TEMPLATES[OBS] = [
  {
    p: 1,
    grouped: true,
    slots: [
      s('component', [SUBST], 0.8),
      s('property', [QUAL], 0.9),
      s(['inheres_in', 'direct_site'], [BODY], 0.4),
      s('time_aspect', [QUAL], 0.3),
      s('scale_type', [QUAL], 0.3),
      s('characterizes', [PROC], 0.05),
    ],
  },
];
TEMPLATES[SPEC] = [
  {
    p: 1,
    grouped: true,
    slots: [
      s('specimen_source_topography', [BODY], 0.7),
      s('specimen_substance', [SUBST], 0.4),
      s('specimen_procedure', [PROC], 0.2),
      s('specimen_source_morphology', [MORPH], 0.1),
    ],
  },
];
TEMPLATES[SIT] = [
  {
    p: 1,
    grouped: true,
    slots: [
      s('associated_finding', [FIND], 0.7),
      s('finding_context', [QUAL], 0.8),
      s('temporal_context', [QUAL], 0.6),
      s('subject_relationship_context', [QUAL], 0.6),
    ],
  },
  { p: 0.3, grouped: true, slots: [s('associated_procedure', [PROC], 1), s('procedure_context', [QUAL], 0.8)] },
  { p: 0.05, grouped: false, slots: [s('before', [EVENT], 1)] },
];
TEMPLATES[EVENT] = [
  { p: 1, grouped: false, slots: [s(['associated_with', 'associated_with', 'during'], [OBJ, SUBST, FIND], 1)] },
];

const LEVEL_WEIGHTS = [0.05, 0.8, 3, 7, 11, 14, 15, 14, 12, 9, 6, 4, 2.2, 1];

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
