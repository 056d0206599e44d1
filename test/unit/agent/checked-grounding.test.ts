import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence, TrajectoryStep } from '../../../src-main/agent/agent-record';
import { checkGrounding, type CheckerDeps, type CheckInput } from '../../../src-main/agent/checked-grounding';
import { checkerDeps } from '../../../src-main/agent/checker-deps';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let deps: CheckerDeps;

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(clinicalDump()));
  deps = checkerDeps(h, new QueryService(h, { maxResults: 2 }));
});
afterAll(() => cleanup());

/** Evidence as the agent's digest holds it: the query and the verdict the reasoner gave. */
async function ev(id: string, query: string): Promise<Evidence> {
  const r = await deps.query(query);
  return { id, text: r.observation, kind: r.kind, query, verdict: r.verdict, entities: r.entities };
}
const action = (query: string): TrajectoryStep => ({ type: 'action', stage: 'react', query, thought: '' });

describe('checked grounding: multiple choice', () => {
  const question = {
    kind: 'mcq' as const,
    question: 'What is the finding site of myocarditis?',
    options: [
      { key: 'A', name: 'myocardium' },
      { key: 'B', name: 'heart valve' },
      { key: 'C', name: 'virus' },
    ],
  };
  const trajectory = [action('ASK { "myocarditis" "has finding site" "myocardium" }')];

  it("is entailed when exactly the entailed options are chosen (statement taken from the agent's ASK)", async () => {
    const c = await checkGrounding({ question, answer: ['A'], evidence: [], digest: [], trajectory }, deps);
    expect(c.level).toBe('entailed');
    expect(c.options!.map((o) => o.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED', 'NOT ENTAILED']);
    expect(c.failed).toEqual([]);
  });

  it('is not entailed when a chosen option fails, and names it', async () => {
    const c = await checkGrounding({ question, answer: ['A', 'B'], evidence: [], digest: [], trajectory }, deps);
    expect(c.level).toBe('not-entailed');
    expect(c.failed).toEqual(['B']);
    expect(c.reason).toContain('chosen but not entailed: B');
  });

  it('is not entailed when an entailed option is left out', async () => {
    const c = await checkGrounding({ question, answer: ['B'], evidence: [], digest: [], trajectory }, deps, {
      options: { slot: 'filler', subject: 'viral myocarditis', relation: 'has finding site', filler: '' },
    });
    expect(c.level).toBe('not-entailed');
    expect(c.failed).toEqual(['A', 'B']);
    expect(c.reason).toContain('entailed but not chosen: A');
  });

  it('cannot confirm an empty choice (NOT ENTAILED is not "false"), but still catches a left-out entailed option', async () => {
    const none = {
      options: { slot: 'filler' as const, subject: 'myocarditis', relation: 'causative agent', filler: '' },
    };
    const c = await checkGrounding({ question, answer: [], evidence: [], digest: [] }, deps, none);
    expect(c.level).toBe('unchecked');
    expect((await checkGrounding({ question, answer: [], evidence: [], digest: [], trajectory }, deps)).level).toBe(
      'not-entailed',
    );
  });

  it('is unchecked when no statement about the options was asked', async () => {
    const c = await checkGrounding(
      { question, answer: ['A'], evidence: [], digest: [], trajectory: [action('DESCRIBE "heart"')] },
      deps,
    );
    expect(c.level).toBe('unchecked');
  });
});

describe('checked grounding: single choice', () => {
  it('checks the one chosen option, with the option in the subject slot', async () => {
    const question = {
      kind: 'single' as const,
      question: 'Which disorder has finding site heart valve?',
      options: [
        { key: 'A', name: 'myocarditis' },
        { key: 'B', name: 'endocarditis' },
      ],
    };
    const trajectory = [
      action('ASK { "endocarditis" "has finding site" "heart valve" }'),
      action('ASK { "myocarditis" "has finding site" "heart valve" }'),
    ];
    expect((await checkGrounding({ question, answer: 'B', evidence: [], digest: [], trajectory }, deps)).level).toBe(
      'entailed',
    );
    const wrong = await checkGrounding({ question, answer: 'A', evidence: [], digest: [], trajectory }, deps);
    expect(wrong.level).toBe('not-entailed');
    expect(wrong.failed).toEqual(['A', 'B']);
  });
});

describe('checked grounding: open questions', () => {
  const select = 'SELECT ?x WHERE { ?x "has finding site" "heart" }';
  const question = { kind: 'oq' as const, question: 'Which disorders have finding site heart?' };

  it('is entailed when every named concept meets the conditions; recall is against the full answer set', async () => {
    const e = await ev('E1', select);
    const c = await checkGrounding(
      { question, answer: ['myocarditis', 'cardiac disease'], evidence: [e], digest: [e] },
      deps,
    );
    expect(c.level).toBe('entailed');
    expect(c.precision).toBe(1);
    // heart disease, myocarditis, viral myocarditis, endocarditis: 2 of 4 named.
    expect(c.recall).toBe(0.5);
  });

  it('is not entailed when a named concept is outside the answer set, with precision below 1', async () => {
    const c = await checkGrounding(
      { question, answer: ['myocarditis', 'coxsackievirus'], evidence: [], digest: [] },
      deps,
      { select },
    );
    expect(c.level).toBe('not-entailed');
    expect(c.precision).toBe(0.5);
    expect(c.outside).toEqual(['coxsackievirus']);
  });

  it('is unchecked without conditions to check against', async () => {
    expect((await checkGrounding({ question, answer: ['myocarditis'], evidence: [], digest: [] }, deps)).level).toBe(
      'unchecked',
    );
  });
});

describe('checked grounding: free text', () => {
  const question = { kind: 'free' as const, question: 'Where is myocarditis found?' };
  const input = (answer: string, evidence: Evidence[]): CheckInput => ({
    question,
    answer,
    evidence,
    digest: evidence,
  });

  it('is entailed when the answer states a cited ENTAILED statement, names matched through synonyms', async () => {
    const e = await ev('E1', 'ASK { "myocarditis" "has finding site" "myocardium" }');
    expect(e.verdict).toBe('ENTAILED');
    const c = await checkGrounding(input('Myocarditis has finding site in the heart muscle.', [e]), deps);
    expect(c.level).toBe('entailed');
    expect(c.confirmedBy).toBe('E1');
  });

  it('stays unchecked when the cited ENTAILED verdict is about other concepts', async () => {
    const e = await ev('E1', 'ASK { "endocarditis" "has finding site" "heart valve" }');
    expect(e.verdict).toBe('ENTAILED');
    const c = await checkGrounding(input('Myocarditis has finding site myocardium.', [e]), deps);
    expect(c.level).toBe('unchecked');
  });

  it('stays unchecked when the only cited verdict is NOT ENTAILED (the false-ENTAILED report)', async () => {
    const e = await ev('E1', 'ASK { "myocardium" "part of" "heart valve" }');
    expect(e.verdict).toBe('NOT ENTAILED');
    const c = await checkGrounding(input('No, the myocardium is part of the heart valve.', [e]), deps);
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain("model's claim");
  });

  it('stays unchecked when the answer negates the entailed statement', async () => {
    const e = await ev('E1', 'ASK { "myocardium" "part of" "heart" }');
    expect((await checkGrounding(input('The myocardium is not part of the heart.', [e]), deps)).level).toBe(
      'unchecked',
    );
    expect((await checkGrounding(input('The myocardium is part of the heart.', [e]), deps)).level).toBe('entailed');
  });

  it('is unchecked without an answer', async () => {
    expect((await checkGrounding({ question, answer: null, evidence: [], digest: [] }, deps)).level).toBe('unchecked');
  });
});
