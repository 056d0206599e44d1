import type { IriStatement } from '../../query/exec/closure-facts';
import type { StatementDecider } from '../../query/verdicts/statement-decider';
import type { QuestionFrameBody } from './frame-types';

/** The statements a check of this frame asks the reasoner about: one per choice option, or the yes/no statement. */
export function frameStatements(f: QuestionFrameBody | null | undefined): IriStatement[] {
  if (f?.kind === 'choice')
    return f.options.flatMap((o) => {
      const p = { subject: f.subject, relation: f.relation, filler: f.filler, [f.slot]: o.term };
      return p.subject && p.relation && p.filler
        ? [{ subject: p.subject.iri, relation: p.relation.iri, filler: p.filler.iri }]
        : [];
    });
  if (f?.kind === 'free' && f.statement?.filler)
    return [{ subject: f.statement.subject.iri, relation: f.statement.relation.iri, filler: f.statement.filler.iri }];
  return [];
}

/**
 * Decides the frame's statements ahead of a check (ELK's contradictions, then a DL reasoner on each
 * module within the deadline), so the synchronous check reads them from the decider; a statement
 * that fails to decide is left to the check's own fallback.
 */
export async function prefetchFrame(
  f: QuestionFrameBody | null | undefined,
  decider: StatementDecider | undefined,
  o: { deadlineMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  if (!decider) return;
  for (const s of frameStatements(f)) {
    o.signal?.throwIfAborted();
    await decider.decide(s, o).catch((e: unknown) => {
      if (o.signal?.aborted) throw e;
    });
  }
}
