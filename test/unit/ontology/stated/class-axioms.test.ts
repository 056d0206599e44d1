import { describe, expect, it } from 'vitest';
import { sortClassAxioms, type BridgeAxiom } from '../../../../src-main/ontology/stated/class-axioms';

const X = 'http://ex.org/';
const name = (iri: string) => ({ name: iri.slice(X.length).toLowerCase(), kind: 'class' as const });
const op = (iri: string | null, manchester = `<${iri}>`) => ({
  iri,
  manchester,
  named: iri ? [iri] : [],
});
const ax = (type: string, manchester: string, ops: BridgeAxiom['operands'], extra: Partial<BridgeAxiom> = {}) =>
  ({
    type,
    manchester,
    functional: `${type}(…)`,
    entities: [...manchester.matchAll(/<([^>]+)>/g)].map((m) => m[1]),
    operands: ops,
    nonEl: [],
    elkIgnores: false,
    imported: false,
    ...extra,
  }) as BridgeAxiom;

describe("a class's axioms: its own by section, and its uses", () => {
  const axioms: BridgeAxiom[] = [
    ax('SubClassOf', `<${X}B> SubClassOf <${X}A>`, [op(X + 'B'), op(X + 'A')]),
    ax('SubClassOf', `<${X}A> SubClassOf <${X}P> only <${X}C>`, [op(X + 'A'), op(null, `<${X}P> only <${X}C>`)], {
      nonEl: ['ObjectAllValuesFrom'],
      elkIgnores: true,
    }),
    ax('SubClassOf', `<${X}A> SubClassOf <${X}M>`, [op(X + 'A'), op(X + 'M')]),
    ax('EquivalentClasses', `<${X}A> EquivalentTo <${X}M> and <${X}P> some <${X}C>`, [
      op(X + 'A'),
      op(null, `<${X}M> and <${X}P> some <${X}C>`),
    ]),
    ax('DisjointClasses', `DisjointClasses: <${X}A>, <${X}B>, <${X}C>`, [op(X + 'A'), op(X + 'B'), op(X + 'C')]),
    ax('SubClassOf', `<${X}P> some <${X}K> SubClassOf <${X}A>`, [op(null, `<${X}P> some <${X}K>`), op(X + 'A')]),
    ax('ObjectPropertyDomain', `<${X}P> Domain <${X}A>`, []),
    ax('ClassAssertion', `<${X}i> Type <${X}A>`, [op(X + 'A')]),
  ];
  const { own, usages } = sortClassAxioms(X + 'A', axioms, name);

  it("puts the class's own axioms in Protégé's order, the other side as the expression", () => {
    expect(own.map((a) => [a.section, a.manchester])).toEqual([
      ['equivalent', 'a EquivalentTo m and p some c'],
      ['subclass', 'a SubClassOf m'],
      ['subclass', 'a SubClassOf p only c'],
      ['gci', 'p some k SubClassOf a'],
      ['disjoint', 'DisjointClasses: a, b, c'],
      ['instances', 'i Type a'],
    ]);
    expect(own[1].expression).toEqual([{ iri: X + 'M', name: 'm', kind: 'class' }]);
    expect(own[4].expression.map((s) => ('name' in s ? s.name : s.text)).join('')).toBe('b, c');
    expect(own[2]).toMatchObject({ elkIgnores: true, outsideEl: ['ObjectAllValuesFrom'] });
  });

  it('lists the uses elsewhere with the classes they are about (none for a property axiom)', () => {
    expect(usages.map((u) => [u.manchester, u.about.map((x) => x.name)])).toEqual([
      ['b SubClassOf a', ['b']],
      ['p Domain a', []],
    ]);
  });
});
