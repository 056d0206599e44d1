import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import type { DlCheckResult, VerdictBridge } from '../../../../src-main/ontology/verdicts/verdict-bridge';
import { MemoryVerdictStore } from '../../../../src-main/ontology/verdicts/verdict-store';
import { StatementDecider } from '../../../../src-main/query/verdicts/statement-decider';
import { QueryService } from '../../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump } from '../../../support/dump-fixture';

const ISA = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
let h: OntologyHandle;
let cleanup: () => void;

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
});
afterAll(() => cleanup());

/** A bridge whose answers the test sets, counting its calls: the policy's order is what is under test. */
function bridge(o: { unsat?: boolean; module?: DlCheckResult; pairs?: [string, string][] } = {}) {
  const calls: string[] = [];
  const b: VerdictBridge = {
    bottomFacts: async () => {
      calls.push('bottom');
      return { disjointPairs: o.pairs ?? [], otherBottom: false };
    },
    elkSatisfiable: async () => {
      calls.push('elk');
      return !o.unsat;
    },
    dlCheck: async (_s, x) => {
      calls.push(`dl:${x.reasoner}:${x.deadlineMs}`);
      return o.module ?? { moduleAxioms: 10, el: true };
    },
    explainContradiction: async () => ({ found: false, axioms: [] }),
  };
  return { b, calls };
}

const onto = (allEl: boolean, imports: string[] = []) => ({
  get closure() {
    return h.closure;
  },
  allEl: () => allEl,
  unloadedImports: () => imports,
});

const st = (s: string, r: string, f: string) => ({
  subject: EX + s,
  relation: r === 'isa' ? ISA : EX + r,
  filler: EX + f,
});

describe('StatementDecider', () => {
  it('answers ENTAILED from the closure without the bridge', async () => {
    const { b, calls } = bridge();
    const d = new StatementDecider(onto(false), new MemoryVerdictStore(), b);
    expect(await d.decide(st('ViralMyocarditis', 'isa', 'Disorder'))).toEqual({ verdict: 'ENTAILED', reasoner: 'elk' });
    expect(calls).toEqual([]);
  });

  it('says CONTRADICTED when ELK finds the conjunction unsatisfiable, and stores it', async () => {
    const { b, calls } = bridge({ unsat: true, pairs: [[EX + 'Disorder', EX + 'Heart']] });
    const store = new MemoryVerdictStore();
    const d = new StatementDecider(onto(false), store, b);
    const s = st('Myocarditis', 'partOf', 'Heart');
    expect(await d.decide(s)).toEqual({ verdict: 'CONTRADICTED', reasoner: 'elk' });
    expect(calls).toEqual(['bottom', 'elk']);
    // a re-check is free: a new decider over the same store asks the bridge nothing
    const again = bridge();
    expect(await new StatementDecider(onto(false), store, again.b).decide(s)).toEqual({
      verdict: 'CONTRADICTED',
      reasoner: 'elk',
    });
    expect(again.calls).toEqual([]);
  });

  it('finds "is a" contradictions from disjoint ancestors without asking ELK', async () => {
    const { b } = bridge({ pairs: [[EX + 'Disorder', EX + 'Heart']] });
    const d = new StatementDecider(onto(false), new MemoryVerdictStore(), b);
    await d.decide(st('Myocarditis', 'partOf', 'Heart')); // loads the bottom facts
    expect(d.known(st('ViralMyocarditis', 'isa', 'Heart'))).toEqual({ verdict: 'CONTRADICTED', reasoner: 'elk' });
  });

  it('says NOT ENTAILED (elk) when the ontology is all EL, with no disjointness to check', async () => {
    const { b, calls } = bridge();
    const d = new StatementDecider(onto(true), new MemoryVerdictStore(), b);
    expect(await d.decide(st('Myocarditis', 'partOf', 'Heart'))).toEqual({ verdict: 'NOT ENTAILED', reasoner: 'elk' });
    expect(calls).toEqual(['bottom']);
    // with the bottom facts in, the next statement needs no bridge at all
    expect(d.known(st('Disorder', 'partOf', 'Heart'))).toEqual({ verdict: 'NOT ENTAILED', reasoner: 'elk' });
  });

  it('goes to the module when the ontology leaves EL: an EL module is complete for ELK', async () => {
    const { b, calls } = bridge({ module: { moduleAxioms: 12, el: true } });
    const d = new StatementDecider(onto(false), new MemoryVerdictStore(), b, { deadlineMs: 1500 });
    expect(await d.decide(st('Myocarditis', 'partOf', 'Heart'))).toMatchObject({
      verdict: 'NOT ENTAILED',
      reasoner: 'elk',
      moduleAxioms: 12,
    });
    expect(calls).toEqual(['bottom', 'dl:hermit:1500']);
  });

  it('takes the DL reasoner verdict on a module outside EL, and UNKNOWN with the reason at the deadline', async () => {
    const settled = bridge({
      module: { moduleAxioms: 300, el: false, reasoner: 'hermit', settled: true, entailed: false, satisfiable: false },
    });
    const d = new StatementDecider(onto(false), new MemoryVerdictStore(), settled.b);
    expect(await d.decide(st('Myocarditis', 'partOf', 'Heart'))).toMatchObject({
      verdict: 'CONTRADICTED',
      reasoner: 'dl',
      dlReasoner: 'hermit',
    });
    const late = bridge({
      module: { moduleAxioms: 3000, el: false, reasoner: 'hermit', settled: false, timedOut: true },
    });
    const store = new MemoryVerdictStore();
    const d2 = new StatementDecider(onto(false), store, late.b);
    const s = st('Myocarditis', 'partOf', 'Heart');
    expect(await d2.decide(s, { deadlineMs: 100 })).toMatchObject({ verdict: 'UNKNOWN', unknownReason: 'deadline' });
    // the same deadline again is free; a longer one tries again
    await d2.decide(s, { deadlineMs: 100 });
    expect(late.calls.filter((c) => c.startsWith('dl'))).toHaveLength(1);
    await d2.decide(s, { deadlineMs: 5000 });
    expect(late.calls.filter((c) => c.startsWith('dl'))).toEqual(['dl:hermit:100', 'dl:hermit:5000']);
  });

  it('without a DL reasoner a module outside EL is UNKNOWN, and unloaded imports are named', async () => {
    const { b } = bridge({ module: { moduleAxioms: 300, el: false } });
    const d = new StatementDecider(onto(false), new MemoryVerdictStore(), b);
    expect(await d.decide(st('Myocarditis', 'partOf', 'Heart'), { dl: false })).toMatchObject({
      verdict: 'UNKNOWN',
      unknownReason: 'outside-el',
    });
    const d2 = new StatementDecider(onto(true, ['http://x.org/imp.owl']), new MemoryVerdictStore(), bridge().b);
    expect(await d2.decide(st('Myocarditis', 'partOf', 'Heart'))).toMatchObject({
      verdict: 'UNKNOWN',
      unknownReason: 'imports',
    });
  });

  it('puts the verdict and its reasoner in ASK and SELECT … VALUES', async () => {
    const { b } = bridge({
      module: { moduleAxioms: 300, el: false, reasoner: 'hermit', settled: true, entailed: false, satisfiable: false },
    });
    const qs = new QueryService(h, { decider: new StatementDecider(onto(false), new MemoryVerdictStore(), b) });
    const r = await qs.run('ASK { "myocarditis" "part of" "heart" }');
    expect(r.verdict).toBe('CONTRADICTED');
    expect(r.reasoner).toBe('dl');
    expect(r.observation).toContain('CONTRADICTED');
    const sel = await qs.run('SELECT ?x WHERE { ?x "part of" "heart" } VALUES ?x { "myocarditis" }');
    expect(sel.verdicts[0]).toMatchObject({ verdict: 'CONTRADICTED', reasoner: 'dl' });
  });

  it('falls back to the closure when the bridge fails, instead of failing the query', async () => {
    const broken: VerdictBridge = {
      bottomFacts: async () => {
        throw new Error('no Java here');
      },
      elkSatisfiable: async () => true,
      dlCheck: async () => ({ moduleAxioms: 0, el: true }),
      explainContradiction: async () => ({ found: false, axioms: [] }),
    };
    const qs = new QueryService(h, { decider: new StatementDecider(onto(false), new MemoryVerdictStore(), broken) });
    const r = await qs.run('ASK { "myocarditis" "part of" "heart" }');
    expect(r.kind).toBe('closure');
    expect(r.verdict).toBe('NOT ENTAILED');
    expect(r.observation).toContain('not that it is false');
  });
});
