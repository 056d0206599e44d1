/**
 * Issue #35: MCQ wrong options are only ones the reasoner proves wrong. The decider is the real
 * StatementDecider over the fixture; its bridge is set by the test (the real JVM is exercised by
 * test/integration/evaluation/choose-all.test.ts): some statements are ruled out, some settled
 * NOT ENTAILED, some left to the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../../src-main/datasets/generate/generate-dataset';
import type { McqItem } from '../../../../src-main/datasets/generate/dataset';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import type { BridgeStatement, VerdictBridge } from '../../../../src-main/ontology/verdicts/verdict-bridge';
import { MemoryVerdictStore } from '../../../../src-main/ontology/verdicts/verdict-store';
import { StatementDecider } from '../../../../src-main/query/verdicts/statement-decider';
import { handleFromDump } from '../../../support/dump-fixture';
import { benchDump } from './dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
});
afterAll(() => cleanup());

/** Statements by hash: a third ruled out by ELK, a third settled by HermiT, a third past the deadline. */
const bucket = (s: BridgeStatement) =>
  [...`${s.subject} ${s.relation} ${s.filler}`].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7) % 3;

function decider(o: { late: 'some' | 'all' }) {
  const asked: BridgeStatement[] = [];
  const bridge: VerdictBridge = {
    bottomFacts: async () => ({ disjointPairs: [], otherBottom: true }),
    elkSatisfiable: async (s) => {
      asked.push(s);
      return o.late === 'all' || bucket(s) !== 0;
    },
    dlCheck: async (s, x) =>
      o.late === 'all' || bucket(s) === 2
        ? { moduleAxioms: 40, el: false, reasoner: 'hermit', settled: false, timedOut: true, ms: x.deadlineMs }
        : { moduleAxioms: 40, el: false, reasoner: 'hermit', settled: true, entailed: false, satisfiable: true },
    explainContradiction: async () => ({ found: false, axioms: [] }),
  };
  const onto = { closure: h.closure, allEl: () => false, unloadedImports: () => [] };
  return { d: new StatementDecider(onto, new MemoryVerdictStore(), bridge), asked };
}

const mcqs = (items: unknown[]) => items as McqItem[];

describe('generation with proven wrong options', () => {
  it('keeps only proven wrong options, hard negatives first; unsure only where the deadline ran out', async () => {
    const { d, asked } = decider({ late: 'some' });
    const res = await generateDataset(h, { mcq: 12, oq: 0, seed: 4, decider: d, dlDeadlineMs: 500 });
    const items = mcqs(res.items);
    expect(items.length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(0);
    for (const m of items) {
      const wrong = m.options.filter((x) => !m.gold.includes(x.key));
      const unsure = new Set(m.unsure ?? []);
      // Every wrong option not listed unsure was proven: ELK ruled it out or HermiT settled it.
      for (const w of wrong) {
        if (!unsure.has(w.key)) expect(['CONTRADICTED', 'NOT ENTAILED']).toContain(verdictOf(d, m, w.iri));
        else expect(verdictOf(d, m, w.iri)).toBe('UNKNOWN');
      }
      expect(
        wrong.some((w) => !unsure.has(w.key)),
        m.id,
      ).toBe(true);
    }
    // Hard negatives lead: CONTRADICTED wrong options are the most common proof.
    const proofs = items.flatMap((m) =>
      m.options.filter((x) => !m.gold.includes(x.key)).map((x) => verdictOf(d, m, x.iri)),
    );
    const n = (v: string) => proofs.filter((p) => p === v).length;
    expect(n('CONTRADICTED')).toBeGreaterThan(n('NOT ENTAILED'));
    expect(res.warnings.join(' ')).not.toContain('ELK cannot rule out');
  });

  it('an item with no wrong option proven is not generated, and the warning counts it', async () => {
    const { d } = decider({ late: 'all' });
    const res = await generateDataset(h, { mcq: 6, oq: 0, seed: 4, decider: d, dlDeadlineMs: 500 });
    expect(res.items).toHaveLength(0);
    expect(res.warnings.join(' ')).toMatch(
      /6 MCQs were not generated: the reasoner proved none of their wrong options wrong/,
    );
  });
});

/** The decider's stored verdict for option `iri` put in the item's masked slot. */
function verdictOf(d: StatementDecider, m: McqItem, iri: string): string | undefined {
  const s = { ...m.axiom, [m.slot]: iri };
  return d.known(s, { deadlineMs: 500 })?.verdict;
}
