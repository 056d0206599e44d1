import type { ChatMessage, LlmBackend } from '../../llm/types';
import type { ClosureFacts } from '../../query/exec/closure-facts';
import type { QueryService } from '../../query/exec/query-service';
import { digestOf, type RunOptions } from '../agent';
import type { AgentRecord, Evidence, TrajectoryStep } from '../agent-types';
import { attribute } from '../attribution';
import { finalAnswer } from '../final-answer';
import type { FrameReading } from '../frame/frame-types';
import { stepObserved, type Observed } from '../loop-context';
import { answerMessages, FINAL_FROM_POLICY_SYSTEM } from '../prompts';
import { questionBlock, type AgentAnswer, type AgentQuestion } from '../question';
import { StageCaller } from '../stage-caller';
import type { AgentVocabulary } from '../structured/vocabulary';
import type { AnswerDecision } from './decision-types';
import { prefetchFrame } from '../frame/frame-statements';
import { answerChoice, answerNegated, reasonerSettles } from './policy-choice';
import { choiceEvidence, freeEvidence, openEvidence } from './policy-evidence';
import { answerOpen } from './policy-open';

export interface PolicyAgentDeps {
  llm: LlmBackend;
  queryService: QueryService;
  facts: ClosureFacts;
  persona: string;
  vocabulary?: AgentVocabulary | null;
  /** Score choice options even when the reasoner settles them (calibration runs only). */
  scoreSettled?: boolean;
}

const ANSWER_TOKENS = 512;
const ATTRIBUTION_TOKENS = 256;

/**
 * The agent for models too weak to drive their own queries: the evidence is gathered from the
 * question frame by a fixed policy (every option's statement and its subject's card; the open
 * question's SELECT and, failing that, text search; the free question's concepts and statement),
 * and a choice or open question is decided by the reasoner's verdicts and the model's likelihood of
 * each statement given its card. Only free text is generated. Without a frame, or on a backend with
 * no token probabilities, the answer is generated from the evidence, and the record says so.
 */
export class PolicyAgent {
  constructor(private readonly deps: PolicyAgentDeps) {}

  async run(q: AgentQuestion, reading: FrameReading, o: RunOptions = {}): Promise<AgentRecord> {
    const t0 = performance.now();
    const startedAt = new Date().toISOString();
    const trajectory: TrajectoryStep[] = [];
    const step = (s: TrajectoryStep) => {
      trajectory.push(s);
      o.onStep?.(s);
    };
    const caller = new StageCaller(this.deps.llm, step, o.signal, o.onText);
    const frame = reading.frame;
    step({
      type: 'note',
      stage: 'react',
      text: frame
        ? 'The queries below were chosen by a fixed policy from how the question reads, not by the model.'
        : `No question frame (${reading.reason}); the model answers from its own knowledge.`,
    });
    const decided = await this.decide(q, frame, caller, step);
    const { observed, answerIris } = decided;
    let { answer, decision } = decided;
    if (decision) step({ type: 'note', stage: 'answer', text: decisionNote(decision) });

    const digest = digestOf(observed);
    let grounding: AgentRecord['grounding'] = null;
    let cited: Evidence[] = supporting(digest, decision);
    let answerFormat: AgentRecord['answerFormat'] = 'strict';
    if (answer === null || (Array.isArray(answer) && !answer.length)) {
      const generated = await this.generate(q, digest, caller, step);
      answer = generated.answer;
      answerFormat = generated.format;
      if (q.kind === 'mcq' || q.kind === 'single' || q.kind === 'oq')
        decision = { driver: 'policy', mode: 'generation', note: generationNote(frame, caller.canScore) };
      if (digest.length)
        ({ grounding, cited } = await attribute(caller, generated.convo, digest, step, ATTRIBUTION_TOKENS));
    }
    return {
      question: q,
      answer,
      draft: null,
      digest,
      evidence: cited,
      grounding,
      answeredFrom: digest.length ? 'evidence' : 'own-knowledge',
      endedBy: 'answer',
      actions: observed.length,
      steps: { total: observed.length, valid: observed.length, informative: digest.length },
      answerFormat,
      ...(decision ? { decision } : {}),
      ...(answerIris ? { answerIris } : {}),
      trajectory,
      usage: caller.totals(),
      startedAt,
      seconds: Math.round(performance.now() - t0) / 1000,
    };
  }

  /**
   * The policy's evidence for the question's frame, and the answer the reasoner's verdicts and the
   * model's likelihoods decide (none for free text, or when nothing could be scored).
   */
  private async decide(
    q: AgentQuestion,
    frame: FrameReading['frame'],
    caller: StageCaller,
    step: (s: TrajectoryStep) => void,
  ): Promise<{
    observed: Observed[];
    answer: AgentAnswer | null;
    decision: AnswerDecision | null;
    answerIris?: string[];
  }> {
    const { queryService: qs, facts } = this.deps;
    if (frame?.kind === 'choice' && (q.kind === 'mcq' || q.kind === 'single')) {
      // A negated question's answer is what the ontology rules out: decide every option first.
      if (frame.negated) await prefetchFrame(frame, qs.decider, { signal: caller.signal });
      const ev = choiceEvidence(frame, qs);
      this.show(ev.observed, step);
      if (frame.negated) {
        const r = answerNegated(frame, ev, q.kind === 'single');
        if (!r.chosen.length) return { observed: ev.observed, answer: null, decision: null };
        return { observed: ev.observed, answer: q.kind === 'single' ? r.chosen[0] : r.chosen, decision: r.decision };
      }
      if (!caller.canScore && !reasonerSettles(ev, q.kind === 'single'))
        return { observed: ev.observed, answer: null, decision: null };
      const r = await answerChoice(frame, ev, caller, facts, q.kind === 'single', this.deps.scoreSettled);
      const answer = q.kind === 'single' ? (r.chosen[0] ?? null) : r.chosen;
      return { observed: ev.observed, answer, decision: r.decision };
    }
    if (frame?.kind === 'open' && q.kind === 'oq') {
      const ev = openEvidence(frame, qs, facts);
      this.show(ev.observed, step);
      if (!ev.entailed.length && !caller.canScore) return { observed: ev.observed, answer: null, decision: null };
      const r = await answerOpen(frame, ev, caller, (iri) => facts.entity(iri)?.name ?? iri);
      if (!r.names.length) return { observed: ev.observed, answer: null, decision: r.decision };
      return { observed: ev.observed, answer: r.names, decision: r.decision, answerIris: r.iris };
    }
    if (frame?.kind === 'free') {
      const ev = freeEvidence(frame, qs);
      this.show(ev, step);
      return { observed: ev, answer: null, decision: null };
    }
    return { observed: [], answer: null, decision: null };
  }

  private show(observed: Observed[], step: (s: TrajectoryStep) => void): void {
    for (const x of observed) stepObserved(step, x);
  }

  private async generate(q: AgentQuestion, digest: Evidence[], caller: StageCaller, step: (s: TrajectoryStep) => void) {
    const block = questionBlock(q);
    const convo: ChatMessage[] = answerMessages(
      FINAL_FROM_POLICY_SYSTEM,
      this.deps.persona,
      block,
      digest.map((d) => d.text),
      null,
    );
    for (const m of convo) step({ type: 'message', stage: 'answer', role: m.role, content: m.content });
    const final = await finalAnswer(caller, 'answer', convo, q, {
      maxTokens: ANSWER_TOKENS,
      vocabulary: this.deps.vocabulary ?? null,
      onPrompt: (m) => step({ type: 'message', stage: 'answer', role: m.role, content: m.content }),
    });
    convo.push({ role: 'assistant', content: final.reasoning });
    return { answer: final.answer, format: final.format, convo };
  }
}

/** The observations a decided answer rests on: the reasoner's ENTAILED verdicts and the cards that were scored. */
function supporting(digest: Evidence[], decision: AnswerDecision | null): Evidence[] {
  if (!decision || decision.mode === 'generation') return [];
  return digest.filter(
    (e) => e.verdict === 'ENTAILED' || e.kind === 'card' || (decision.mode === 'reasoner' && e.kind === 'closure'),
  );
}

/** Why a choice or open question's answer was generated rather than decided. */
function generationNote(frame: FrameReading['frame'], canScore: boolean): string {
  if (!frame) return 'no question frame: the answer was generated';
  return canScore
    ? 'the evidence gave no candidate to score: the answer was generated'
    : 'this backend gives no token probabilities: the answer was generated, not scored';
}

function decisionNote(d: AnswerDecision): string {
  const fmt = (x: number | null) => (x === null ? '–' : x.toFixed(2));
  if (d.options)
    return `Decision: ${d.options
      .map(
        (o) => `${o.key} ${o.verdict ?? 'unlinked'}, lift ${fmt(o.lift)}${o.source ? ` → chosen (${o.source})` : ''}`,
      )
      .join('; ')}.`;
  if (d.mode === 'reasoner') return `Decision: the reasoner's answer set (${d.candidates?.length ?? 0} concepts).`;
  return `Decision: ${(d.candidates ?? [])
    .map((c) => `${c.name} lift ${fmt(c.lift)}${c.source ? ' → chosen' : ''}`)
    .join('; ')}.`;
}
