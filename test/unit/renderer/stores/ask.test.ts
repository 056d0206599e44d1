import { describe, expect, it } from 'vitest';
import type { AgentRecord, HistoryEntry, TrajectoryStep } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useAskStore } from '../../../../src-renderer/stores/ask';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settle } from './fake-api';
import { appInfo, settings, storeHarness } from './harness';

const step = (content: string): TrajectoryStep => ({ type: 'message', stage: 'react', role: 'assistant', content });
const record = (over: Partial<AgentRecord> = {}) =>
  ({
    question: { kind: 'mcq', question: 'Which is a heart part?', options: [{ key: 'A', name: 'valve' }] },
    trajectory: [step('final')],
    ...over,
  }) as AgentRecord;

describe('ask store: the form, the steps pushed while a question runs, the record it ends with', () => {
  const h = storeHarness();
  const ready = () => {
    h.api.reply('tasks.list', []).reply('history.list', []);
    useTasksStore().init();
    useAppStore().settings = settings({ defaultModel: '/m/old.gguf' });
    useOntologyStore().select('/o/a.ofn');
    const s = useAskStore();
    s.init();
    s.question = 'Which is a heart part?';
    s.options = [
      { key: 'A', name: 'valve' },
      { key: 'B', name: ' ' },
      { key: 'C', name: 'lung' },
    ];
    return s;
  };

  it('says what the form lacks before calling anything', async () => {
    const s = useAskStore();
    await s.submit();
    expect(s.formError).toMatch(/Open an ontology/);
    useOntologyStore().select('/o/a.ofn');
    await s.submit();
    expect(s.formError).toBe('Write a question.');
    s.question = 'q?';
    await s.submit();
    expect(s.formError).toMatch(/Give a model/);
    useAppStore().info = appInfo({ defaultModel: '/m/builtin.gguf' });
    s.options = [{ key: 'A', name: 'x' }];
    await s.submit();
    expect(s.formError).toMatch(/at least two options/);
    expect(h.api.calls).toEqual([]);
  });

  it('shows the steps pushed for its task while running, then the record; the spec becomes the default', async () => {
    const s = ready();
    s.model = ' /m/new.gguf ';
    h.api.reply('ask.start', { taskId: 't1' }).reply('settings.set', (p) => settings(p.patch as object));
    const p = s.submit();
    await settle(1);
    expect(h.api.callsOf('ask.start')[0]).toMatchObject({
      model: '/m/new.gguf',
      question: {
        kind: 'mcq',
        options: [
          { key: 'A', name: 'valve' },
          { key: 'B', name: 'lung' },
        ],
      },
    });
    h.api.pushTask('t1', 'ask', { state: 'running' });
    h.api.emit('ask.step', { taskId: 't1', step: step('thinking') });
    h.api.emit('ask.step', { taskId: 'other', step: step('not ours') });
    expect(s.running).toBe(true);
    expect(s.steps.map((x) => (x.type === 'message' ? x.content : ''))).toEqual(['thinking']);
    h.api.pushTask('t1', 'ask', { state: 'ok', result: { id: 'h1', record: record() } });
    await p;
    expect(s.running).toBe(false);
    expect(s.recordId).toBe('h1');
    expect(s.steps.map((x) => (x.type === 'message' ? x.content : ''))).toEqual(['final']);
    expect(h.api.callsOf('settings.set')).toEqual([{ patch: { defaultModel: '/m/new.gguf' } }]);
    expect(h.api.callsOf('history.list')).toHaveLength(1);
  });

  it("surfaces the task's error code, 'cancelled', and a refused start's code; a failed spec is not saved", async () => {
    const s = ready();
    s.model = '/m/bad.gguf';
    h.api.launches('ask.start', 'ask', { state: 'error', error: 'Not a GGUF file.', errorCode: 'model-invalid' });
    await s.submit();
    expect(s.error).toEqual({ message: 'Not a GGUF file.', code: 'model-invalid' });
    h.api.launches('ask.start', 'ask', { state: 'cancelled' });
    await s.submit();
    expect(s.error?.code).toBe('cancelled');
    h.api.fail('ask.start', 'unknown-ontology', 'Not open.');
    await s.submit();
    expect(s.error).toEqual({ message: 'Not open.', code: 'unknown-ontology' });
    expect(s.running).toBe(false);
    expect(h.api.callsOf('settings.set')).toEqual([]);
  });

  it('keeps the pushed steps of at most ten tasks', () => {
    const s = ready();
    for (let i = 0; i < 12; i++) h.api.emit('ask.step', { taskId: `t${i}`, step: step(`s${i}`) });
    s.taskId = 't0';
    expect(s.liveSteps).toEqual([]);
    s.taskId = 't11';
    expect(s.liveSteps).toHaveLength(1);
  });

  it('opens a history entry into the form; a missing one is an error toast', async () => {
    const s = ready();
    s.history = [{ id: 'h1', ontology: '/o/a.ofn', model: '/m/x.gguf' } as HistoryEntry];
    h.api.reply('history.get', record({ question: { kind: 'oq', question: 'What is part of X?' } }));
    await s.openHistory('h1');
    expect([s.kind, s.question, s.recordOntology, s.recordModel]).toEqual([
      'oq',
      'What is part of X?',
      '/o/a.ofn',
      '/m/x.gguf',
    ]);
    h.api.fail('history.get', 'not-found', 'No such entry.');
    await s.openHistory('h2');
    expect(useAppStore().toasts.at(-1)).toMatchObject({ kind: 'error', text: 'No such entry.' });
    expect(s.recordId).toBe('h1');
  });

  it("another ontology clears the previous one's record", async () => {
    const s = ready();
    h.api.reply('history.get', record());
    s.history = [{ id: 'h1', ontology: '/o/a.ofn', model: 'm' } as HistoryEntry];
    await s.openHistory('h1');
    useOntologyStore().select('/o/a.ofn');
    await settle(1);
    expect(s.record).not.toBeNull();
    useOntologyStore().select('/o/b.ofn');
    await settle(1);
    expect(s.record).toBeNull();
    expect(s.recordId).toBeNull();
  });

  it('history search errors are said; a later success clears them', async () => {
    const s = useAskStore();
    h.api.fail('history.list', 'bad-store', 'history.sqlite is damaged.');
    await s.loadHistory();
    expect(s.historyError).toBe('history.sqlite is damaged.');
    h.api.reply('history.list', []);
    s.historySearch = '  heart ';
    await s.loadHistory();
    expect(s.historyError).toBeNull();
    expect(h.api.callsOf('history.list').at(-1)).toEqual({ search: 'heart', limit: 200 });
  });
});
