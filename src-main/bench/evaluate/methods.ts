import { OaRagAgent, type AgentBudget } from '../../agent/agent';
import type { AgentRecord, Evidence, Grounding } from '../../agent/agent-record';
import { parseAnswer } from '../../agent/answer-parser';
import { questionBlock, type AgentAnswer, type AgentQuestion } from '../../agent/question';
import { UserError } from '../../core/errors';
import { TaskCancelledError, throwIfAborted } from '../../core/task';
import type { ChatMessage, LlmBackend } from '../../llm/types';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import { quoteName } from '../../query/dialect';
import type { QueryResult } from '../../query/exec/query-result';
import type { QueryService } from '../../query/exec/query-service';
import type { DatasetItem, McqItem, OqItem } from '../generate/dataset';

export type MethodName = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only';
export const METHODS: readonly MethodName[] = ['oa-rag', 'cot', 'rag-text', 'reasoner-only'];

export function needsLlm(m: MethodName): boolean {
  return m !== 'reasoner-only';
}

export interface MethodUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
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
  const agent = new OaRagAgent({ llm: needLlm(deps, 'oa-rag'), query: (t) => deps.agentQuery.run(t), persona: deps.persona, budget: deps.budget });
  return async (item, signal) => {
    const rec: AgentRecord = await agent.run(agentQuestion(item), { signal });
    return {
      predicted: asList(rec.answer),
      grounding: rec.grounding,
      digest: rec.digest,
      cited: rec.digest.length ? rec.evidence : [],
      usage: { calls: rec.usage.calls, inputTokens: rec.usage.inputTokens, outputTokens: rec.usage.outputTokens },
      record: rec,
    };
  };
}

async function oneCall(llm: LlmBackend, messages: ChatMessage[], maxTokens: number, signal?: AbortSignal) {
  throwIfAborted(signal);
  let res;
  try {
    res = await llm.chat(messages, { maxTokens, signal });
  } catch (e) {
    if (signal?.aborted) throw new TaskCancelledError();
    throw e;
  }
  if (res.finish === 'aborted' || signal?.aborted) throw new TaskCancelledError();
  return res;
}

const FINISH = 'Think the question through step by step, but keep it short, then finish with the answer as one JSON object in the requested format, alone on the last line.';

function cot(deps: MethodDeps): Method {
  const llm = needLlm(deps, 'cot');
  return async (item, signal) => {
    const q = agentQuestion(item);
    const messages: ChatMessage[] = [{ role: 'system', content: `${deps.persona} ${FINISH}` }, { role: 'user', content: questionBlock(q) }];
    const res = await oneCall(llm, messages, deps.maxTokens ?? 2048, signal);
    return {
      predicted: asList(parseAnswer(res.text, q)),
      grounding: null,
      digest: null,
      cited: null,
      usage: { calls: 1, inputTokens: res.inputTokens, outputTokens: res.outputTokens },
      record: { messages, reply: res.text },
    };
  };
}

/** Words of our own templates and common function words: they only add noise to BM25. */
const RAG_STOP = new Set(
  ('a an and are as at be by for from has have in is it its of on or that the this to with which what who every some ' +
    'complete completes statement related concept concepts relation choose option options ontology supports only plausible ' +
    'name one more kinds kind meet all these conditions give each exactly spells about no').split(' '),
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
    const words = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && !RAG_STOP.has(w)))];
    let rows: { iri: string; name: string; text: string }[] = [];
    if (words.length) {
      try {
        rows = stmt.all(words.map((w) => `"${w}"`).join(' OR '), k) as typeof rows;
      } catch {
        rows = [];
      }
    }
    const digest: Evidence[] = rows.map((r, i) => ({
      id: `E${i + 1}`, text: clip(r.text), kind: 'card', query: `DESCRIBE ${quoteName(r.name)}`, verdict: null, entities: [r.iri],
    }));
    const records = digest.length ? `Records from the ontology:\n\n${digest.map((d, i) => `[${i + 1}] ${d.text}`).join('\n\n')}\n\n` : '';
    const messages: ChatMessage[] = [
      { role: 'system', content: `${deps.persona} Records from the ontology come with the question; use them where they bear on it. ${FINISH}` },
      { role: 'user', content: `${records}${questionBlock(q)}` },
    ];
    const res = await oneCall(llm, messages, deps.maxTokens ?? 2048, signal);
    return {
      predicted: asList(parseAnswer(res.text, q)),
      grounding: null,
      digest,
      cited: null,
      usage: { calls: 1, inputTokens: res.inputTokens, outputTokens: res.outputTokens },
      record: { retrieved: rows.map((r) => r.iri), messages, reply: res.text },
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
    id: `E${i + 1}`, text: r.observation, kind: r.kind, query: r.query, verdict: r.verdict, entities: r.entities,
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
      const query = item.slot === 'subject' ? `ASK { ${x} ${r} ${b} }` : item.slot === 'relation' ? `ASK { ${a} ${x} ${b} }` : `ASK { ${a} ${r} ${x} }`;
      const res = await deps.exactQuery.run(query);
      digest.push(toEvidence(res, digest.length));
      if (res.verdict === 'ENTAILED') predicted.push(o.key);
    }
    return { predicted, grounding: null, digest, cited: digest.filter((d) => d.verdict === 'ENTAILED'), usage: { calls: 0, inputTokens: 0, outputTokens: 0 }, record: { queries: digest.map((d) => ({ query: d.query, verdict: d.verdict })) } };
  }

  async function oq(item: OqItem): Promise<MethodOutcome> {
    const conds = [`?x "is a" ${quoteName(nameOf(item.root))}`, ...item.conditions.map((c) => `?x ${quoteName(nameOf(c.relation))} ${quoteName(nameOf(c.filler))}`)];
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
