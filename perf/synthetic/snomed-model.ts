import { cap, type PropertySpec } from './common';

/** The SNOMED-shaped generator's fixed model: roots, attributes, chains and definition templates. */
export const NS = 'http://example.org/synthetic/sct/';

// Roots in dependency order: a definition's label may use the labels of classes in earlier roots.
export const BODY = 0,
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
export const ROOTS = [
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

export const sub = (parents: string[]) => ({ parents: parents.map((p) => ':' + p) });
export const ATTRIBUTES: [string, { parents?: string[]; transitive?: boolean }?][] = [
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
export const PROPERTIES: PropertySpec[] = ATTRIBUTES.map(([name, extra]) => ({
  id: ':' + name,
  label: cap(name.replace(/_/g, ' ')),
  parents: extra?.parents,
  transitive: extra?.transitive,
}));
export const TRANSITIVE = new Set(ATTRIBUTES.filter(([, x]) => x?.transitive).map(([name]) => name));
export const CHAINS: [string[], string][] = [
  [[':direct_substance', ':has_active_ingredient'], ':direct_substance'],
  [[':direct_substance', ':is_modification_of'], ':direct_substance'],
  [[':has_active_ingredient', ':is_modification_of'], ':has_active_ingredient'],
];

/** [attribute alternatives (uniform), value roots (uniform), probability] */
export type Slot = [string[], number[], number];
export interface GroupTemplate {
  p: number;
  grouped: boolean;
  slots: Slot[];
}
export const s = (attrs: string | string[], roots: number[], p: number): Slot => [
  typeof attrs === 'string' ? [attrs] : attrs,
  roots,
  p,
];
export const TEMPLATES: GroupTemplate[][] = [];
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

export const LEVEL_WEIGHTS = [0.05, 0.8, 3, 7, 11, 14, 15, 14, 12, 9, 6, 4, 2.2, 1];
