import { TaskCancelledError, throwIfAborted } from '../core/task';
import type { ChatMessage, GenerateOptions, JsonSchema, LlmBackend } from '../llm/types';
import type { QueryResult } from '../query/exec/query-result';
import { jsonObjectsFromEnd, parseAnswer } from './answer-parser';
import {
  GROUNDINGS, type AgentRecord, type AgentStage, type EndReason, type Evidence, type Grounding, type TrajectoryStep, type Usage,
} from './agent-record';
import {
  AGENT_PROMPT, ATTRIBUTION_RETRY, attributionPrompt, CORRECTIONS, FINAL_OWN_SYSTEM, FINAL_WITH_EVIDENCE_SYSTEM,
  finalOwnUser, finalWithEvidenceUser, preToolSystem,
} from './prompts';
import { answerSchema, questionBlock, type AgentAnswer, type AgentQuestion } from './question';
import { parseReactReply } from './react-parser';

export interface AgentBudget {
  /** Tool actions in the ReAct loop; malformed replies count too. */
  maxActions: number;
  /** Generated tokens across pre-tool reasoning, the loop and the answer step. */
  maxTokens: number;
  /** Generated tokens for the attribution step. */
  attributionTokens: number;
  /** Cap for a single call, so one runaway reply cannot eat the whole budget. */
  maxTokensPerCall: number;
}

export const PAPER_BUDGET: AgentBudget = { maxActions: 10, maxTokens: 5000, attributionTokens: 512, maxTokensPerCall: 1500 };

export interface AgentDeps {
  llm: LlmBackend;
  query: (text: string) => Promise<QueryResult>;
  persona: string;
  budget?: Partial<AgentBudget>;
}

export interface RunOptions {
  signal?: AbortSignal;
  onStep?: (step: TrajectoryStep) => void;
  onText?: (stage: AgentStage, chunk: string) => void;
}

/** Longest observation text kept in the conversation: one huge card must not push the question out of context. */
const MAX_OBSERVATION_CHARS = 6000;

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
    const usage = newUsage();
    let generated = 0;
    const step = (s: TrajectoryStep) => {
      trajectory.push(s);
      o.onStep?.(s);
    };
    const schema = answerSchema(q);
    const block = questionBlock(q);

    const call = async (stage: AgentStage, messages: ChatMessage[], opts: Partial<GenerateOptions> & { maxTokens: number }) => {
      throwIfAborted(o.signal);
      const started = performance.now();
      let res;
      try {
        res = await this.deps.llm.chat(messages, { ...opts, signal: o.signal, onText: o.onText ? (c) => o.onText!(stage, c) : undefined });
      } catch (e) {
        if (o.signal?.aborted) throw new TaskCancelledError();
        throw e;
      }
      if (res.finish === 'aborted' || o.signal?.aborted) throw new TaskCancelledError();
      const u = usage.byStage[stage];
      u.calls++;
      u.inputTokens += res.inputTokens;
      u.outputTokens += res.outputTokens;
      if (stage !== 'attribution') generated += res.outputTokens;
      step({
        type: 'message', stage, role: 'assistant', content: res.text, ms: Math.round(performance.now() - started),
        inputTokens: res.inputTokens, outputTokens: res.outputTokens,
      });
      return res.text;
    };
    const remaining = () => Math.max(0, this.budget.maxTokens - generated);
    const perCall = () => Math.min(this.budget.maxTokensPerCall, remaining());

    // Stage 1: think before touching the tool; the reply's JSON is the first draft.
    const system = preToolSystem(this.deps.persona);
    const convo: ChatMessage[] = [{ role: 'system', content: system }, { role: 'user', content: block }];
    step({ type: 'message', stage: 'pre', role: 'system', content: system });
    step({ type: 'message', stage: 'pre', role: 'user', content: block });
    const preReply = await call('pre', convo, { maxTokens: perCall() });
    convo.push({ role: 'assistant', content: preReply });
    let draft: AgentAnswer | null = parseAnswer(preReply, q);

    // Stage 2: ReAct in the same conversation.
    convo.push({ role: 'user', content: AGENT_PROMPT });
    step({ type: 'message', stage: 'react', role: 'user', content: AGENT_PROMPT });
    const observations: { result: QueryResult; query: string }[] = [];
    let actions = 0;
    let endedBy: EndReason = 'answer';
    for (;;) {
      if (actions >= this.budget.maxActions) {
        endedBy = 'action-budget';
        break;
      }
      if (remaining() <= 0) {
        endedBy = 'token-budget';
        break;
      }
      const reply = await call('react', convo, { maxTokens: perCall(), stop: ['\nObservation:'] });
      convo.push({ role: 'assistant', content: reply });
      const parsed = parseReactReply(reply);
      if (parsed.kind === 'answer') {
        const a = parseAnswer(parsed.answerText, q);
        if (a !== null) {
          draft = a;
          break;
        }
        actions++;
        this.correct(convo, step, CORRECTIONS.badAnswer);
        continue;
      }
      actions++;
      if (parsed.kind === 'malformed') {
        this.correct(convo, step, CORRECTIONS[parsed.reason]);
        continue;
      }
      step({ type: 'action', stage: 'react', query: parsed.query, thought: parsed.thought });
      const started = performance.now();
      const result = await this.deps.query(parsed.query);
      throwIfAborted(o.signal);
      const text = clip(result.observation);
      step({
        type: 'observation', stage: 'react', text, kind: result.kind, verdict: result.verdict, entities: result.entities,
        ms: Math.round(performance.now() - started), result,
      });
      observations.push({ result, query: parsed.query });
      convo.push({ role: 'user', content: `Observation: ${text}` });
    }
    if (endedBy !== 'answer') step({ type: 'note', stage: 'react', text: `The loop stopped at the ${endedBy === 'action-budget' ? 'action' : 'token'} budget.` });

    // Stage 3, step 1: answer from the evidence digest, or from own knowledge when it is empty.
    const digest: Evidence[] = digestOf(observations);
    const draftText = draft === null ? null : JSON.stringify({ answer: draft });
    let answerConvo: ChatMessage[];
    if (digest.length) {
      answerConvo = [
        { role: 'system', content: FINAL_WITH_EVIDENCE_SYSTEM },
        { role: 'user', content: finalWithEvidenceUser(this.deps.persona, block, digest.map((d) => d.text), draftText) },
      ];
    } else {
      answerConvo = [{ role: 'system', content: FINAL_OWN_SYSTEM }, { role: 'user', content: finalOwnUser(this.deps.persona, block) }];
    }
    for (const m of answerConvo) step({ type: 'message', stage: 'answer', role: m.role, content: m.content });
    let answer: AgentAnswer | null = null;
    // The paper gives step 1 whatever is left of the shared budget; a little always remains so a
    // budget-exhausted loop can still produce an answer.
    const answerTokens = Math.max(256, perCall());
    const answerReply = await call('answer', answerConvo, { maxTokens: answerTokens, jsonSchema: schema });
    answer = parseAnswer(answerReply, q) ?? draft;
    answerConvo.push({ role: 'assistant', content: answerReply });

    // Stage 3, step 2: which evidence, and how firmly.
    let grounding: Grounding | null = null;
    let cited: Evidence[] = [];
    if (digest.length) {
      const ask = attributionPrompt(digest.map((d) => d.text));
      answerConvo.push({ role: 'user', content: ask });
      step({ type: 'message', stage: 'attribution', role: 'user', content: ask });
      for (let attempt = 0; attempt < 2 && grounding === null; attempt++) {
        if (attempt === 1) {
          answerConvo.push({ role: 'user', content: ATTRIBUTION_RETRY });
          step({ type: 'message', stage: 'attribution', role: 'user', content: ATTRIBUTION_RETRY });
        }
        const reply = await call('attribution', answerConvo, { maxTokens: this.budget.attributionTokens, jsonSchema: ATTRIBUTION_SCHEMA });
        answerConvo.push({ role: 'assistant', content: reply });
        const att = parseAttribution(reply, digest);
        if (att) ({ grounding, cited } = att);
      }
      if (grounding === null) step({ type: 'note', stage: 'attribution', text: 'No valid attribution after one re-ask: no grounding recorded.' });
    }

    usage.calls = sum(usage, 'calls');
    usage.inputTokens = sum(usage, 'inputTokens');
    usage.outputTokens = sum(usage, 'outputTokens');
    return {
      question: q, answer, draft, digest, evidence: cited, grounding, answeredFrom: digest.length ? 'evidence' : 'own-knowledge', endedBy,
      actions, trajectory, usage, startedAt, seconds: Math.round((performance.now() - t0)) / 1000,
    };
  }

  private correct(convo: ChatMessage[], step: (s: TrajectoryStep) => void, text: string): void {
    step({ type: 'observation', stage: 'react', text, kind: 'correction', verdict: null, entities: [], ms: 0 });
    convo.push({ role: 'user', content: `Observation: ${text}` });
  }
}

export const ATTRIBUTION_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    evidence: { type: 'array', items: { type: 'string' }, maxItems: 30 },
    grounding: { type: 'string', enum: [...GROUNDINGS] },
  },
};

/** Failed calls, unknown names and empty answers say nothing about the question; they are dropped. */
export function digestOf(observations: { result: QueryResult; query: string }[]): Evidence[] {
  const kept: Evidence[] = [];
  const seen = new Set<string>();
  for (const { result, query } of observations) {
    if (result.kind === 'error' || result.verdict === 'UNKNOWN NAME') continue;
    const empty = result.form === 'select' && result.total === 0 && result.verdicts.length === 0 && result.relations.length === 0;
    if (empty) continue;
    const text = clip(result.observation);
    if (seen.has(text)) continue;
    seen.add(text);
    kept.push({ id: `E${kept.length + 1}`, text, kind: result.kind, query, verdict: result.verdict, entities: result.entities });
  }
  return kept;
}

export function parseAttribution(reply: string, digest: Evidence[]): { grounding: Grounding; cited: Evidence[] } | null {
  for (const obj of jsonObjectsFromEnd(reply)) {
    const o = obj as { evidence?: unknown; grounding?: unknown };
    const g = typeof o.grounding === 'string' ? o.grounding.trim().toLowerCase() : '';
    if (!(GROUNDINGS as readonly string[]).includes(g) || !Array.isArray(o.evidence)) continue;
    const ids = new Set(o.evidence.filter((x): x is string => typeof x === 'string').map((x) => x.trim().toUpperCase()));
    return { grounding: g as Grounding, cited: digest.filter((d) => ids.has(d.id)) };
  }
  return null;
}

function clip(s: string): string {
  return s.length > MAX_OBSERVATION_CHARS ? `${s.slice(0, MAX_OBSERVATION_CHARS)} … (cut)` : s;
}

function newUsage(): Usage {
  const z = () => ({ calls: 0, inputTokens: 0, outputTokens: 0 });
  return { calls: 0, inputTokens: 0, outputTokens: 0, byStage: { pre: z(), react: z(), answer: z(), attribution: z() } };
}

function sum(u: Usage, k: 'calls' | 'inputTokens' | 'outputTokens'): number {
  return Object.values(u.byStage).reduce((a, s) => a + s[k], 0);
}
