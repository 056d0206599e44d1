import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentRecord } from '../../../src-main/agent/agent-types';
import { HistoryStore } from '../../../src-main/agent/history-store';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-history-checked-');
afterAll(() => dir.cleanup());

describe('history: the reasoner check beside the claim', () => {
  it('adds the checked column to a file written before it, keeping old rows, and lists both levels', () => {
    const path = join(dir.path, 'history.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE run (
      id TEXT PRIMARY KEY, created_at TEXT NOT NULL, ontology TEXT NOT NULL, model TEXT NOT NULL,
      question TEXT NOT NULL, answer TEXT NOT NULL, grounding TEXT, record TEXT NOT NULL)`);
    old
      .prepare('INSERT INTO run VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run('old', '2026-01-01T00:00:00Z', '/o/go.obo', 'scripted:a.json', 'Old?', '"x"', 'entailed', '{}');
    old.close();

    const h = new HistoryStore(path);
    const rec = {
      question: { kind: 'free', question: 'Is the nucleus part of the cytoplasm?' },
      answer: 'No.',
      grounding: 'entailed',
      checked: { level: 'unchecked', reason: 'No cited observation carries an ENTAILED verdict.' },
      startedAt: '2026-02-01T00:00:00Z',
    } as unknown as AgentRecord;
    h.add(rec, '/o/go-nucleus.ofn', 'scripted:/t/false.json');
    const rows = h.list();
    expect(rows.map((r) => [r.question, r.ontology, r.model, r.grounding, r.checked])).toEqual([
      ['Is the nucleus part of the cytoplasm?', '/o/go-nucleus.ofn', 'scripted:/t/false.json', 'entailed', 'unchecked'],
      ['Old?', '/o/go.obo', 'scripted:a.json', 'entailed', null],
    ]);
    h.stop();
    // Opening again does not add the column twice.
    const again = new HistoryStore(path);
    expect(again.list()).toHaveLength(2);
    again.stop();
  });
});
