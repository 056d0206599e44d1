import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useOntologyService } from '../../support/ontology-service';

/** Handwritten EL fixtures with hand-derived closures: hierarchy, equivalence, GCIs, sub-properties, chains, transitivity, unsatisfiability, ignored non-EL. */
const FIX = join(__dirname, '..', '..', 'fixtures', 'el');
interface Expected {
  classes: number;
  objectProperties: number;
  parents: Record<string, string[]>;
  equivalents: [string, string][];
  unsatisfiable: string[];
  entailed: [string, string, string][];
  notEntailed: [string, string, string][];
  nonElWarning: boolean;
}
const fixtures = readdirSync(FIX)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => ({
    name: f.replace('.expected.json', ''),
    expected: JSON.parse(readFileSync(join(FIX, f), 'utf8')) as Expected,
  }))
  .filter((f) => f.expected.classes > 0);

const service = useOntologyService();

describe.each(fixtures)('fixture $name', ({ name, expected }) => {
  it('has exactly the expected closure, and ELK agrees with every expected verdict', async () => {
    const file = readdirSync(FIX).find((f) => f.startsWith(`${name}.`) && !f.endsWith('.json'))!;
    const h = await service.open(join(FIX, file));
    const ix = h.closure;
    expect(h.summary.classes).toBe(expected.classes);
    expect(h.summary.objectProperties).toBe(expected.objectProperties);
    expect([...h.summary.unsatisfiable].sort()).toEqual([...expected.unsatisfiable].sort());
    expect(h.summary.warnings.some((w) => w.code === 'non-el')).toBe(expected.nonElWarning);
    for (const [iri, parents] of Object.entries(expected.parents)) {
      expect(
        h
          .card(iri)
          ?.parents.map((p) => p.iri)
          .sort(),
        `parents of ${iri}`,
      ).toEqual([...parents].sort());
    }
    for (const [a, b] of expected.equivalents) {
      expect(ix.ancestors(ix.id(a)!).has(ix.id(b)!), `${a} ≡ ${b}`).toBe(true);
      expect(ix.ancestors(ix.id(b)!).has(ix.id(a)!), `${b} ≡ ${a}`).toBe(true);
    }
    const verdict = (a: string, r: string, b: string) => {
      const [ia, ir, ib] = [ix.id(a), ix.id(r), ix.id(b)];
      if (ia === undefined || ib === undefined || ir === undefined) return false;
      return ix.isEntailed(ia, ir, ib);
    };
    for (const t of expected.entailed) expect(verdict(...t), `entailed ${t.join(' ')}`).toBe(true);
    for (const t of expected.notEntailed) expect(verdict(...t), `not entailed ${t.join(' ')}`).toBe(false);
    const all = [...expected.entailed, ...expected.notEntailed];
    const { answers } = await service.bridge().request<{ answers: boolean[] }>('entailed', {
      queries: all.map(([sub, r, sup]) => ({ sub, r, sup })),
    });
    expect(answers).toEqual(all.map((_, i) => i < expected.entailed.length));
  });
});
