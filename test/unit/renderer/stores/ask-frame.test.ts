import { describe, expect, it } from 'vitest';
import type { AgentQuestion, AgentRecord, FrameReading } from '../../../../src-main/api/contract';
import { useAskStore } from '../../../../src-renderer/stores/ask';
import { IS_A, useAskFrameStore } from '../../../../src-renderer/stores/ask-frame';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { storeHarness } from './harness';

const q: AgentQuestion = { kind: 'oq', question: 'What is part of the heart?' };
const reading = (reason: string): FrameReading => ({ frame: null, reason });

describe('ask-frame store: the reading of the question, its correction and the recheck', () => {
  const h = storeHarness();

  it('reads the question for the current ontology; the last read wins over a slower earlier one', async () => {
    useOntologyStore().select('/o/a.ofn');
    const s = useAskFrameStore();
    let release: (r: FrameReading) => void = () => {};
    h.api.reply('ask.frame', (p) =>
      p.question.question === 'second' ? reading('second') : new Promise<FrameReading>((r) => (release = r)),
    );
    const first = s.read(q);
    await s.read({ ...q, question: 'second' });
    release(reading('first'));
    await first;
    expect(s.preview?.reason).toBe('second');
    expect(h.api.callsOf('ask.frame')[0]).toEqual({ ontologyId: '/o/a.ofn', question: q });
  });

  it('says why a reading failed, and reads nothing without an ontology', async () => {
    const s = useAskFrameStore();
    await s.read(q);
    expect(h.api.calls).toEqual([]);
    useOntologyStore().select('/o/a.ofn');
    h.api.fail('ask.frame', 'bad-frame', 'The question is empty.');
    await s.read(q);
    expect([s.preview, s.previewError]).toEqual([null, 'The question is empty.']);
  });

  it("offers 'is a' and the ontology's relations, fetched once per ontology", async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api.reply('ontology.relations', [{ iri: 'http://x/partOf', name: 'part of' }] as never);
    const s = useAskFrameStore();
    await s.loadRelations();
    await s.loadRelations();
    expect(s.relations).toEqual([IS_A, { iri: 'http://x/partOf', name: 'part of', from: 'part of' }]);
    expect(h.api.callsOf('ontology.relations')).toHaveLength(1);
  });

  it('a frame edited for the run becomes the override; searching concepts maps hits to terms', async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api.reply('ontology.relations', []).reply('ontology.search', [{ iri: 'http://x/H', name: 'heart' }] as never);
    const s = useAskFrameStore();
    s.edit(null, q, 'run');
    expect(s.draft).toEqual({ kind: 'open', root: null, conditions: [] });
    s.useForRun();
    expect(s.override).toEqual({ kind: 'open', root: null, conditions: [] });
    expect(s.draft).toBeNull();
    await expect(s.searchConcepts('hea')).resolves.toEqual([{ iri: 'http://x/H', name: 'heart', from: 'hea' }]);
    h.api.fail('ontology.search', 'not-open', 'Closed.');
    await expect(s.searchConcepts('hea')).resolves.toEqual([]);
    expect(s.error).toBe('Closed.');
  });

  it('a recheck puts the new frame and check on the shown record; a refusal keeps the draft and says why', async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api.reply('ontology.relations', []).reply('history.list', []);
    const ask = useAskStore();
    ask.recordId = 'h1';
    ask.record = { question: q, trajectory: [] } as unknown as AgentRecord;
    const s = useAskFrameStore();
    s.edit(null, q, 'answer');
    h.api.fail('ask.recheck', 'bad-frame', 'The frame names no root.');
    await s.recheck();
    expect(s.error).toBe('The frame names no root.');
    expect(s.draft).not.toBeNull();
    const checked = { level: 'entailed' } as unknown as AgentRecord['checked'];
    h.api.reply('ask.recheck', { frame: reading('fixed'), checked } as never);
    await s.recheck();
    expect(ask.record?.frame?.reason).toBe('fixed');
    expect(ask.record?.checked).toEqual(checked);
    expect([s.draft, s.busy, s.error]).toEqual([null, false, null]);
  });
});
