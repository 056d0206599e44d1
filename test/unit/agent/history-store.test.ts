import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRecord } from '../../../src-main/agent/agent-types';
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

  it('logs failed console queries with why, in files written before failures were kept too', () => {
    const d = tempDir();
    dirs.push(d);
    const file = join(d.path, 'h.sqlite');
    const old = new Database(file);
    old.exec(
      'CREATE TABLE query_log (id INTEGER PRIMARY KEY, at TEXT NOT NULL, ontology TEXT NOT NULL, query TEXT NOT NULL, form TEXT NOT NULL)',
    );
    old
      .prepare('INSERT INTO query_log (at, ontology, query, form) VALUES (?, ?, ?, ?)')
      .run('t', '/o', 'ASK {}', 'sparql-ask');
    old.close();
    const store = new HistoryStore(file);
    store.logQuery('/o', 'SELEC ?x', 'sparql-error', 'The SPARQL query could not be parsed.');
    expect(store.queries('/o', 10).map((q) => [q.query, q.form, q.error])).toEqual([
      ['SELEC ?x', 'sparql-error', 'The SPARQL query could not be parsed.'],
      ['ASK {}', 'sparql-ask', null],
    ]);
    store.stop();
  });
});

describe('recordToMarkdown', () => {
  it('fences model text so backticks inside cannot break out', () => {
    const md = recordToMarkdown(record('What?', 'text with ``` fence'));
    expect(md).toContain('````text\ntext with ``` fence\n````');
    expect(md).toContain('**Grounding:** related');
  });
});
