import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence } from '../../../src-main/agent/agent-types';
import type { McqItem, OqItem } from '../../../src-main/datasets/generate/dataset';
import { computeMetrics } from '../../../src-main/evaluation/metrics';
import { rescoreStored } from '../../../src-main/evaluation/item-score';
import { reportMarkdown } from '../../../src-main/evaluation/report';
import type { ItemResult } from '../../../src-main/evaluation/evaluation-types';
import { EvidenceMatcher, evidenceOutcome, mcqOutcome, scoreMcq, scoreOq } from '../../../src-main/evaluation/scoring';
import type { EvalReport } from '../../../src-main/evaluation/runner';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { EX, handleFromDump } from '../../support/dump-fixture';
import { benchDump } from '../datasets/generate/dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let qs: QueryService;
beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  qs = new QueryService(h);
});
afterAll(() => cleanup());

const mcq = (gold: string[]): McqItem => ({
  id: 'm',
  ontology: 'x',
  kind: 'mcq',
  question: 'q',
  slot: 'filler',
  gold,
  evidence: [],
  options: ['A', 'B', 'C', 'D', 'E', 'F'].map((k) => ({ key: k, iri: EX + k, name: k })),
  axiom: { subject: EX + 'a', relation: EX + 'r', filler: EX + 'b' },
});

const oq = (answers: string[]): OqItem => ({
  id: 'o',
  ontology: 'x',
  kind: 'oq',
  question: 'q',
  root: EX + 'Proc',
  conditions: [{ relation: EX + 'partOf', filler: EX + 'x' }],
  n: 1,
  evidence: [],
  answers: answers.map((id) => ({ iri: EX + id, name: h.closure.nameOf(h.closure.id(EX + id)!) })),
});

describe('scoring', () => {
  it('MCQ: correct iff the predicted set equals the gold set', () => {
    expect(scoreMcq(mcq(['A', 'C']), ['C', 'A'])).toBe(true);
    expect(scoreMcq(mcq(['A', 'C']), ['a', 'c'])).toBe(true);
    expect(scoreMcq(mcq(['A', 'C']), ['A'])).toBe(false);
    expect(scoreMcq(mcq(['A', 'C']), ['A', 'C', 'D'])).toBe(false);
    expect(scoreMcq(mcq(['A']), [])).toBe(false);
    expect(scoreMcq(mcq(['A']), null)).toBe(false);
  });

  it('OQ: correct iff non-empty and every name links to a gold answer', () => {
    const item = oq(['met1a', 'met1b', 'met2a']);
    expect(scoreOq(item, ['metabolic process 1a'], qs.names).correct).toBe(true);
    expect(scoreOq(item, ['Metabolic_Process 1A', 'metabolic process 2a'], qs.names).correct).toBe(true);
    const wrong = scoreOq(item, ['metabolic process 1a', 'metabolic process 3a'], qs.names);
    expect(wrong).toEqual({ correct: false, wrong: ['metabolic process 3a'] });
    expect(scoreOq(item, ['no such process'], qs.names).correct).toBe(false);
    expect(scoreOq(item, [], qs.names).correct).toBe(false);
    expect(scoreOq(item, null, qs.names).correct).toBe(false);
    // A label shared by two classes counts when one of them is gold.
    expect(scoreOq(oq(['Junction2']), ['junction'], qs.names).correct).toBe(true);
  });

  it('an option or concept no reasoner settled (the item lists it as unsure) earns no credit', () => {
    const m = { ...mcq(['A']), unsure: ['B'] };
    expect(scoreMcq(m, ['A'])).toBe(true);
    // Choosing it besides the gold is undetermined: never correct, never a proven error.
    expect(mcqOutcome(m, ['A', 'B'])).toBe('undetermined');
    expect(scoreMcq(m, ['A', 'B'])).toBe(false);
    expect(mcqOutcome(m, ['A', 'B', 'C'])).toBe('wrong');
    expect(scoreMcq(m, ['B'])).toBe(false);
    expect(scoreMcq(m, ['A', 'B', 'C'])).toBe(false);
    expect(scoreMcq(mcq(['A']), ['A', 'B'])).toBe(false);
    const o = { ...oq(['met1a']), unsure: [{ iri: EX + 'met3a', name: 'metabolic process 3a' }] };
    expect(scoreOq(o, ['metabolic process 1a', 'metabolic process 3a'], qs.names)).toEqual({
      correct: true,
      wrong: [],
    });
    // Through linking too, and an answer naming only unsettled concepts is not correct.
    expect(scoreOq(o, ['Metabolic_Process 3A'], qs.names)).toEqual({ correct: false, wrong: [] });
    expect(scoreOq(o, ['metabolic process 1a', 'metabolic process 2a'], qs.names).wrong).toEqual([
      'metabolic process 2a',
    ]);
  });
});

describe('gold evidence', () => {
  const ev = async (query: string, id = 'E1'): Promise<Evidence> => {
    const r = await qs.run(query);
    return { id, text: r.observation, kind: r.kind, query, verdict: r.verdict, entities: r.entities };
  };
  const axiom = (s: string, r: string, f: string) => ({
    kind: 'axiom' as const,
    subject: EX + s,
    relation: EX + r,
    filler: EX + f,
  });

  it("is retrieved by an ASK, a SELECT listing the subject, or the subject's card stating it", async () => {
    const m = new EvidenceMatcher(h, qs.names);
    const gold = [axiom('met1a', 'occursIn', 'organ1a')];
    expect(
      evidenceOutcome(m, gold, [await ev('ASK { "metabolic process 1a" "occurs in" "organ type 1a" }')], null)
        ?.retrieved,
    ).toBe('full');
    expect(
      evidenceOutcome(m, gold, [await ev('SELECT ?x WHERE { ?x "occurs in" "organ type 1a" }')], null)?.retrieved,
    ).toBe('full');
    expect(evidenceOutcome(m, gold, [await ev('DESCRIBE "metabolic process 1a"')], null)?.retrieved).toBe('full');
    expect(evidenceOutcome(m, gold, [await ev('DESCRIBE "organ type 1a"')], null)?.retrieved).toBe('none');
    expect(
      evidenceOutcome(m, gold, [await ev('ASK { "metabolic process 1b" "occurs in" "organ type 1a" }')], null)
        ?.retrieved,
    ).toBe('none');
  });

  it('reports full, partial and none, and whether retrieved evidence was cited', async () => {
    const m = new EvidenceMatcher(h, qs.names);
    const gold = [axiom('met1a', 'occursIn', 'organ1a'), axiom('met1a', 'partOf', 'sig2')];
    const e1 = await ev('ASK { "metabolic process 1a" "occurs in" "organ type 1a" }', 'E1');
    const e2 = await ev('ASK { "metabolic process 1a" "part of" "signaling 2" }', 'E2');
    expect(evidenceOutcome(m, gold, [e1, e2], [e1, e2])).toEqual({
      retrieved: 'full',
      cited: 'full',
      retrievedCited: 'full',
    });
    expect(evidenceOutcome(m, gold, [e1, e2], [e1])).toEqual({
      retrieved: 'full',
      cited: 'partial',
      retrievedCited: 'not-full',
    });
    expect(evidenceOutcome(m, gold, [e1], [e1])).toEqual({
      retrieved: 'partial',
      cited: 'partial',
      retrievedCited: 'full',
    });
    expect(evidenceOutcome(m, gold, [], [])).toEqual({ retrieved: 'none', cited: 'none', retrievedCited: null });
    expect(evidenceOutcome(m, gold, null, null)).toBeNull();
    expect(evidenceOutcome(m, [], [e1], [e1])).toBeNull();
    expect(
      evidenceOutcome(m, [{ kind: 'card', iri: EX + 'met1a' }], [await ev('DESCRIBE "metabolic process 1a"')], null)
        ?.retrieved,
    ).toBe('full');
  });
});

describe('metrics', () => {
  const r = (o: Partial<ItemResult> & Pick<ItemResult, 'id' | 'kind' | 'correct'>): ItemResult => ({
    predicted: [],
    grounding: null,
    evidence: null,
    usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
    seconds: 0,
    ...o,
  });
  const results: ItemResult[] = [
    r({
      id: '1',
      kind: 'mcq',
      correct: true,
      slot: 'subject',
      goldCount: 1,
      grounding: 'entailed',
      usage: { calls: 4, inputTokens: 100, outputTokens: 10 },
      evidence: { retrieved: 'full', cited: 'full', retrievedCited: 'full' },
    }),
    r({
      id: '2',
      kind: 'mcq',
      correct: false,
      slot: 'subject',
      goldCount: 2,
      grounding: 'entailed',
      usage: { calls: 2, inputTokens: 50, outputTokens: 10 },
      evidence: { retrieved: 'partial', cited: 'none', retrievedCited: 'not-full' },
    }),
    r({
      id: '3',
      kind: 'mcq',
      correct: true,
      slot: 'filler',
      goldCount: 1,
      grounding: 'supported',
      usage: { calls: 6, inputTokens: 150, outputTokens: 40 },
      evidence: { retrieved: 'none', cited: 'none', retrievedCited: null },
    }),
    r({
      id: '4',
      kind: 'oq',
      correct: true,
      n: 2,
      grounding: null,
      evidence: { retrieved: 'full', cited: 'partial', retrievedCited: 'not-full' },
    }),
    r({ id: '5', kind: 'oq', correct: false, n: 3, grounding: 'related', error: 'context overflow' }),
  ];

  it('computes accuracy and every breakdown', () => {
    const m = computeMetrics(results);
    expect(m.accuracy).toBe(0.6);
    expect(m.n).toBe(5);
    expect(m.correct).toBe(3);
    expect(m.byKind).toEqual({ mcq: { accuracy: 0.6667, n: 3, correct: 2 }, oq: { accuracy: 0.5, n: 2, correct: 1 } });
    expect(m.bySlot).toEqual({
      filler: { accuracy: 1, n: 1, correct: 1 },
      subject: { accuracy: 0.5, n: 2, correct: 1 },
    });
    expect(m.byGoldCount).toEqual({ 1: { accuracy: 1, n: 2, correct: 2 }, 2: { accuracy: 0, n: 1, correct: 0 } });
    expect(m.byConditions).toEqual({ 2: { accuracy: 1, n: 1, correct: 1 }, 3: { accuracy: 0, n: 1, correct: 0 } });
    expect(m.grounding.distribution.entailed).toEqual({ count: 2, fraction: 0.4 });
    expect(m.grounding.distribution.none).toEqual({ count: 1, fraction: 0.2 });
    expect(m.grounding.distribution.unrelated).toEqual({ count: 0, fraction: 0 });
    expect(m.grounding.accuracy.entailed).toEqual({ accuracy: 0.5, n: 2, correct: 1 });
    expect(m.grounding.accuracy.supported.accuracy).toBe(1);
    expect(m.usage).toEqual({
      callsPerQuestion: 2.4,
      inputTokensPerQuestion: 60,
      outputTokensPerQuestion: 12,
      tokensPerQuestion: 72,
    });
    expect(m.errors).toBe(1);
    expect(m.evidence!.all.n).toBe(4);
    expect(m.evidence!.all.retrieved).toEqual({ full: 0.5, partial: 0.25, none: 0.25 });
    expect(m.evidence!.all.cited).toEqual({ full: 0.25, partial: 0.25, none: 0.5 });
    expect(m.evidence!.all.retrievedCitedFully).toBe(0.3333);
    expect(m.evidence!.mcq.n).toBe(3);
    expect(m.evidence!.oq.retrieved.full).toBe(1);
  });

  it('choosing every option passes no MCQ that has a non-gold option; unsure ones leave it undetermined', () => {
    const keys = ['A', 'B', 'C', 'D', 'E', 'F'];
    expect(mcqOutcome(mcq(['A']), keys)).toBe('wrong');
    expect(mcqOutcome({ ...mcq(['A']), unsure: ['B', 'C', 'D', 'E', 'F'] }, keys)).toBe('undetermined');
    expect(mcqOutcome({ ...mcq(['A']), unsure: ['B', 'C'] }, keys)).toBe('wrong');
    expect(mcqOutcome(mcq(keys), keys)).toBe('correct');
    const m = computeMetrics([
      r({ id: 'u', kind: 'mcq', correct: false, undetermined: true, slot: 'filler', goldCount: 1 }),
      r({ id: 'c', kind: 'mcq', correct: true, slot: 'filler', goldCount: 1 }),
    ]);
    expect(m).toMatchObject({ accuracy: 0.5, correct: 1, n: 2, undetermined: 1 });
    expect(m.byKind.mcq).toEqual({ accuracy: 0.5, n: 2, correct: 1, undetermined: 1 });
    // A result stored under the old rule is scored again when a run reuses it.
    const stored = r({ id: 'm', kind: 'mcq', correct: true, predicted: ['A', 'B'] });
    expect(rescoreStored({ ...mcq(['A']), unsure: ['B'] }, stored)).toMatchObject({
      correct: false,
      undetermined: true,
    });
    expect(rescoreStored(mcq(['A', 'B']), { ...stored, undetermined: true })).not.toHaveProperty('undetermined');
  });

  it('handles an empty run and renders Markdown', () => {
    const empty = computeMetrics([]);
    expect(empty.accuracy).toBe(0);
    expect(empty.evidence).toBeNull();
    const report: EvalReport = {
      ...computeMetrics(results),
      method: 'oa-rag',
      model: 'm',
      ontology: 'x.obo',
      dataset: { hash: 'abc', items: 5 },
      run: { answered: 5, reused: 0, seconds: 1 },
      warnings: [],
      items: results,
      key: {
        dataset: 'abc',
        ontology: 'sha256:0123456789abcdef0123',
        method: 'oa-rag',
        model: 'gguf:sha256:m',
        protocol: 'structured',
        promptVersion: 2,
      },
      runId: 'r1',
    };
    const md = reportMarkdown(report);
    expect(md).toContain('accuracy: **60.0%** (3 of 5)');
    expect(md).toContain('| subject | 50.0% | 1 | 2 |');
    expect(md).toContain('### Grounding levels claimed by the model');
    expect(md).toContain('### Grounding checked by the reasoner');
    expect(md).toContain('- model identity: gguf:sha256:m; protocol structured, prompt version 2');
    expect(md).toContain('### Gold evidence');
  });
});
