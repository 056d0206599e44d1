import { compareCodeUnits } from '../../core/compare';
import type { Card, EntityRef } from '../cards/card-types';
import type { ClosureIndex } from '../closure/closure-index';
import { namedLinks, type NamedLink } from '../closure/named-links';
import type { ToldIndex } from './told-index';
import type { MarkedEquivalent, MarkedParent, MarkedRelation, StatedInferred } from './stated-types';

/** Inherited links listed on a card at most; the rest are counted. */
export const MAX_INHERITED = 100;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The card's parents, equivalents and links, each marked stated, inferred or both (links: stated,
 * inferred, or inherited from an ancestor). Parents: the told named superclasses against ELK's direct
 * ones; a stated parent ELK does not list as direct is made redundant by a more specific one. Links:
 * the class's told existentials against its own non-redundant entailed links (named-links.ts), then the
 * links of its named ancestors that its own links do not imply.
 */
export function markStatedInferred(ix: ClosureIndex, told: ToldIndex, card: Card): StatedInferred {
  const id = ix.id(card.iri)!;
  const isClass = (x: number) => ix.kindOf[x] === 'class';
  const ref = (x: number) => ({ iri: ix.iri(x), name: ix.nameOf(x) });
  const byName = (a: { name: string; iri: string | null }, b: { name: string; iri: string | null }) =>
    collator.compare(a.name, b.name) || compareCodeUnits(a.iri ?? '', b.iri ?? '');

  const inferredParents = new Set((ix.parents[id] ?? []).filter(isClass));
  const statedParents = new Set(told.parentsOf(id));
  const parents: MarkedParent[] = [...new Set([...statedParents, ...inferredParents])]
    .map((p) => ({
      ...ref(p),
      stated: statedParents.has(p),
      inferred: inferredParents.has(p),
      unsatisfiable: ix.unsat.has(p),
      obsolete: ix.deprecated.has(p),
    }))
    .sort(byName);

  const inferredSame = new Set((ix.equivalents[id] ?? []).filter((x) => x !== id && isClass(x)));
  const statedSame = new Set(told.equivalentsOf(id));
  const equivalents: MarkedEquivalent[] = [...new Set([...statedSame, ...inferredSame])]
    .map((e) => ({ ...ref(e), stated: statedSame.has(e), inferred: inferredSame.has(e) }))
    .sort(byName);

  const { relations, moreInherited } = markLinks(ix, id, card);
  return {
    iri: card.iri,
    name: card.name,
    unsatisfiable: ix.unsat.has(id),
    parents,
    equivalents,
    relations,
    moreInherited,
  };
}

function markLinks(ix: ClosureIndex, id: number, card: Card): { relations: MarkedRelation[]; moreInherited: number } {
  const key = (r: string, f: string | null, fname: string) => `${r}\t${f ?? `text:${fname}`}`;
  const out = new Map<string, MarkedRelation>();
  for (const s of card.statedRelations) {
    if (!s.relation.iri) continue;
    out.set(key(s.relation.iri, s.filler.iri, s.filler.name), {
      relation: s.relation,
      filler: s.filler,
      source: 'stated',
      via: null,
    });
  }
  const own = namedLinks(ix, id);
  const asRef = (l: NamedLink) => ({ relation: ref(ix, l.r), filler: ref(ix, l.b) });
  for (const l of own) {
    const k = key(ix.iri(l.r), ix.iri(l.b), '');
    if (!out.has(k)) out.set(k, { ...asRef(l), source: 'inferred', via: null });
  }
  // A link implies another with a super-property and a more general filler: those add nothing.
  const implies = (x: NamedLink, y: NamedLink) => ix.superProperties(x.r).has(y.r) && ix.ancestors(x.b).has(y.b);
  const kept: NamedLink[] = [...own];
  const inherited: { link: NamedLink; via: number }[] = [];
  const ancestors = [...ix.ancestors(id)]
    .filter((a) => a !== id && ix.kindOf[a] === 'class' && !(ix.equivalents[id] ?? []).includes(a))
    .sort((a, b) => ix.depth(b) - ix.depth(a) || ix.compareIri(a, b));
  for (const a of ancestors) {
    for (const l of namedLinks(ix, a)) {
      if (kept.some((x) => implies(x, l))) continue;
      kept.push(l);
      inherited.push({ link: l, via: a });
    }
  }
  // The nearest ancestors came first; a later, more specific link can still make an earlier one redundant.
  const needed = inherited.filter(({ link }) => !kept.some((x) => x !== link && implies(x, link) && !implies(link, x)));
  const sorted = [...out.values()].sort(byLink);
  const extra = needed
    .map(({ link, via }) => ({ ...asRef(link), source: 'inherited' as const, via: ref(ix, via) }))
    .filter((m) => !out.has(key(m.relation.iri!, m.filler.iri, '')))
    .sort(byLink);
  return {
    relations: [...sorted, ...extra.slice(0, MAX_INHERITED)],
    moreInherited: Math.max(0, extra.length - MAX_INHERITED),
  };
}

function ref(ix: ClosureIndex, x: number): EntityRef {
  return { iri: ix.iri(x), name: ix.nameOf(x) };
}

function byLink(a: MarkedRelation, b: MarkedRelation): number {
  return collator.compare(a.relation.name, b.relation.name) || collator.compare(a.filler.name, b.filler.name);
}
