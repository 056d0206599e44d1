import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { generateDataset } from '../../../../src-main/datasets/generate/generate-dataset';
import { GenContext } from '../../../../src-main/datasets/generate/gen-context';
import { relationsLeftOut } from '../../../../src-main/datasets/generate/relation-filter';
import { isNegationShortcut, negativeSentence } from '../../../../src-main/ontology/names/negation-shortcut';
import { verbaliseRestriction } from '../../../../src-main/datasets/revise/verbalise';
import { EX, handleFromDump, label } from '../../../support/dump-fixture';
import { benchDump } from './dataset-fixture';

/** The bench ontology with a CL-like negation shortcut stated on several classes. */
function withLacks(): DumpRecord[] {
  const out = benchDump();
  out.push({
    t: 'property',
    iri: EX + 'lacksPmPart',
    annotations: [label('lacks_plasma_membrane_part')],
    deprecated: false,
    transitive: false,
    reflexive: false,
    parents: [],
    chains: [],
  });
  const subjects = out.filter((r) => r.t === 'stated').map((r) => (r as { s: string }).s);
  const fillers = out.filter((r) => r.t === 'stated').map((r) => (r as { f: string }).f);
  for (let i = 0; i < 6; i++) {
    const s = subjects[i % subjects.length];
    const f = fillers[(i + 3) % fillers.length];
    out.push({ t: 'stated', s, r: EX + 'lacksPmPart', f, text: f, kind: 'sub' });
    out.push({ t: 'link', s, r: EX + 'lacksPmPart', f });
  }
  return out;
}

describe('generation leaves out blocked relations and negation shortcuts', () => {
  let h: OntologyHandle;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ handle: h, cleanup } = await handleFromDump(withLacks()));
  });
  afterAll(() => cleanup());
  const lacks = () => h.closure.id(EX + 'lacksPmPart')!;

  it('knows a negation shortcut by its name', () => {
    expect(isNegationShortcut('lacks_plasma_membrane_part')).toBe(true);
    expect(isNegationShortcut('lacksPart')).toBe(true);
    expect(isNegationShortcut('does not have part')).toBe(true);
    expect(isNegationShortcut('has part')).toBe(false);
    expect(isNegationShortcut('located in')).toBe(false);
  });

  it('leaves negation shortcuts out by default, and only then', () => {
    const def = relationsLeftOut(h.closure, {});
    expect([...def.ids]).toEqual([lacks()]);
    expect(def.note).toMatch(/negation shortcuts.*lacks_plasma_membrane_part/);
    expect(new GenContext(h, 'main', def.ids).axioms.some((a) => a.r === lacks())).toBe(false);
    const incl = relationsLeftOut(h.closure, { includeNegationShortcuts: true });
    expect(incl.ids.size).toBe(0);
    expect(new GenContext(h, 'main', incl.ids).axioms.some((a) => a.r === lacks())).toBe(true);
  });

  it('a blocked relation is in no question; an unknown one is a usage error', async () => {
    const d = await generateDataset(h, { mcq: 60, oq: 10, seed: 3, excludeRelations: ['part of'] });
    expect(d.items.length).toBeGreaterThan(10);
    const relations = d.items.flatMap((i) =>
      'axiom' in i ? [i.axiom.relation] : 'conditions' in i ? i.conditions.map((c) => c.relation) : [],
    );
    expect(relations).not.toContain('part of');
    expect(relations).not.toContain('lacks_plasma_membrane_part');
    expect(d.warnings.join('\n')).toMatch(/left out of questions \(as asked: part of; negation shortcuts/);
    await expect(generateDataset(h, { mcq: 5, oq: 0, excludeRelations: ['no such relation'] })).rejects.toMatchObject({
      code: 'unknown-name',
    });
  });

  it('the Test 2 revision words a negation shortcut as a negation, never as a link', () => {
    const s = verbaliseRestriction(
      'hematopoietic stem cell',
      { t: 'some', r: EX + 'lacksPmPart', f: { t: 'class', iri: EX + 'CD2' } },
      (iri) => (iri === EX + 'CD2' ? 'CD2 molecule' : 'lacks_plasma_membrane_part'),
    );
    expect(s).toBe('Each hematopoietic stem cell has no CD2 molecule as a plasma membrane part.');
    expect(s).not.toMatch(/at least one|some CD2/);
    expect(negativeSentence('neuron', 'not part of', 'blood')).toBe('No neuron is part of any blood.');
  });
});
