import type { LlmBackend } from '../llm/types';
import type { QueryResult } from '../query/query-types';
import type {
  AgentRecord,
  AgentStage,
  EndReason,
  Evidence,
  Grounding,
  StepEnforcement,
  TrajectoryStep,
} from './agent-types';
import { parseAnswer, parseAnswerLeniently } from './answer-parser';
import { attribute } from './attribution';
import { finalAnswer } from './final-answer';
import {
  clip,
  stepObserved,
  type LoopContext,
  type LoopOutcome,
  type NameScopeMode,
  type Observed,
} from './loop-context';
import { stepEnforcement, structuredLoop } from './loop-structured';
import { textLoop } from './loop-text';
import { answerMessages, FINAL_WITH_EVIDENCE_SYSTEM, preToolSystem } from './prompts';
import type { AgentProtocol } from './protocol';
import { questionBlock, type AgentAnswer, type AgentQuestion } from './question';
import type { ChatMessage } from '../llm/types';
import { StageCaller } from './stage-caller';
import type { AgentVocabulary } from './structured/vocabulary';

export interface AgentBudget {
  /** Tool actions in the ReAct loop; malformed replies count too. */
  maxActions: number;
  /** Generated tokens across pre-tool reasoning, the loop and the answer step. */
  maxTokens: number;
  /** Generated tokens for the attribution step. */
  attributionTokens: number;
  /** Cap for a single call, so one runaway reply cannot eat the whole budget. */
  maxTokensPerCall: number;
  /** Cap for the pre-tool reasoning: a first guess, not an essay. */
  preTokens: number;
  /** Cap for the free reasoning of the answer step. */
  answerTokens: number;
}

export const PAPER_BUDGET: AgentBudget = {
  maxActions: 10,
  maxTokens: 5000,
  attributionTokens: 512,
  maxTokensPerCall: 1500,
  preTokens: 1024,
  answerTokens: 1024,
};

export interface AgentDeps {
  llm: LlmBackend;
  query: (text: string) => Promise<QueryResult>;
  persona: string;
  budget?: Partial<AgentBudget>;
  /**
   * 'structured' (JSON steps, enforced as well as the backend allows), 'text' (the paper's format),
   * or 'auto' (the default): structured when the backend can enforce anything, text otherwise.
   */
  protocol?: AgentProtocol | 'auto';
  /** Names a step grammar may offer; null or absent: names are free and linking suggests close ones. */
  vocabulary?: AgentVocabulary | null;
  /** Which names a step grammar offers (default 'question'; see LoopContext). */
  nameScope?: NameScopeMode;
  /** Whether EXPLAIN is offered (it needs the reasoner process). */
  allowExplain?: boolean;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Evidence gathered before the loop (the fixed policy's): shown to the model first and kept in the digest. */
  seed?: Observed[];
  onStep?: (step: TrajectoryStep) => void;
  onText?: (stage: AgentStage, chunk: string) => void;
}

/**
 * The OA-RAG agent: pre-tool reasoning, a ReAct loop over the query service, an answer from the
 * filtered evidence (or from own knowledge when nothing useful was found), then attribution.
 */
export class OaRagAgent {
  private readonly budget: AgentBudget;

  constructor(private readonly deps: AgentDeps) {
    this.budget = { ...PAPER_BUDGET, ...deps.budget };
  }

  async run(q: AgentQuestion, o: RunOptions = {}): Promise<AgentRecord> {
    const t0 = performance.now();
    const startedAt = new Date().toISOString();
    const trajectory: TrajectoryStep[] = [];
    const step = (s: TrajectoryStep) => {
      trajectory.push(s);
      o.onStep?.(s);
    };
    const caller = new StageCaller(this.deps.llm, step, o.signal, o.onText);
    const remaining = () => Math.max(0, this.budget.maxTokens - caller.generated());
    const r: AgentRun = { q, block: questionBlock(q), caller, step, remaining };

    const { convo, draft: preDraft } = await this.preTool(r);
    // The policy's evidence, when given, is where the model's own loop starts from.
    if (o.seed?.length) showSeed(r, convo, o.seed);
    const { loop, enforcement } = await this.react(r, convo, o.signal);
    const draft = loop.answer !== null ? loop.answer : preDraft;
    if (loop.endedBy !== 'answer') step({ type: 'note', stage: 'react', text: endNote(loop.endedBy) });
    const digest = digestOf([...(o.seed ?? []), ...loop.observations]);
    const { final, answerConvo } = await this.answerStep(r, digest, draft);
    const answer = final.answer ?? draft;
    answerConvo.push({ role: 'assistant', content: final.reasoning });

    // Stage 3, step 2: which evidence, and how firmly.
    let grounding: Grounding | null = null;
    let cited: Evidence[] = [];
    if (digest.length)
      ({ grounding, cited } = await attribute(caller, answerConvo, digest, step, this.budget.attributionTokens));

    return {
      question: q,
      answer,
      draft,
      digest,
      evidence: cited,
      grounding,
      answeredFrom: digest.length ? 'evidence' : 'own-knowledge',
      endedBy: loop.endedBy,
      actions: loop.actions,
      protocol: { name: enforcement === 'text' ? 'text' : 'structured', enforcement },
      steps: loop.steps,
      answerFormat: final.answer === null && answer !== null ? 'lenient' : final.format,
      trajectory,
      usage: caller.totals(),
      startedAt,
      seconds: Math.round(performance.now() - t0) / 1000,
    };
  }

  /** Stage 1: think before touching the tool; the reply's answer is the first draft. */
  private async preTool(r: AgentRun): Promise<{ convo: ChatMessage[]; draft: AgentAnswer | null }> {
    const system = preToolSystem(this.deps.persona);
    const convo: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: r.block },
    ];
    r.step({ type: 'message', stage: 'pre', role: 'system', content: system });
    r.step({ type: 'message', stage: 'pre', role: 'user', content: r.block });
    const pre = await r.caller.call('pre', convo, {
      maxTokens: Math.min(this.budget.preTokens, this.budget.maxTokensPerCall, r.remaining()),
    });
    convo.push({ role: 'assistant', content: pre.text });
    return { convo, draft: parseAnswer(pre.text, r.q) ?? parseAnswerLeniently(pre.text, r.q) };
  }

  /** Stage 2: ReAct in the same conversation, in the step protocol the backend can enforce. */
  private async react(
    r: AgentRun,
    convo: ChatMessage[],
    signal: AbortSignal | undefined,
  ): Promise<{ loop: LoopOutcome; enforcement: StepEnforcement }> {
    const enforcement = await this.enforcement(r.caller);
    const ctx: LoopContext = {
      caller: r.caller,
      question: r.q,
      convo,
      step: r.step,
      query: this.deps.query,
      vocabulary: this.deps.vocabulary ?? null,
      nameScope: this.deps.nameScope ?? 'question',
      allowExplain: this.deps.allowExplain ?? false,
      signal,
      budget: {
        maxActions: this.budget.maxActions,
        maxTokens: r.remaining(),
        maxTokensPerCall: this.budget.maxTokensPerCall,
      },
    };
    const loop = enforcement === 'text' ? await textLoop(ctx) : await structuredLoop(ctx, enforcement);
    return { loop, enforcement };
  }

  /** Stage 3, step 1: answer from the evidence digest, or from own knowledge when it is empty. */
  private async answerStep(
    r: AgentRun,
    digest: Evidence[],
    draft: AgentAnswer | null,
  ): Promise<{ final: Awaited<ReturnType<typeof finalAnswer>>; answerConvo: ChatMessage[] }> {
    const draftText = draft === null ? null : JSON.stringify({ answer: draft });
    const answerConvo: ChatMessage[] = answerMessages(
      FINAL_WITH_EVIDENCE_SYSTEM,
      this.deps.persona,
      r.block,
      digest.map((d) => d.text),
      draftText,
    );
    for (const m of answerConvo) r.step({ type: 'message', stage: 'answer', role: m.role, content: m.content });
    // The paper gives step 1 whatever is left of the shared budget; a little always remains so a
    // budget-exhausted loop can still produce an answer.
    const final = await finalAnswer(r.caller, 'answer', answerConvo, r.q, {
      maxTokens: Math.max(256, Math.min(this.budget.answerTokens, this.budget.maxTokensPerCall, r.remaining())),
      vocabulary: this.deps.vocabulary ?? null,
      onPrompt: (m) => r.step({ type: 'message', stage: 'answer', role: m.role, content: m.content }),
    });
    return { final, answerConvo };
  }

  private async enforcement(caller: StageCaller): Promise<StepEnforcement> {
    const p = this.deps.protocol ?? 'auto';
    if (p === 'text') return 'text';
    const can = await caller.capabilities();
    if (p === 'auto' && !can.grammar && !can.tools && !can.jsonSchema) return 'text';
    return stepEnforcement(caller);
  }
}

/** What the stages of one run share. */
interface AgentRun {
  q: AgentQuestion;
  block: string;
  caller: StageCaller;
  step: (s: TrajectoryStep) => void;
  /** Generated tokens left in the run's shared budget. */
  remaining: () => number;
}

/** The policy's observations, shown to the model before its own loop and kept in the trajectory. */
function showSeed(r: AgentRun, convo: ChatMessage[], seed: Observed[]): void {
  for (const x of seed) stepObserved(r.step, x);
  const seen = seed.map((x, i) => `[${i + 1}] ${x.query}\n${clip(x.result.observation)}`).join('\n\n');
  convo.push({ role: 'user', content: `Observations gathered for this question before you started:\n\n${seen}` });
  r.step({ type: 'message', stage: 'react', role: 'user', content: convo[convo.length - 1].content });
}

function endNote(e: EndReason): string {
  if (e === 'repeating') return 'The loop stopped: the model repeated a query it had already run.';
  return `The loop stopped at the ${e === 'action-budget' ? 'action' : 'token'} budget.`;
}

const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

function isSelfIsA(entities: string[]): boolean {
  return entities.length === 3 && entities[1] === SUBCLASS_OF && entities[0] === entities[2];
}

/** Failed calls, unknown names and empty answers say nothing about the question; they are dropped. */
export function digestOf(observations: Observed[]): Evidence[] {
  const kept: Evidence[] = [];
  const seen = new Set<string>();
  for (const { result, query } of observations) {
    if (result.kind === 'error' || result.verdict === 'UNKNOWN NAME') continue;
    // "X is a X" holds of every class and says nothing about the question: never shown as evidence.
    if ((result.form === 'ask' || result.form === 'explain') && isSelfIsA(result.entities)) continue;
    const empty =
      result.form === 'select' && result.total === 0 && result.verdicts.length === 0 && result.relations.length === 0;
    if (empty) continue;
    const text = clip(result.observation);
    if (seen.has(text)) continue;
    seen.add(text);
    kept.push({
      id: `E${kept.length + 1}`,
      text,
      kind: result.kind,
      query,
      verdict: result.verdict,
      ...(result.reasoner ? { reasoner: result.reasoner } : {}),
      entities: result.entities,
    });
  }
  return kept;
}
