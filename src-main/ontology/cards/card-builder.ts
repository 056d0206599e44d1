import type { Ann } from '../dump/dump-types';
import { COMMENT_PROPS, DEFINITION_PROPS, OWL_DEPRECATED } from '../names/vocabulary';
import type { Card, CardAnnotation, EntityRef } from './card-types';

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
  keyOf: (propertyIri: string) => string;
}

/** Children of a top-level class can run to thousands; the agent gets a sample and the count. */
export const CARD_TEXT_MAX_CHILDREN = 30;

const DEF = new Set(DEFINITION_PROPS);
const COMMENT = new Set(COMMENT_PROPS);

export function buildCard(input: CardInput): Card {
  const { keyOf } = input;
  const definitions: Ann[] = [];
  const comments: Ann[] = [];
  const rest: Ann[] = [];
  for (const a of input.annotations) {
    if (DEF.has(a.p)) definitions.push(a);
    else if (COMMENT.has(a.p)) comments.push(a);
    else if (a.p === OWL_DEPRECATED) continue;
    else if (input.nameSource && a.p === input.nameSource.p && a.v === input.nameSource.v) continue;
    else rest.push(a);
  }

  const lines: string[] = [`name: ${oneLine(input.name)}`];
  if (input.deprecated) lines.push('obsolete: true');
  if (input.unsatisfiable) lines.push('unsatisfiable: true (no instance can exist; it is equivalent to Nothing)');
  if (definitions.length) lines.push(`definition: ${definitions.map((a) => renderValue(a, keyOf)).join('; ')}`);
  if (input.parents.length) lines.push(`parents: ${input.parents.map((p) => oneLine(p.name)).join('; ')}`);
  if (input.children.length) {
    const shown = input.children.slice(0, CARD_TEXT_MAX_CHILDREN).map((c) => oneLine(c.name));
    const more = input.children.length - shown.length;
    lines.push(`children: ${shown.join('; ')}${more > 0 ? `; … (${more} more)` : ''}`);
  }
  if (input.stated.length) {
    lines.push(
      `stated relations: ${input.stated.map((s) => `${oneLine(s.relation.name)} -> ${oneLine(s.filler.name)}`).join('; ')}`,
    );
  }
  if (comments.length) lines.push(`comment: ${comments.map((a) => renderValue(a, keyOf)).join('; ')}`);
  for (const [key, anns] of groupByKey(rest, keyOf)) {
    lines.push(`${key}: ${anns.map((a) => renderValue(a, keyOf)).join('; ')}`);
  }

  const annotations: CardAnnotation[] = input.annotations
    .filter((a) => !DEF.has(a.p))
    .map((a) => ({ property: keyOf(a.p), value: a.v }));
  return {
    iri: input.iri,
    name: input.name,
    definition: definitions.length ? definitions.map((a) => a.v).join('; ') : null,
    parents: input.parents,
    children: input.children,
    statedRelations: input.stated,
    annotations,
    obsolete: input.deprecated,
    unsatisfiable: input.unsatisfiable,
    text: lines.join('\n'),
  };
}

function groupByKey(anns: Ann[], keyOf: (p: string) => string): Map<string, Ann[]> {
  const out = new Map<string, Ann[]>();
  for (const a of anns) {
    const k = keyOf(a.p);
    const list = out.get(k);
    if (list) list.push(a);
    else out.set(k, [a]);
  }
  return out;
}

function renderValue(a: Ann, keyOf: (p: string) => string): string {
  const nested = a.ann?.length ? ` {${a.ann.map((n) => `${keyOf(n.p)}: ${oneLine(n.v)}`).join(', ')}}` : '';
  return oneLine(a.v) + nested;
}

/** Cards are line-based, so a value's own newlines must not start a new key. */
function oneLine(s: string): string {
  return s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
