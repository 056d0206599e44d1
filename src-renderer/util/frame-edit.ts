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
        ...(f.negated ? { negated: true } : {}),
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
      return f.negated
        ? {
            statement: `${n(f.subject)} — not ${n(f.relation)} — ${n(f.filler)}`,
            note: `each option as the ${f.slot}; right where the ontology rules it out`,
          }
        : { statement: `${n(f.subject)} — ${n(f.relation)} — ${n(f.filler)}`, note: `each option as the ${f.slot}` };
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

/**
 * Why a frame cannot be used yet, in words for the disabled button ("Pick the subject …"), or null
 * when it can. A typed name is no pick: only a concept chosen from the list has an IRI.
 */
export function frameMissing(f: QuestionFrameBody): string | null {
  const pick = (what: string[]) =>
    `Pick the ${what.join(' and the ')} from the list (type, then click a name or press ArrowDown and Enter).`;
  switch (f.kind) {
    case 'choice': {
      const empty = (['subject', 'relation', 'filler'] as const).filter((p) => p !== f.slot && f[p] === null);
      return empty.length ? pick([...empty]) : null;
    }
    case 'open':
      if (!f.root && !f.conditions.length) return 'Pick a root or add a condition.';
      return f.conditions.every((c) => c.filler.iri) ? null : pick(['filler of every condition']);
    case 'free': {
      if (!f.statement) return null;
      const empty = (['subject', 'relation'] as const).filter((p) => !f.statement![p]);
      return empty.length ? pick([...empty]) : null;
    }
  }
}
