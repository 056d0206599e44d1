import type { LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';
import type { RunOptions } from './agent';
import { runAgent } from './run-agent';
import type { AgentRecord } from './agent-types';
import type { AgentQuestion, CheckedGrounding } from './agent-types';
import type { AgentProtocol } from './protocol';
import type { NameScopeMode } from './loop-context';
import type { AgentVocabulary } from './structured/vocabulary';
import { checkAnswer } from './frame/check-answer';
import { frameContext } from './frame/frame-deps';
import type { FrameReading, QuestionFrameBody } from './frame/frame-types';
import { itemFrame, type FramedItem } from './frame/item-frame';
import { readQuestion } from './frame/read-question';
import { prefetchFrame } from './frame/frame-statements';
import { optionTerm } from './frame/read-choice';
import { reviewerFrame } from './frame/reviewer-frame';

/** What a question is asked with: the question, and what fixes its frame when the words should not. */
export interface AskRequest {
  question: AgentQuestion;
  /** A reviewer's frame: checked and used as given. */
  frame?: QuestionFrameBody | null;
  /** A dataset item's own statement: the frame, nothing inferred. */
  item?: FramedItem | null;
}

export interface AskContext {
  handle: OntologyHandle;
  queryService: QueryService;
  llm: LlmBackend;
  persona: string;
  protocol?: AgentProtocol | 'auto';
  nameScope?: NameScopeMode;
  vocabulary?: AgentVocabulary | null;
  allowExplain?: boolean;
  /** Who drives the queries (settings.agentDriver); default 'auto'. */
  driver?: 'auto' | 'policy' | 'react';
}

/** The frame a question is checked against: the reviewer's, else the item's, else read from its words. */
export function frameFor(req: AskRequest, h: OntologyHandle, qs: QueryService): FrameReading {
  const ctx = frameContext(h, qs.names);
  if (req.frame)
    return reviewerFrame(
      req.frame,
      req.question,
      (iri) => ctx.facts.entity(iri),
      (text, kind) => optionTerm(text, kind, ctx.lexicon),
    );
  if (req.item) return itemFrame(req.item, (iri) => ctx.facts.entity(iri)?.name ?? null);
  return readQuestion(req.question, ctx.lexicon);
}

/**
 * The ask use case, the same for the API, the CLI and any other door: the frame is read before the
 * agent runs, the agent answers, and the answer is checked against the frame.
 */
export async function askQuestion(ctx: AskContext, req: AskRequest, run: RunOptions = {}): Promise<AgentRecord> {
  const frame = frameFor(req, ctx.handle, ctx.queryService);
  const rec = await runAgent(ctx, req.question, frame, run);
  rec.frame = frame;
  await prefetchFrame(frame.frame, ctx.queryService.decider, { signal: run.signal });
  rec.checked = checkRecord(rec, frame, ctx.handle, ctx.queryService);
  return rec;
}

/** The reasoner's check of a record's answer against a frame (a new one, for a reviewer's re-check). */
export function checkRecord(
  rec: AgentRecord,
  frame: FrameReading,
  h: OntologyHandle,
  qs: QueryService,
): CheckedGrounding {
  const deps = frameContext(h, qs.names, qs.decider).deps;
  return checkAnswer({ question: rec.question, answer: rec.answer, reading: frame }, deps);
}
