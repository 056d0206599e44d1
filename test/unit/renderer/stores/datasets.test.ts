import { describe, expect, it } from 'vitest';
import type { DatasetGeneration, Revision } from '../../../../src-main/api/contract';
import { useDatasetsStore } from '../../../../src-renderer/stores/datasets';
import { useEvaluationStore } from '../../../../src-renderer/stores/evaluation';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { ontologyInfo, storeHarness } from './harness';

describe('datasets store: generation and the Test 2 revision as tasks of their kinds', () => {
  const h = storeHarness();
  const ready = () => {
    h.api.reply('tasks.list', []);
    useTasksStore().init();
    useOntologyStore().select('/o/a.ofn');
    return useDatasetsStore();
  };

  it('generates with the form cleaned up, and the new file feeds the revision and evaluation forms', async () => {
    const s = ready();
    Object.assign(s.genForm, { mcq: 7.9, oq: -3, seed: 'x', root: '  ', customSlots: true });
    s.genForm.slots.relation = 0;
    h.api.launches('datasets.generate', 'generate', {
      state: 'ok',
      result: { path: '/d/new.jsonl' } as DatasetGeneration,
    });
    await s.runGenerate();
    expect(h.api.callsOf('datasets.generate')).toEqual([
      {
        ontologyId: '/o/a.ofn',
        mcq: 7,
        oq: 0,
        seed: 0,
        root: undefined,
        slots: { subject: 1, relation: 0, filler: 1 },
      },
    ]);
    expect(s.generate.result?.path).toBe('/d/new.jsonl');
    expect(s.reviseForm.datasetPath).toBe('/d/new.jsonl');
    expect(useEvaluationStore().form.datasetPath).toBe('/d/new.jsonl');
  });

  it("keeps paths the user already gave, and surfaces a generation's error code", async () => {
    const s = ready();
    s.reviseForm.datasetPath = '/d/mine.jsonl';
    h.api.launches('datasets.generate', 'generate', {
      state: 'ok',
      result: { path: '/d/new.jsonl' } as DatasetGeneration,
    });
    await s.runGenerate();
    expect(s.reviseForm.datasetPath).toBe('/d/mine.jsonl');
    h.api.launches('datasets.generate', 'generate', {
      state: 'error',
      error: 'No class has two existential restrictions.',
      errorCode: 'no-existentials',
    });
    await s.runGenerate();
    expect(s.generate.error?.code).toBe('no-existentials');
    expect(s.generate.result).toBeNull();
  });

  it('revises the given dataset as a revise task; without an ontology nothing starts', async () => {
    const s = ready();
    s.reviseForm.datasetPath = ' /d/set.jsonl ';
    h.api.launches('datasets.revise', 'revise', { state: 'ok', result: { revisedPath: '/d/r.ofn' } as Revision });
    await s.runRevise();
    expect(h.api.callsOf('datasets.revise')).toEqual([{ ontologyId: '/o/a.ofn', datasetPath: '/d/set.jsonl' }]);
    expect(s.revise.result?.revisedPath).toBe('/d/r.ofn');
    expect(s.revise.task?.kind).toBe('revise');
    useOntologyStore().select(null);
    await s.runRevise();
    expect(h.api.callsOf('datasets.revise')).toHaveLength(1);
  });

  it('keeps the relation blocklist per ontology and sends it with the generation', async () => {
    useOntologyStore().list = [ontologyInfo('/o/a.ofn'), ontologyInfo('/o/b.ofn')];
    const s = ready();
    s.toggleExcluded('http://x/partOf', true);
    s.setRelationChoice({ includeNegation: true });
    useOntologyStore().select('/o/b.ofn');
    expect(s.relationChoice).toEqual({ exclude: [], includeNegation: false });
    h.api.launches('datasets.generate', 'generate', {
      state: 'ok',
      result: { path: '/d/b.jsonl' } as DatasetGeneration,
    });
    await s.runGenerate();
    expect(h.api.callsOf('datasets.generate')[0]).not.toHaveProperty('excludeRelations', expect.anything());
    useOntologyStore().select('/o/a.ofn');
    await s.runGenerate();
    expect(h.api.callsOf('datasets.generate')[1]).toMatchObject({
      ontologyId: '/o/a.ofn',
      excludeRelations: ['http://x/partOf'],
      includeNegationShortcuts: true,
    });
    // Kept across sessions.
    expect(JSON.parse(h.dom.storage.get('oarag.generateRelations') ?? '{}')).toEqual({
      '/o/a.ofn': { exclude: ['http://x/partOf'], includeNegation: true },
    });
  });
});
