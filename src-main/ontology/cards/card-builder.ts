import { compareCodeUnits } from '../../core/compare';
import type { Ann } from '../dump/dump-types';
import { iriFragment, normalizeName } from '../names/normalize';
import {
  COMMENT_PROPS,
  DEFINITION_PROPS,
  LABEL_PROPS,
  OBO,
  OBO_IN_OWL,
  OWL_DEPRECATED,
  SKOS,
} from '../names/vocabulary';
import type { Card, CardAnnotation, CardGroup, CardSection, EntityRef, SynonymScope } from './card-types';

export interface CardInput {
  iri: string;
  name: string;
  /** The annotation the name was taken from, so it is not repeated among the rest. */
  nameSource?: { p: string; v: string };
  deprecated: boolean;
  unsatisfiable: boolean;
  annotations: Ann[];
  parents: EntityRef[];
  children: EntityRef[];
  stated: { relation: EntityRef; filler: EntityRef }[];
  /** The readable name of an annotation property. */
  keyOf: (propertyIri: string) => string;
  /**
   * The entity an annotation value names in this ontology: an IRI value, or an ID written as text
   * (envo writes `replaced_by: ENVO:01000311` as a string).
   */
  resolve?: (value: string, isIri: boolean) => { iri: string; name: string } | null;
}

/** Children of a top-level class can run to thousands; the agent gets a sample and the count. */
export const CARD_TEXT_MAX_CHILDREN = 30;

const DEF = new Set(DEFINITION_PROPS);
const COMMENT = new Set(COMMENT_PROPS);
const LABELS = new Set(LABEL_PROPS);
const REPLACED_BY = OBO + 'IAO_0100001';
const CONSIDER = OBO_IN_OWL + 'consider';
/** Properties whose text values are IDs of other terms. */
const ID_VALUED = new Set([REPLACED_BY, CONSIDER]);
const XREFS = new Set([OBO_IN_OWL + 'hasDbXref']);
const SUBSETS = new Set([OBO_IN_OWL + 'inSubset']);

export const SYNONYM_SCOPES: Record<string, SynonymScope> = {
  [OBO_IN_OWL + 'hasExactSynonym']: 'exact',
  [OBO_IN_OWL + 'hasNarrowSynonym']: 'narrow',
  [OBO_IN_OWL + 'hasBroadSynonym']: 'broad',
  [OBO_IN_OWL + 'hasRelatedSynonym']: 'related',
  [OBO_IN_OWL + 'hasSynonym']: 'synonym',
  [SKOS + 'altLabel']: 'synonym',
  [OBO + 'IAO_0000118']: 'synonym',
};
const SCOPE_ORDER: SynonymScope[] = ['exact', 'narrow', 'broad', 'related', 'synonym'];

const GROUP_TITLES: Record<CardGroup, string> = {
  definition: 'Definition',
  synonyms: 'Synonyms',
  xrefs: 'Cross-references',
  subsets: 'Subsets',
  other: 'Other annotations',
};
const GROUP_ORDER: CardGroup[] = ['definition', 'synonyms', 'xrefs', 'subsets', 'other'];

// Cards are built once into the cache; a fixed locale keeps their order the same on every machine.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byText = (a: string, b: string) => collator.compare(a, b) || compareCodeUnits(a, b);

export function buildCard(input: CardInput): Card {
  const { groups, comments, replacedBy, consider } = groupAnnotations(input);
  const sections: CardSection[] = GROUP_ORDER.filter((g) => groups[g].length).map((g) => ({
    group: g,
    title: GROUP_TITLES[g],
    entries: groups[g],
  }));
  return {
    iri: input.iri,
    name: input.name,
    definition: groups.definition.length ? groups.definition.map((a) => a.value).join('; ') : null,
    parents: input.parents,
    children: input.children,
    statedRelations: input.stated,
    annotations: GROUP_ORDER.filter((g) => g !== 'definition').flatMap((g) => groups[g]),
    sections,
    obsolete: input.deprecated,
    replacedBy,
    consider,
    unsatisfiable: input.unsatisfiable,
    text: cardText(input, groups, comments),
  };
}

interface GroupedAnnotations {
  groups: Record<CardGroup, CardAnnotation[]>;
  comments: CardAnnotation[];
  replacedBy: EntityRef[];
  consider: EntityRef[];
}

/** The annotations in the card's groups, each group sorted; the name itself is not repeated. */
function groupAnnotations(input: CardInput): GroupedAnnotations {
  const nameNorm = normalizeName(input.name);
  const groups: Record<CardGroup, CardAnnotation[]> = {
    definition: [],
    synonyms: [],
    xrefs: [],
    subsets: [],
    other: [],
  };
  const comments: CardAnnotation[] = [];
  const replacedBy: EntityRef[] = [];
  const consider: EntityRef[] = [];
  for (const a of input.annotations) {
    if (a.p === OWL_DEPRECATED) continue;
    if (input.nameSource && a.p === input.nameSource.p && a.v === input.nameSource.v) continue;
    const scope = SYNONYM_SCOPES[a.p];
    // The name again, as a second label or a synonym, says nothing new.
    if ((scope || LABELS.has(a.p)) && !a.ref && normalizeName(a.v) === nameNorm) continue;
    const entry = toEntry(a, input, scope);
    if (a.p === REPLACED_BY || a.p === CONSIDER) {
      const target = entry.link ? { iri: entry.link.iri, name: entry.link.name } : { iri: null, name: a.v };
      (a.p === REPLACED_BY ? replacedBy : consider).push(target);
    }
    if (DEF.has(a.p)) groups.definition.push(entry);
    else if (scope) groups.synonyms.push(entry);
    else if (XREFS.has(a.p)) groups.xrefs.push(entry);
    else if (SUBSETS.has(a.p)) groups.subsets.push(entry);
    else {
      groups.other.push(entry);
      if (COMMENT.has(a.p)) comments.push(entry);
    }
  }
  const shown = (e: CardAnnotation) => e.link?.name ?? e.valueName ?? e.value;
  groups.definition.sort((x, y) => byText(x.value, y.value));
  groups.synonyms.sort(
    (x, y) => SCOPE_ORDER.indexOf(x.scope!) - SCOPE_ORDER.indexOf(y.scope!) || byText(x.value, y.value),
  );
  groups.xrefs.sort((x, y) => byText(x.value, y.value));
  groups.subsets.sort((x, y) => byText(shown(x), shown(y)));
  groups.other.sort((x, y) => byText(x.property, y.property) || byText(shown(x), shown(y)));
  return { groups, comments, replacedBy, consider };
}

/** The card as the agent reads it: one `key: values` line per fact, children sampled. */
function cardText(input: CardInput, groups: GroupedAnnotations['groups'], comments: CardAnnotation[]): string {
  const lines: string[] = [`name: ${oneLine(input.name)}`];
  if (input.deprecated) lines.push('obsolete: true');
  if (input.unsatisfiable) lines.push('unsatisfiable: true (no instance can exist; it is equivalent to Nothing)');
  if (groups.definition.length) lines.push(`definition: ${groups.definition.map(renderValue).join('; ')}`);
  if (input.parents.length) lines.push(`parents: ${input.parents.map((p) => oneLine(p.name)).join('; ')}`);
  if (input.children.length) {
    const few = input.children.slice(0, CARD_TEXT_MAX_CHILDREN).map((c) => oneLine(c.name));
    const more = input.children.length - few.length;
    lines.push(`children: ${few.join('; ')}${more > 0 ? `; … (${more} more)` : ''}`);
  }
  if (input.stated.length) {
    lines.push(
      `stated relations: ${input.stated.map((s) => `${oneLine(s.relation.name)} -> ${oneLine(s.filler.name)}`).join('; ')}`,
    );
  }
  if (comments.length) lines.push(`comment: ${comments.map(renderValue).join('; ')}`);
  for (const g of ['synonyms', 'xrefs', 'subsets', 'other'] as const) {
    for (const [key, entries] of groupByKey(groups[g].filter((e) => !comments.includes(e)))) {
      lines.push(`${key}: ${entries.map(renderValue).join('; ')}`);
    }
  }
  return lines.join('\n');
}

function toEntry(a: Ann, input: CardInput, scope: SynonymScope | undefined): CardAnnotation {
  const e: CardAnnotation = { property: input.keyOf(a.p), value: a.v, propertyIri: a.p };
  if (a.lang) e.lang = a.lang;
  if (scope) e.scope = scope;
  if (input.resolve && (a.ref || ID_VALUED.has(a.p))) {
    const target = input.resolve(a.v.trim(), a.ref === true);
    if (target && target.iri !== input.iri) e.link = target;
  }
  // A subset is known by its ID (goslim_generic); another IRI value reads as a property name would.
  if (a.ref && !e.link) e.valueName = SUBSETS.has(a.p) ? iriFragment(a.v) : input.keyOf(a.v);
  if (a.ann?.length) e.notes = a.ann.map((n) => ({ property: input.keyOf(n.p), value: n.v }));
  return e;
}

function groupByKey(entries: CardAnnotation[]): Map<string, CardAnnotation[]> {
  const out = new Map<string, CardAnnotation[]>();
  for (const e of entries) {
    const list = out.get(e.property);
    if (list) list.push(e);
    else out.set(e.property, [e]);
  }
  return out;
}

function renderValue(e: CardAnnotation): string {
  const nested = e.notes?.length ? ` {${e.notes.map((n) => `${n.property}: ${oneLine(n.value)}`).join(', ')}}` : '';
  return oneLine(e.link?.name ?? e.valueName ?? e.value) + nested;
}

/** Cards are line-based, so a value's own newlines must not start a new key. */
function oneLine(s: string): string {
  if (s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s.trim();
  return s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

const SYNONYM_RE = /Synonym|altLabel|IAO_0000118/;

/** The synonyms and the definition a card's full-text index holds beside its name and text. */
export function searchFields(annotations: Ann[]): { synonyms: string; definition: string } {
  let synonyms = '';
  let definition = '';
  for (const a of annotations) {
    if (SYNONYM_RE.test(a.p)) synonyms = synonyms ? `${synonyms} ; ${a.v}` : a.v;
    if (DEFINITION_PROPS.includes(a.p)) definition = definition ? `${definition} ; ${a.v}` : a.v;
  }
  return { synonyms, definition };
}
