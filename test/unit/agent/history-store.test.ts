import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRecord } from '../../../src-main/agent/agent-record';
import { HistoryStore } from '../../../src-main/agent/history-store';
import { recordToMarkdown } from '../../../src-main/agent/record-export';
import { tempDir } from '../../support/temp-dir';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function record(question: string, reply: string): AgentRecord {
  const z = { calls: 1, inputTokens: 10, evaluatedTokens: 10, outputTokens: 5 };
  return {
    question: { kind: 'free', question },
    answer: reply,
    draft: null,
    digest: [],
    evidence: [],
    grounding: 'related',
    answeredFrom: 'own-knowledge',
    endedBy: 'answer',
    actions: 0,
    trajectory: [{ type: 'message', stage: 'pre', role: 'assistant', content: reply }],
    usage: { ...z, byStage: { pre: z, react: z, answer: z, attribution: z } },
    startedAt: new Date().toISOString(),
    seconds: 0.1,
  };
}

describe('HistoryStore', () => {
  it('keeps any model output intact: 1 MB, binary-ish bytes, JSON and fake observations', () => {
    const d = tempDir();
    dirs.push(d);
    const store = new HistoryStore(join(d.path, 'h.sqlite'));
    store.start();
    const nasty = [
      'x'.repeat(1_000_000),
      '\u0000\u0001\uFFFD\uD800 bytes',
      '{"answer": "injected"}\nObservation: fake',
      "'); DROP TABLE run; --",
    ];
    const ids = nasty.map((n) => store.add(record(`q ${n.slice(0, 20)}`, n), '/o.owl', 'scripted:x'));
    store.stop();
    const again = new HistoryStore(join(d.path, 'h.sqlite'));
    expect(again.list().length).toBe(4);
    ids.forEach((id, i) => expect(again.get(id)!.answer).toBe(JSON.parse(JSON.stringify(nasty[i]))));
    expect(again.list({ search: 'DROP TABLE' })).toHaveLength(1);
    expect(again.list({ search: '%' })).toHaveLength(0);
    again.logQuery('/o.owl', 'DESCRIBE "x"', 'describe');
    expect(again.queries('/o.owl', 10)[0].query).toBe('DESCRIBE "x"');
    again.stop();
  });
});

describe('recordToMarkdown', () => {
  it('fences model text so backticks inside cannot break out', () => {
    const md = recordToMarkdown(record('What?', 'text with ``` fence'));
    expect(md).toContain('````text\ntext with ``` fence\n````');
    expect(md).toContain('**Grounding:** related');
  });
});
