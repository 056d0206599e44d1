import { UserError } from '../../core/errors';
import type { FactEntity } from '../../query/exec/closure-facts';
import type { AgentQuestion } from '../agent-types';
import { frameText } from './frame-text';
import type { FrameReading, FrameTerm, QuestionFrameBody } from './frame-types';

/** What an option's own words name, as the automatic reading links it (null when nothing, or several). */
export type OptionLinker = (text: string, kind: 'concept' | 'relation') => FrameTerm | null;

/**
 * A frame a reviewer set by hand, made safe to check against: every IRI must name a class (or, in
 * a relation place, a property or "is a") of this ontology, names are taken from the ontology, not
 * from the message, and a choice frame's options must be the question's own. An option the reviewer
 * left unset is linked by its words as the automatic reading links it ("nucleus" → nucleus).
 */
export function reviewerFrame(
  body: QuestionFrameBody,
  q: AgentQuestion,
  entity: (iri: string) => FactEntity | null,
  link: OptionLinker = () => null,
): FrameReading {
  const term = (t: FrameTerm, place: 'concept' | 'relation'): FrameTerm => {
    const e = entity(t.iri);
    const fits = e && (place === 'concept' ? e.kind === 'class' : e.kind !== 'class');
    if (!e || !fits)
      throw new UserError(
        'bad-frame',
        `${t.iri} is not a ${place === 'concept' ? 'class' : 'relation'} of this ontology.`,
      );
    return { iri: e.iri, name: e.name, from: typeof t.from === 'string' ? t.from.slice(0, 300) : e.name };
  };
  const opt = (t: FrameTerm | null, place: 'concept' | 'relation') => (t ? term(t, place) : null);
  let frame: QuestionFrameBody;
  switch (body.kind) {
    case 'choice': {
      if (q.kind !== 'mcq' && q.kind !== 'single')
        throw new UserError('bad-frame', 'a choice frame needs a choice question.');
      const inSlot = body.slot === 'relation' ? 'relation' : 'concept';
      const given = new Map(body.options.map((o) => [o.key, o.term]));
      frame = {
        kind: 'choice',
        slot: body.slot,
        subject: body.slot === 'subject' ? null : need(opt(body.subject, 'concept'), 'subject'),
        relation: body.slot === 'relation' ? null : need(opt(body.relation, 'relation'), 'relation'),
        filler: body.slot === 'filler' ? null : need(opt(body.filler, 'concept'), 'filler'),
        options: (q.options ?? []).map((o) => ({
          key: o.key,
          text: o.name,
          term: opt(given.get(o.key) ?? null, inSlot) ?? link(o.name, inSlot),
        })),
        ...(body.negated ? { negated: true } : {}),
      };
      break;
    }
    case 'open':
      if (q.kind !== 'oq') throw new UserError('bad-frame', 'an open frame needs an open question.');
      frame = {
        kind: 'open',
        root: opt(body.root, 'concept'),
        conditions: body.conditions.map((c) => ({
          relation: term(c.relation, 'relation'),
          filler: term(c.filler, 'concept'),
        })),
      };
      if (!frame.root && !frame.conditions.length)
        throw new UserError('bad-frame', 'an open frame needs a root or a condition.');
      break;
    case 'free':
      if (q.kind !== 'free') throw new UserError('bad-frame', 'a free frame needs a free question.');
      frame = {
        kind: 'free',
        entities: body.entities.map((e) => term(e, 'concept')),
        statement: body.statement
          ? {
              subject: term(body.statement.subject, 'concept'),
              relation: term(body.statement.relation, 'relation'),
              filler: opt(body.statement.filler, 'concept'),
            }
          : null,
      };
      break;
  }
  return {
    frame: { ...frame, source: 'reviewer', confidence: 1 },
    reason: `Set by a reviewer: ${frameText(frame)}.`,
  };
}

function need(t: FrameTerm | null, place: string): FrameTerm {
  if (!t) throw new UserError('bad-frame', `the frame needs a ${place}.`);
  return t;
}
