import {
  getLlama,
  LlamaChat,
  LlamaLogLevel,
  resolveChatWrapper,
  TokenBias,
  type ChatHistoryItem,
  type GbnfJsonSchema,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
  type ResolveChatWrapperWithModelOptions,
} from 'node-llama-cpp';
import type { ChatMessage, ScoreResult } from '../types.js';
import { commonHistoryPrefix, toGenerationHistory, type HistoryItem } from './chat-history.js';
import {
  finishFromStopReason,
  type WorkerChatOptions,
  type WorkerChatResult,
  type WorkerErrorCode,
  type WorkerInit,
  type WorkerReadyInfo,
} from './worker-protocol.js';

/** An error the worker reports with a protocol code. */
export class EngineError extends Error {
  constructor(
    readonly code: WorkerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

interface Conversation {
  /** Clean history of the last call, ending with the generated model response. */
  history: HistoryItem[];
  /** The context window node-llama-cpp evaluated (differs from `history` after a context shift). */
  contextWindow: ChatHistoryItem[];
  shiftMetadata: unknown;
}

const PRINTABLE_ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * The llama.cpp side of the local backend: one model, one context with one sequence, one LlamaChat.
 * Runs inside the model process (llama-worker); never imported by the parent.
 *
 * KV reuse: every call evaluates through the same sequence, so node-llama-cpp keeps the longest common
 * token prefix of the new prompt and the sequence state and evaluates only the rest. When the new messages
 * extend the previous call's messages and reply, the previous context window is handed back too, so that a
 * context shift made earlier is not undone.
 */
export class LlamaEngine {
  private llama!: Llama;
  private model!: LlamaModel;
  private context!: LlamaContext;
  private sequence!: LlamaContextSequence;
  private chat!: LlamaChat;
  private conversation: Conversation | undefined;
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  private bias: TokenBias | undefined;
  private readonly recentLog: string[] = [];

  constructor(private readonly onLog: (level: string, message: string) => void = () => {}) {}

  async load(init: WorkerInit): Promise<WorkerReadyInfo> {
    const t0 = performance.now();
    const logger = (level: LlamaLogLevel, message: string) => {
      const line = message.trim();
      if (!line) return;
      this.recentLog.push(line);
      if (this.recentLog.length > 40) this.recentLog.shift();
      this.onLog(level, line);
    };
    try {
      this.llama = await getLlama({ gpu: init.gpu, build: 'never', logLevel: LlamaLogLevel.warn, logger });
    } catch (e) {
      if (init.gpu === false) throw new EngineError('model-load', `llama.cpp could not start: ${errText(e)}`);
      // A GPU build that does not work here: fall back to the CPU build.
      this.llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.warn, logger }).catch((e2) => {
        throw new EngineError('model-load', `llama.cpp could not start: ${errText(e2)}`);
      });
    }
    try {
      this.model = await this.llama.loadModel({
        modelPath: init.modelPath,
        gpuLayers: this.llama.gpu === false ? 0 : init.gpuLayers,
      });
    } catch (e) {
      await this.logsSettled();
      throw new EngineError('model-load', `llama.cpp could not load the model: ${this.explain(e)}`);
    }
    try {
      this.context = await this.model.createContext({
        contextSize: init.contextSize,
        threads: init.threads,
        sequences: 1,
        ...(init.batchSize ? { batchSize: init.batchSize } : {}),
      });
    } catch (e) {
      await this.logsSettled();
      throw new EngineError(
        'model-load',
        `llama.cpp could not create a context of ${init.contextSize} tokens: ${this.explain(e)}`,
      );
    }
    this.sequence = this.context.getSequence();
    const wrapper =
      init.chatWrapper === 'auto'
        ? resolveChatWrapper(this.model)
        : resolveChatWrapper(this.model, { type: init.chatWrapper as ResolveChatWrapperWithModelOptions['type'] });
    this.chat = new LlamaChat({ contextSequence: this.sequence, chatWrapper: wrapper });
    if (init.asciiOnly) this.bias = this.buildAsciiBias(init.vocabularySize);
    const trainContextSize = this.model.trainContextSize;
    return {
      gpu: this.llama.gpu,
      threads: this.context.currentThreads,
      contextSize: this.context.contextSize,
      chatWrapper: this.chat.chatWrapper.wrapperName,
      gpuLayers: this.model.gpuLayers,
      loadMs: Math.round(performance.now() - t0),
      trainContextSize,
    };
  }

  /** llama.cpp's log lines reach JS through a thread-safe callback, possibly after the failure itself. */
  private logsSettled(): Promise<void> {
    return new Promise((r) => setTimeout(r, 50));
  }

  private explain(e: unknown): string {
    const base = errText(e);
    // llama.cpp gives the reason only in its log ("Failed to load model" alone says nothing).
    const reason = [...this.recentLog]
      .reverse()
      .find((l) => /error|failed|missing|wrong|invalid|unknown/i.test(l) && !l.includes('failed to load model'));
    return reason
      ? `${base} (${reason.replace(/^llama_model_load: error loading model: /, '').replace(/\s+/g, ' ')})`
      : base;
  }

  private buildAsciiBias(vocabularySize: number | undefined): TokenBias {
    const bias = new TokenBias(this.model.tokenizer);
    for (let tok = 0; tok < (vocabularySize ?? 0); tok++) {
      const token = tok as Parameters<LlamaModel['detokenize']>[0][number];
      if (this.model.isEogToken(token)) continue;
      if (this.model.isSpecialToken(token)) {
        // Control tokens other than end-of-generation (<|im_start|>...) have no text: a weak model that emits
        // one mid-reply produces a reply whose text no longer matches its tokens.
        bias.set(token, 'never');
        continue;
      }
      const text = this.model.detokenize([token]);
      if (text.length > 0 && !PRINTABLE_ASCII.test(text)) bias.set(token, 'never');
    }
    return bias;
  }

  private grammarFor(schema: NonNullable<WorkerChatOptions['jsonSchema']>): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let g = this.grammars.get(key);
    if (!g) {
      // Our JsonSchema subset is a subset of GbnfJsonSchema; the generic signature cannot see that.
      const create = this.llama.createGrammarForJsonSchema.bind(this.llama) as (
        s: GbnfJsonSchema,
      ) => Promise<LlamaGrammar>;
      g = create(schema as unknown as GbnfJsonSchema);
      g.catch(() => this.grammars.delete(key));
      this.grammars.set(key, g);
    }
    return g;
  }

  /** GBNF grammars are compiled once per text; a handful stay warm (one per question shape and ontology). */
  private gbnfFor(text: string): Promise<LlamaGrammar> {
    let g = this.grammars.get(text);
    if (g) {
      this.grammars.delete(text);
      this.grammars.set(text, g);
      return g;
    }
    g = this.llama.createGrammar({ grammar: text });
    g.catch(() => this.grammars.delete(text));
    this.grammars.set(text, g);
    while (this.grammars.size > 16) this.grammars.delete(this.grammars.keys().next().value as string);
    return g;
  }

  async generate(
    messages: ChatMessage[],
    opts: WorkerChatOptions,
    signal: AbortSignal,
    onText: (chunk: string) => void,
  ): Promise<WorkerChatResult> {
    const history = toGenerationHistory(messages);
    const grammar = await this.grammarOf(opts);
    const maxTokens = this.roomFor(messages, opts.maxTokens);
    const prev = this.conversation;
    const extended =
      prev !== undefined &&
      commonHistoryPrefix(prev.history, history) === prev.history.length &&
      history.length > prev.history.length;
    const meterBefore = this.sequence.tokenMeter.getState();
    const t0 = performance.now();
    let tFirst: number | undefined;
    const onToken = () => {
      tFirst ??= performance.now();
    };
    let response;
    try {
      response = await this.chat.generateResponse(history as ChatHistoryItem[], {
        maxTokens,
        temperature: opts.temperature ?? 0,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(opts.stop?.length ? { customStopTriggers: opts.stop } : {}),
        ...(grammar ? { grammar } : {}),
        ...(this.bias ? { tokenBias: this.bias } : {}),
        signal,
        stopOnAbortSignal: true,
        onToken,
        onTextChunk: opts.stream
          ? (chunk: string) => {
              if (chunk) onText(chunk);
            }
          : undefined,
        ...(extended
          ? {
              lastEvaluationContextWindow: {
                history: [...prev.contextWindow, ...(history.slice(prev.history.length) as ChatHistoryItem[])],
              },
              contextShift: { lastEvaluationMetadata: prev.shiftMetadata as object | null | undefined },
            }
          : {}),
      });
    } catch (e) {
      this.conversation = undefined;
      return this.generationFailure(e, signal, performance.now() - t0, extended);
    }
    const t1 = performance.now();
    const usage = this.usageSince(meterBefore);
    const text = response.response;
    const finish = finishFromStopReason(response.metadata.stopReason);
    const lastItem = history[history.length - 1] as Extract<HistoryItem, { type: 'model' }>;
    const fullReply = (lastItem.response[0] ?? '') + text;
    this.conversation = {
      history: [...history.slice(0, -1), { type: 'model', response: [fullReply] }],
      contextWindow: response.lastEvaluation.contextWindow,
      shiftMetadata: response.lastEvaluation.contextShiftMetadata,
    };
    return {
      result: {
        text,
        inputTokens: usage.promptTokens,
        outputTokens: usage.outputTokens,
        finish,
        cachedInputTokens: usage.reusedPromptTokens,
      },
      stats: {
        ...usage,
        promptMs: (tFirst ?? t1) - t0,
        generationMs: t1 - (tFirst ?? t1),
        extendedConversation: extended,
      },
    };
  }

  /** The grammar a call constrains its reply with: its own GBNF text, or one made from its JSON schema. */
  private async grammarOf(opts: WorkerChatOptions): Promise<LlamaGrammar | undefined> {
    if (opts.grammar) {
      try {
        return await this.gbnfFor(opts.grammar);
      } catch (e) {
        throw new EngineError('bad-spec', `The grammar cannot be compiled: ${errText(e)}`);
      }
    }
    if (opts.jsonSchema) {
      try {
        return await this.grammarFor(opts.jsonSchema);
      } catch (e) {
        throw new EngineError('bad-spec', `The JSON schema cannot be turned into a grammar: ${errText(e)}`);
      }
    }
    return undefined;
  }

  /**
   * The tokens a reply may take. node-llama-cpp would silently shift (cut) a prompt that does not fit; a
   * RAG prompt must not lose evidence unnoticed, so an oversized prompt is an error and generation is
   * capped to the room left.
   */
  private roomFor(messages: ChatMessage[], maxTokens: number): number {
    const promptSize = this.format(messages).tokens;
    const room = this.context.contextSize - promptSize - 1;
    if (room < 1) {
      throw new EngineError(
        'context-overflow',
        `The prompt needs ${promptSize} tokens but the context window holds ${this.context.contextSize}; shorten it or use a larger contextSize.`,
      );
    }
    return Math.min(maxTokens, room);
  }

  /** A cancelled call answers with an empty, aborted reply; any other failure is an EngineError. */
  private generationFailure(
    e: unknown,
    signal: AbortSignal,
    promptMs: number,
    extendedConversation: boolean,
  ): WorkerChatResult {
    if (signal.aborted) {
      return {
        result: { text: '', inputTokens: 0, outputTokens: 0, finish: 'aborted' },
        stats: {
          promptTokens: 0,
          evaluatedPromptTokens: 0,
          reusedPromptTokens: 0,
          outputTokens: 0,
          promptMs,
          generationMs: 0,
          extendedConversation,
        },
      };
    }
    const msg = errText(e);
    if (/context size is too small|too long|exceeds/i.test(msg)) {
      throw new EngineError(
        'context-overflow',
        `The prompt does not fit the context window of ${this.context.contextSize} tokens (${msg}).`,
      );
    }
    throw new EngineError('internal', `Generation failed: ${msg}`);
  }

  /**
   * The tokens of one call, from the sequence's token meter: prompt tokens without logits count as input,
   * every token decoded with logits as output (the last prompt token and each generated token fed back).
   * The last sampled token is not decoded.
   */
  private usageSince(meterBefore: ReturnType<LlamaContextSequence['tokenMeter']['getState']>) {
    const used = this.sequence.tokenMeter.diff(meterBefore);
    const outputTokens = used.usedOutputTokens;
    const evaluatedPromptTokens = outputTokens > 0 ? used.usedInputTokens + 1 : used.usedInputTokens;
    const promptTokens = Math.max(
      evaluatedPromptTokens,
      this.sequence.contextTokens.length - Math.max(0, outputTokens - 1),
    );
    return {
      promptTokens,
      evaluatedPromptTokens,
      reusedPromptTokens: promptTokens - evaluatedPromptTokens,
      outputTokens,
    };
  }

  /** The exact prompt text the model would see for these messages, and its token count. */
  format(messages: ChatMessage[]): { text: string; tokens: number } {
    const history = toGenerationHistory(messages) as ChatHistoryItem[];
    const { contextText } = this.chat.chatWrapper.generateContextState({ chatHistory: history });
    return { text: contextText.toString(), tokens: contextText.tokenize(this.model.tokenizer).length };
  }

  /**
   * ln P(continuation | prompt) for each continuation, on the model's one sequence: the prompt is
   * evaluated once (its KV state kept), and each continuation from the end of the prompt. Only the
   * TOP_K likeliest next tokens are read at each position (no full-vocabulary map): a token outside
   * them gets half the probability of the last one, a bound that keeps a rare token rare.
   */
  async score(prompt: string, continuations: string[]): Promise<ScoreResult> {
    this.conversation = undefined;
    const bos = this.model.tokens.bos;
    const p = [...(bos !== null ? [bos] : []), ...this.model.tokenize(prompt)];
    let evaluated = 0;
    const scores: ScoreResult['scores'] = [];
    for (const text of continuations) {
      const c = this.model.tokenize(text);
      const full = [...p, ...c];
      if (full.length >= this.context.contextSize)
        throw new EngineError(
          'context-overflow',
          `Scoring needs ${full.length} tokens but the context window holds ${this.context.contextSize}.`,
        );
      // The logits of the prompt's last token and of every continuation token are needed afresh.
      const start = Math.max(0, Math.min(this.sequence.compareContextTokens(full).firstDifferentIndex, p.length - 1));
      if (start < this.sequence.nextTokenIndex)
        await this.sequence.eraseContextTokenRanges([{ start, end: this.sequence.nextTokenIndex }]);
      const input = full
        .slice(start)
        .map((tok, j) =>
          start + j >= p.length - 1 && start + j < full.length - 1
            ? ([tok, { generateNext: { probabilities: true, options: { topK: TOP_K, temperature: 1 } } }] as const)
            : tok,
        );
      const out = await this.sequence.controlledEvaluate(
        input as Parameters<LlamaContextSequence['controlledEvaluate']>[0],
      );
      evaluated += input.length;
      let logprob = 0;
      for (let k = 0; k < c.length; k++) {
        const probs = out[p.length - 1 + k - start]?.next.probabilities;
        logprob += Math.log(probabilityOf(probs, c[k]));
      }
      scores.push({ logprob, tokens: c.length });
    }
    return { scores, evaluatedTokens: evaluated, method: 'top-k' };
  }

  countTokens(text: string): number {
    return this.model.tokenize(text).length;
  }

  async reset(): Promise<void> {
    this.conversation = undefined;
    await this.sequence.clearHistory();
  }

  async dispose(): Promise<void> {
    await this.llama?.dispose();
  }
}

const TOP_K = 64;

function probabilityOf(probs: Map<number, number> | undefined, token: number): number {
  if (!probs || probs.size === 0) return 1e-9;
  const p = probs.get(token);
  if (p !== undefined && p > 0) return p;
  let last = 1;
  for (const v of probs.values()) last = v;
  return Math.max(1e-9, last / 2);
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
