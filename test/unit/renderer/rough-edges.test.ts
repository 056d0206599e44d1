import { describe, expect, it } from 'vitest';
import type { QueryExamples, TrajectoryStep, TreeChildren } from '../../../src-main/api/contract';
import { answerBasis as mainAnswerBasis } from '../../../src-main/agent/answer-basis';
import { answerBasis } from '../../../src-renderer/util/answer-basis';
import { answerLines, storedAnswer } from '../../../src-renderer/util/answer-lines';
import { askPlaceholder } from '../../../src-renderer/util/ask-placeholder';
import { countOf, fmtSeconds } from '../../../src-renderer/util/format';
import { modelCalls, queriesRun } from '../../../src-renderer/util/record-counts';
import { relationEmptyNote } from '../../../src-renderer/util/relation-empty';
import { fillerNote as rendererFillerNote, isFillerIri } from '../../../src-renderer/util/sparql-fillers';
import { fillerNote } from '../../../src-main/ontology/store/sparql/raw-sparql';
import { elapsedSeconds } from '../../../src-renderer/util/task-time';

describe('units and counts', () => {
  it('gives durations without trailing zeros, and never a negative one', () => {
    expect(fmtSeconds(1)).toBe('1 s');
    expect(fmtSeconds(1.5)).toBe('1.5 s');
    expect(fmtSeconds(1.256)).toBe('1.26 s');
    expect(fmtSeconds(12)).toBe('12 s');
    expect(fmtSeconds(272)).toBe('4 min 32 s');
    expect(fmtSeconds(-0.003)).toBe('0 ms');
    const task = { startedAt: 1000, endedAt: undefined };
    expect(elapsedSeconds(task, 997)).toBe(0);
    expect(elapsedSeconds(task, 3000)).toBe(2);
  });

  it('puts the noun in the right number', () => {
    expect(countOf(1, 'axiom')).toBe('1 axiom');
    expect(countOf(3, 'axiom')).toBe('3 axioms');
    expect(countOf(1, 'query', 'queries')).toBe('1 query');
    expect(countOf(1204, 'query', 'queries')).toBe('1,204 queries');
  });

  it('counts model calls, not the prompts sent to the model', () => {
    const msg = (role: 'system' | 'user' | 'assistant'): TrajectoryStep => ({
      type: 'message',
      stage: 'react',
      role,
      content: '…',
    });
    const steps: TrajectoryStep[] = [
      msg('system'),
      msg('user'),
      msg('assistant'),
      { type: 'action', stage: 'react', query: 'DESCRIBE "heart"', thought: '' },
      {
        type: 'observation',
        stage: 'react',
        text: 'heart …',
        kind: 'card',
        verdict: null,
        entities: [],
        ms: 2,
      },
      msg('user'),
      msg('assistant'),
    ];
    expect(modelCalls(steps)).toBe(2);
    expect(queriesRun(steps)).toBe(1);
  });
});

describe('what an answer rests on', () => {
  it('never says "ontology evidence" when the only observation kept is a NOT ENTAILED', () => {
    for (const basis of [answerBasis, mainAnswerBasis]) {
      expect(basis([{ verdict: 'NOT ENTAILED' }])).toBe(
        'answered with 1 ontology observation in view (1 not entailed)',
      );
      expect(basis([])).toBe("answered from the model's own knowledge: no ontology observation was kept");
      expect(basis([{ verdict: 'ENTAILED' }, { verdict: null }, { verdict: null }])).toBe(
        'answered with 3 ontology observations in view (1 entailed, 2 cards or lists)',
      );
    }
  });

  it('shows answers by option name, concept lists one per line, and reads the history’s JSON', () => {
    const options = [
      { key: 'A', name: 'myocardium' },
      { key: 'B', name: 'heart valve' },
    ];
    expect(answerLines(storedAnswer('["A","B"]'), options)).toEqual(['A — myocardium', 'B — heart valve']);
    expect(answerLines(storedAnswer('["heart","lung"]'), [])).toEqual(['heart', 'lung']);
    expect(answerLines(storedAnswer('"the heart muscle"'), [])).toEqual(['the heart muscle']);
    expect(answerLines(storedAnswer('null'), [])).toEqual([]);
    expect(answerLines(storedAnswer('not json'), [])).toEqual(['not json']);
  });
});

describe('the open ontology speaks for itself', () => {
  it('builds the Ask placeholder from the open ontology’s examples', () => {
    const ex = {
      subject: { iri: 'x', name: 'American' },
      relation: { iri: 'r', name: 'has topping' },
      filler: { iri: 'f', name: 'TomatoTopping' },
    } as QueryExamples;
    expect(askPlaceholder(ex, 'pizza')).toBe('e.g. Which concepts is every American related to by has topping?');
    expect(askPlaceholder({ ...ex, relation: null, filler: null }, 'pizza')).toBe(
      'e.g. What kind of thing is American?',
    );
    expect(askPlaceholder(null, 'pizza')).toBe('Write a question about pizza.');
  });

  it('explains an empty relation hierarchy: self links only, cycles only, or nothing direct', () => {
    const roots = (edges: number, selfLinks: number): TreeChildren => ({
      parent: null,
      relation: 'http://purl.obolibrary.org/obo/RO_0020105',
      nodes: [],
      hiddenObsolete: 0,
      edges,
      selfLinks,
    });
    expect(relationEmptyNote('is anatomical entity', roots(0, 678))).toMatch(
      /^Every “is anatomical entity” link relates a class to itself \(678 classes, .*no hierarchy to draw/,
    );
    expect(relationEmptyNote('part of', roots(4, 0))).toMatch(/form cycles only/);
    expect(relationEmptyNote('part of', roots(0, 0))).toMatch(/^No class has a “part of” link of its own/);
    expect(relationEmptyNote('part of', { ...roots(3, 0), nodes: [{} as TreeChildren['nodes'][0]] })).toBeNull();
    expect(relationEmptyNote('is a', { ...roots(0, 0), relation: null })).toBeNull();
  });

  it('marks internal filler nodes with the same note as the CLI', () => {
    expect(isFillerIri('urn:oarag:filler:12')).toBe(true);
    expect(isFillerIri('http://purl.obolibrary.org/obo/GO_1')).toBe(false);
    expect(rendererFillerNote(3)).toBe(fillerNote(3));
  });
});
