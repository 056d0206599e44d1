import { OaRagAgent, type AgentBudget } from '../agent/agent';
import type { AgentRecord, AnswerFormat, Evidence, Grounding, TrajectoryStep } from '../agent/agent-record';
import { finalAnswer } from '../agent/final-answer';
import type { AgentProtocol } from '../agent/protocol';
import type { NameScopeMode } from '../agent/loop-context';
import { StageCaller } from '../agent/stage-caller';
import type { AgentVocabulary } from '../agent/structured/vocabulary';
import { questionBlock, type AgentAnswer, type AgentQuestion } from '../agent/question';
import { UserError } from '../core/errors';
import { throwIfAborted } from '../core/task';
import type { ChatMessage, LlmBackend } from '../llm/types';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { quoteName } from '../query/dialect';
import type { QueryResult } from '../query/exec/query-result';
import type { QueryService } from '../query/exec/query-service';
import type { DatasetItem, McqItem, OqItem } from '../datasets/generate/dataset';
import type { MethodUsage } from './evaluation-types';
export type { MethodUsage } from './evaluation-types';

export type MethodName = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only';
export const METHODS: readonly MethodName[] = ['oa-rag', 'cot', 'rag-text', 'reasoner-only'];

export function needsLlm(m: MethodName): boolean {
  return m !== 'reasoner-only';
}

export interface MethodOutcome {
  /** MCQ: option keys; OQ: concept names. null when no valid answer was produced. */
  predicted: string[] | null;
  grounding: Grounding | null;
  /** The observations the method retrieved; null for a method that retrieves nothing (CoT). */
  digest: Evidence[] | null;
  /** The observations it cited for its answer; null when the method does not cite. */
  cited: Evidence[] | null;
  usage: MethodUsage;
  /** Full trace for review (the agent record, or the prompt and reply). */
  record?: unknown;
  /** How the answer was read; 'lenient' means from prose, with no valid answer object. */
  answerFormat?: AnswerFormat;
}

export interface MethodDeps {
  handle: OntologyHandle;
  llm?: LlmBackend;
  persona: string;
  /** The query service the agent uses (normal result limits). */
  agentQuery: QueryService;
  /** A query service without result limits, for reasoner-only. */
  exactQuery: QueryService;
  budget?: Partial<AgentBudget>;
  /** Generated tokens for the one call of cot and rag-text. */
  maxTokens?: number;
  /** Cards inserted by rag-text. */
  ragK?: number;
  /** The agent's step protocol (default 'auto': structured where the backend can enforce it). */
  protocol?: AgentProtocol | 'auto';
  /** Names the agent's step grammar may offer (see grammarVocabulary). */
  vocabulary?: AgentVocabulary | null;
  nameScope?: NameScopeMode;
}

export type Method = (item: DatasetItem, signal?: AbortSignal) => Promise<MethodOutcome>;

export function agentQuestion(item: DatasetItem): AgentQuestion {
  return item.kind === 'mcq'
    ? { kind: 'mcq', question: item.question, options: item.options.map((o) => ({ key: o.key, name: o.name })) }
    : { kind: 'oq', question: item.question };
}

function asList(a: AgentAnswer | null): string[] | null {
  if (a === null) return null;
  return Array.isArray(a) ? a : [a];
}

export function createMethod(name: MethodName, deps: MethodDeps): Method {
  switch (name) {
    case 'oa-rag':
      return oaRag(deps);
    case 'cot':
      return cot(deps);
    case 'rag-text':
      return ragText(deps);
    case 'reasoner-only':
      return reasonerOnly(deps);
  }
}

function needLlm(deps: MethodDeps, name: MethodName): LlmBackend {
  if (!deps.llm) throw new UserError('usage', `the ${name} method needs a model (--model).`);
  return deps.llm;
}

function oaRag(deps: MethodDeps): Method {
  const agent = new OaRagAgent({
    llm: needLlm(deps, 'oa-rag'),
    query: (t) => deps.agentQuery.run(t),
    persona: deps.persona,
    budget: deps.budget,
    protocol: deps.protocol,
    vocabulary: deps.vocabulary,
    nameScope: deps.nameScope,
  });
  return async (item, signal) => {
    const rec: AgentRecord = await agent.run(agentQuestion(item), { signal });
    return {
      predicted: asList(rec.answer),
      grounding: rec.grounding,
      digest: rec.digest,
      cited: rec.digest.length ? rec.evidence : [],
      usage: {
        calls: rec.usage.calls,
        inputTokens: rec.usage.inputTokens,
        evaluatedTokens: rec.usage.evaluatedTokens,
        outputTokens: rec.usage.outputTokens,
      },
      record: rec,
      answerFormat: rec.answerFormat,
    };
  };
}

/** One method's model calls: free reasoning, then the answer under the schema's grammar when needed. */
async function reasonThenAnswer(
  llm: LlmBackend,
  messages: ChatMessage[],
  q: AgentQuestion,
  maxTokens: number,
  vocabulary: AgentVocabulary | null,
  signal?: AbortSignal,
) {
  const steps: TrajectoryStep[] = [];
  const caller = new StageCaller(llm, (s) => steps.push(s), signal);
  const final = await finalAnswer(caller, 'answer', messages, q, {
    maxTokens,
    vocabulary,
    onPrompt: (m) => steps.push({ type: 'message', stage: 'answer', role: m.role, content: m.content }),
  });
  const u = caller.totals();
  return {
    final,
    usage: {
      calls: u.calls,
      inputTokens: u.inputTokens,
      evaluatedTokens: u.evaluatedTokens,
      outputTokens: u.outputTokens,
    },
    replies: steps.filter((s) => s.type === 'message').map((s) => (s as { content: string }).content),
  };
}

const FINISH =
  'Think the question through step by step, but keep it short, then finish with the answer as one JSON object in the requested format, alone on the last line.';

function cot(deps: MethodDeps): Method {
  const llm = needLlm(deps, 'cot');
  return async (item, signal) => {
    const q = agentQuestion(item);
    const messages: ChatMessage[] = [
      { role: 'system', content: `${deps.persona} ${FINISH}` },
      { role: 'user', content: questionBlock(q) },
    ];
    const { final, usage, replies } = await reasonThenAnswer(
      llm,
      messages,
      q,
      deps.maxTokens ?? 1024,
      deps.vocabulary ?? null,
      signal,
    );
    return {
      predicted: asList(final.answer),
      grounding: null,
      digest: null,
      cited: null,
      usage,
      record: { messages, reply: final.reasoning, replies, answerFormat: final.format },
      answerFormat: final.format,
    };
  };
}

/** Words of our own templates and common function words: they only add noise to BM25. */
const RAG_STOP = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or that the this to with which what who every some ' +
    'complete completes statement related concept concepts relation choose option options ontology supports only plausible ' +
    'name one more kinds kind meet all these conditions give each exactly spells about no'
  ).split(' '),
);

const CARD_TEXT_MAX = 1500;

function ragText(deps: MethodDeps): Method {
  const llm = needLlm(deps, 'rag-text');
  const k = deps.ragK ?? 5;
  const stmt = deps.handle.db.prepare(
    `SELECT e.iri, e.name, c.text FROM card_fts f JOIN entity e ON e.id = f.rowid JOIN card c ON c.entity = f.rowid
     WHERE card_fts MATCH ? AND e.deprecated = 0 ORDER BY bm25(card_fts) LIMIT ?`,
  );
  return async (item, signal) => {
    const q = agentQuestion(item);
    const text = [item.question, ...(q.options ?? []).map((o) => o.name)].join(' ');
    const words = [
      ...new Set(
        text
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 1 && !RAG_STOP.has(w)),
      ),
    ];
    let rows: { iri: string; name: string; text: string }[] = [];
    if (words.length) {
      try {
        rows = stmt.all(words.map((w) => `"${w}"`).join(' OR '), k) as typeof rows;
      } catch {
        rows = [];
      }
    }
    const digest: Evidence[] = rows.map((r, i) => ({
      id: `E${i + 1}`,
      text: clip(r.text),
      kind: 'card',
      query: `DESCRIBE ${quoteName(r.name)}`,
      verdict: null,
      entities: [r.iri],
    }));
    const records = digest.length
      ? `Records from the ontology:\n\n${digest.map((d, i) => `[${i + 1}] ${d.text}`).join('\n\n')}\n\n`
      : '';
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: `${deps.persona} Records from the ontology come with the question; use them where they bear on it. ${FINISH}`,
      },
      { role: 'user', content: `${records}${questionBlock(q)}` },
    ];
    const { final, usage, replies } = await reasonThenAnswer(
      llm,
      messages,
      q,
      deps.maxTokens ?? 1024,
      deps.vocabulary ?? null,
      signal,
    );
    return {
      predicted: asList(final.answer),
      grounding: null,
      digest,
      cited: null,
      usage,
      record: {
        retrieved: rows.map((r) => r.iri),
        messages,
        reply: final.reasoning,
        replies,
        answerFormat: final.format,
      },
      answerFormat: final.format,
    };
  };
}

/**
 * No LLM: every MCQ option is put to ASK with the option in the masked slot, and an OQ is one SELECT
 * of the conjunction within the root's branch. The answer is exactly what is ENTAILED.
 */
function reasonerOnly(deps: MethodDeps): Method {
  const ix = deps.handle.closure;
  const nameOf = (iri: string) => {
    const id = ix.id(iri);
    return id === undefined ? iri : ix.nameOf(id);
  };
  const toEvidence = (r: QueryResult, i: number): Evidence => ({
    id: `E${i + 1}`,
    text: r.observation,
    kind: r.kind,
    query: r.query,
    verdict: r.verdict,
    entities: r.entities,
  });
  return async (item, signal) => {
    throwIfAborted(signal);
    if (item.kind === 'mcq') return mcq(item);
    return oq(item);
  };

  async function mcq(item: McqItem): Promise<MethodOutcome> {
    const a = quoteName(nameOf(item.axiom.subject));
    const r = quoteName(nameOf(item.axiom.relation));
    const b = quoteName(nameOf(item.axiom.filler));
    const predicted: string[] = [];
    const digest: Evidence[] = [];
    for (const o of item.options) {
      const x = quoteName(o.name);
      const query =
        item.slot === 'subject'
          ? `ASK { ${x} ${r} ${b} }`
          : item.slot === 'relation'
            ? `ASK { ${a} ${x} ${b} }`
            : `ASK { ${a} ${r} ${x} }`;
      const res = await deps.exactQuery.run(query);
      digest.push(toEvidence(res, digest.length));
      if (res.verdict === 'ENTAILED') predicted.push(o.key);
    }
    return {
      predicted,
      grounding: null,
      digest,
      cited: digest.filter((d) => d.verdict === 'ENTAILED'),
      usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
      record: { queries: digest.map((d) => ({ query: d.query, verdict: d.verdict })) },
    };
  }

  async function oq(item: OqItem): Promise<MethodOutcome> {
    const conds = [
      `?x "is a" ${quoteName(nameOf(item.root))}`,
      ...item.conditions.map((c) => `?x ${quoteName(nameOf(c.relation))} ${quoteName(nameOf(c.filler))}`),
    ];
    const query = `SELECT ?x WHERE { ${conds.join(' . ')} }`;
    const res = await deps.exactQuery.run(query);
    const live = res.kind === 'closure' ? res.results.filter((x) => !ix.deprecated.has(ix.id(x.iri) ?? -1)) : [];
    const digest = [toEvidence({ ...res, entities: [...res.entities, ...live.map((x) => x.iri)] }, 0)];
    return {
      predicted: live.map((x) => x.name),
      grounding: null,
      digest,
      cited: live.length ? digest : [],
      usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
      record: { query, kind: res.kind, total: res.total },
    };
  }
}

function clip(s: string): string {
  return s.length > CARD_TEXT_MAX ? `${s.slice(0, CARD_TEXT_MAX)} … (cut)` : s;
}
