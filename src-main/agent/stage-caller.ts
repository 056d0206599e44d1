import { TaskCancelledError, throwIfAborted } from '../core/task';
import type {
  BackendCapabilities,
  ChatMessage,
  GenerateOptions,
  GenerateResult,
  LlmBackend,
  ScoreRequest,
  ScoreResult,
} from '../llm/types';
import type { AgentStage, StageUsage, TrajectoryStep, Usage } from './agent-types';

export type CallOptions = Omit<GenerateOptions, 'signal' | 'onText'>;

/**
 * Every model call of one agent run goes through here: cancellation, the per-stage counters (sent,
 * evaluated and generated tokens) and the trajectory entry for the reply.
 */
export class StageCaller {
  readonly usage: Usage = newUsage();
  private capabilities_: Promise<BackendCapabilities> | undefined;

  constructor(
    readonly llm: LlmBackend,
    private readonly step: (s: TrajectoryStep) => void,
    readonly signal?: AbortSignal,
    private readonly onText?: (stage: AgentStage, chunk: string) => void,
  ) {}

  /** What the backend can enforce, asked once per run; a backend that cannot say enforces nothing. */
  capabilities(): Promise<BackendCapabilities> {
    this.capabilities_ ??= this.llm.capabilities
      ? this.llm.capabilities(this.signal).catch(() => NO_CAPABILITIES)
      : Promise.resolve(NO_CAPABILITIES);
    return this.capabilities_;
  }

  async call(stage: AgentStage, messages: ChatMessage[], opts: CallOptions): Promise<GenerateResult> {
    throwIfAborted(this.signal);
    const started = performance.now();
    let res: GenerateResult;
    try {
      res = await this.llm.chat(messages, {
        ...opts,
        signal: this.signal,
        onText: this.onText ? (c) => this.onText!(stage, c) : undefined,
      });
    } catch (e) {
      if (this.signal?.aborted) throw new TaskCancelledError();
      throw e;
    }
    if (res.finish === 'aborted' || this.signal?.aborted) throw new TaskCancelledError();
    const u = this.usage.byStage[stage];
    u.calls++;
    u.inputTokens += res.inputTokens;
    u.evaluatedTokens = plusKnown(
      u.evaluatedTokens,
      res.cachedInputTokens === null ? null : Math.max(0, res.inputTokens - (res.cachedInputTokens ?? 0)),
    );
    u.outputTokens += res.outputTokens;
    const shown =
      res.text || (res.toolCalls?.length ? res.toolCalls.map((t) => `${t.name}(${t.arguments})`).join('\n') : '');
    this.step({
      type: 'message',
      stage,
      role: 'assistant',
      content: shown,
      ms: Math.round(performance.now() - started),
      inputTokens: res.inputTokens,
      outputTokens: res.outputTokens,
    });
    return res;
  }

  /** Whether the backend can score continuations (token probabilities). */
  get canScore(): boolean {
    return typeof this.llm.score === 'function';
  }

  /** A likelihood call: counted as a call whose tokens were all evaluated and none generated. */
  async score(stage: AgentStage, req: ScoreRequest): Promise<ScoreResult> {
    throwIfAborted(this.signal);
    if (!this.llm.score) throw new Error('this backend gives no token probabilities');
    let res: ScoreResult;
    try {
      res = await this.llm.score(req, { signal: this.signal });
    } catch (e) {
      if (this.signal?.aborted) throw new TaskCancelledError();
      throw e;
    }
    throwIfAborted(this.signal);
    const u = this.usage.byStage[stage];
    u.calls++;
    u.inputTokens += res.evaluatedTokens;
    u.evaluatedTokens = plusKnown(u.evaluatedTokens, res.evaluatedTokens);
    return res;
  }

  /** Generated tokens so far, in the stages the shared budget covers (all but attribution). */
  generated(): number {
    const b = this.usage.byStage;
    return b.pre.outputTokens + b.react.outputTokens + b.answer.outputTokens;
  }

  /** Totals over the stages, filled in once the run is over. */
  totals(): Usage {
    const u = this.usage;
    const stages = Object.values(u.byStage);
    u.calls = stages.reduce((a, s) => a + s.calls, 0);
    u.inputTokens = stages.reduce((a, s) => a + s.inputTokens, 0);
    u.evaluatedTokens = stages.reduce<number | null>((a, s) => plusKnown(a, s.evaluatedTokens), 0);
    u.outputTokens = stages.reduce((a, s) => a + s.outputTokens, 0);
    return u;
  }
}

/** A sum that stays unknown once one term is. */
function plusKnown(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

export const NO_CAPABILITIES: BackendCapabilities = { grammar: false, jsonSchema: false, tools: false };

export function newStageUsage(): StageUsage {
  return { calls: 0, inputTokens: 0, evaluatedTokens: 0, outputTokens: 0 };
}

function newUsage(): Usage {
  return {
    ...newStageUsage(),
    byStage: { pre: newStageUsage(), react: newStageUsage(), answer: newStageUsage(), attribution: newStageUsage() },
  };
}
