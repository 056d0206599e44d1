import type { AgentQuestion, FrameReading, FrameTerm, QuestionFrameBody } from '../../src-main/api/contract';
import { pluralVerbPhrase } from './wording';

/** A frame to edit: the reading's, else its suggestion, else an empty one of the question's kind. */
export function editableFrame(reading: FrameReading | null, q: AgentQuestion): QuestionFrameBody {
  const f = reading?.frame ?? reading?.suggestion ?? null;
  if (f) return toBody(f);
  switch (q.kind) {
    case 'mcq':
    case 'single':
      return {
        kind: 'choice',
        slot: 'filler',
        subject: null,
        relation: null,
        filler: null,
        options: (q.options ?? []).map((o) => ({ key: o.key, text: o.name, term: null })),
      };
    case 'oq':
      return { kind: 'open', root: null, conditions: [] };
    case 'free':
      return { kind: 'free', entities: [], statement: null };
  }
}

/** The frame's own parts, copied (no source or confidence: the main side sets those). */
export function toBody(f: QuestionFrameBody): QuestionFrameBody {
  const t = (x: FrameTerm | null): FrameTerm | null => (x ? { iri: x.iri, name: x.name, from: x.from } : null);
  switch (f.kind) {
    case 'choice':
      return {
        kind: 'choice',
        slot: f.slot,
        subject: f.slot === 'subject' ? null : t(f.subject),
        relation: f.slot === 'relation' ? null : t(f.relation),
        filler: f.slot === 'filler' ? null : t(f.filler),
        options: f.options.map((o) => ({ key: o.key, text: o.text, term: t(o.term) })),
      };
    case 'open':
      return {
        kind: 'open',
        root: t(f.root),
        conditions: f.conditions.map((c) => ({ relation: t(c.relation)!, filler: t(c.filler)! })),
      };
    case 'free':
      return {
        kind: 'free',
        entities: f.entities.map((e) => t(e)!),
        statement: f.statement
          ? { subject: t(f.statement.subject)!, relation: t(f.statement.relation)!, filler: t(f.statement.filler) }
          : null,
      };
  }
}

/** "retina — part of — ?" and its note, as the Ask view shows a frame. */
export function frameLine(f: QuestionFrameBody): { statement: string; note: string } {
  const n = (t: FrameTerm | null) => (t ? t.name : '?');
  switch (f.kind) {
    case 'choice':
      return { statement: `${n(f.subject)} — ${n(f.relation)} — ${n(f.filler)}`, note: `each option as the ${f.slot}` };
    case 'open':
      return {
        statement: `${f.root ? `kinds of ${f.root.name}` : 'concepts'}${f.conditions.length ? ' that ' : ''}${f.conditions
          .map((c) => `${pluralVerbPhrase(c.relation.name)} some ${c.filler.name}`)
          .join(' and ')}`,
        note: 'the answer names concepts of this set',
      };
    case 'free':
      return f.statement
        ? {
            statement: `${f.statement.subject.name} — ${f.statement.relation.name} — ${n(f.statement.filler)}`,
            note: f.statement.filler ? 'a yes/no statement' : 'the answer fills the ?',
          }
        : { statement: f.entities.map((e) => e.name).join(', ') || 'no concepts', note: 'no statement to check' };
  }
}

/** Whether every place a check needs is filled. */
export function frameComplete(f: QuestionFrameBody): boolean {
  switch (f.kind) {
    case 'choice':
      return (['subject', 'relation', 'filler'] as const).every((p) => p === f.slot || f[p] !== null);
    case 'open':
      return f.root !== null || f.conditions.length > 0;
    case 'free':
      return true;
  }
}
