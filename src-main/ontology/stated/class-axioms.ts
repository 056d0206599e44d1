import { compareCodeUnits } from '../../core/compare';
import { nameManchester } from './manchester-names';
import type { AxiomSection, AxiomSegment, ClassAxiom, OwnAxiom, UsageAxiom } from './stated-types';

/** One axiom of the bridge's `classAxioms` answer (docs/bridge-protocol.md). */
export interface BridgeAxiom {
  type: string;
  manchester: string;
  functional: string;
  entities: string[];
  operands: { iri: string | null; manchester: string; named: string[] }[];
  nonEl: string[];
  elkIgnores: boolean;
  imported: boolean;
}

export interface ClassAxiomsReply {
  found: boolean;
  total: number;
  axioms: BridgeAxiom[];
}

const SECTION_ORDER: AxiomSection[] = [
  'equivalent',
  'subclass',
  'gci',
  'disjoint',
  'disjoint-union',
  'instances',
  'keys',
];

const byText = (a: { manchester: string }, b: { manchester: string }) => compareCodeUnits(a.manchester, b.manchester);

/**
 * Splits the axioms that mention a class into its own (in Protégé's class-description sections: the
 * class is the axiom's named subclass, one of its equivalent or disjoint operands, the class a disjoint
 * union defines, the type of an individual, or the superclass of a general axiom) and its uses in other
 * classes' axioms (OLS's "term usage"), every entity named as the cards name it.
 */
export function sortClassAxioms(
  iri: string,
  axioms: readonly BridgeAxiom[],
  nameOf: (iri: string) => { name: string; kind: 'class' | 'property' | 'other' },
): { own: OwnAxiom[]; usages: UsageAxiom[] } {
  const own: OwnAxiom[] = [];
  const usages: UsageAxiom[] = [];
  for (const ax of axioms) {
    const base = rendered(ax, nameOf);
    const ops = ax.operands ?? [];
    const part = (o: (typeof ops)[number]) => nameManchester(o.manchester, ax.entities, nameOf).segments;
    const others = (skip: (typeof ops)[number]) => joined(ops.filter((o) => o !== skip).map(part));
    const mine = ops.find((o) => o.iri === iri);
    let section: AxiomSection | null = null;
    let expression: AxiomSegment[] = base.segments;
    switch (ax.type) {
      case 'SubClassOf':
        if (ops[0]?.iri === iri) [section, expression] = ['subclass', part(ops[1])];
        else if (ops[0] && ops[0].iri === null && ops[1]?.iri === iri) section = 'gci';
        break;
      case 'EquivalentClasses':
      case 'DisjointClasses':
        if (mine) [section, expression] = [ax.type === 'DisjointClasses' ? 'disjoint' : 'equivalent', others(mine)];
        break;
      case 'DisjointUnion':
        if (ops[0]?.iri === iri) [section, expression] = ['disjoint-union', others(ops[0])];
        break;
      case 'ClassAssertion':
        if (ops[0]?.iri === iri) section = 'instances';
        break;
      case 'HasKey':
        if (ops[0]?.iri === iri) section = 'keys';
        break;
    }
    if (section) own.push({ ...base, section, expression });
    else usages.push({ ...base, about: about(ax, nameOf) });
  }
  own.sort((a, b) => SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section) || byText(a, b));
  usages.sort((a, b) => compareCodeUnits(a.about[0]?.name ?? '\uffff', b.about[0]?.name ?? '\uffff') || byText(a, b));
  return { own, usages };
}

type Namer = (iri: string) => { name: string; kind: 'class' | 'property' | 'other' };

function rendered(ax: BridgeAxiom, nameOf: Namer): ClassAxiom {
  const { manchester, segments } = nameManchester(ax.manchester, ax.entities ?? [], nameOf);
  return {
    type: ax.type,
    manchester,
    segments,
    functional: ax.functional,
    outsideEl: ax.nonEl ?? [],
    elkIgnores: ax.elkIgnores === true,
    imported: ax.imported === true,
  };
}

/** The named classes an axiom is about: the named subclass, the named operands, the class a union defines. */
function about(ax: BridgeAxiom, nameOf: Namer): { iri: string; name: string }[] {
  const ops = ax.operands ?? [];
  const heads =
    ax.type === 'SubClassOf' || ax.type === 'DisjointUnion' || ax.type === 'ClassAssertion' || ax.type === 'HasKey'
      ? ops.slice(0, 1)
      : ops;
  return heads.flatMap((o) => (o.iri ? [{ iri: o.iri, name: nameOf(o.iri).name }] : []));
}

/** Operands side by side, as Manchester syntax lists them: `A, B`. */
function joined(parts: AxiomSegment[][]): AxiomSegment[] {
  const out: AxiomSegment[] = [];
  parts.forEach((p, i) => {
    if (i) out.push({ text: ', ' });
    out.push(...p);
  });
  return out;
}
