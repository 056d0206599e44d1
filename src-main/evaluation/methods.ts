import { frameContext } from '../agent/frame/frame-deps';
import { runAgent } from '../agent/run-agent';
import { frameOfItem } from './item-frame';
import { stringMatch } from './string-match';
import type { AgentRecord, Evidence, TrajectoryStep } from '../agent/agent-types';
import { finalAnswer } from '../agent/final-answer';
import { StageCaller } from '../agent/stage-caller';
import type { AgentVocabulary } from '../agent/structured/vocabulary';
import { questionBlock, type AgentAnswer, type AgentQuestion } from '../agent/question';
import { UserError } from '../core/errors';
import { throwIfAborted } from '../core/task';
import type { ChatMessage, LlmBackend } from '../llm/types';
import { formatQuery } from '../query/dialect';
import { ClosureFacts } from '../query/exec/closure-facts';
import type { DatasetItem, McqItem, OqItem } from '../datasets/generate/dataset';
export type { MethodUsage } from './evaluation-types';

export type MethodName = 'oa-rag' | 'cot' | 'rag-text' | 'reasoner-only' | 'string-match';
export const METHODS: readonly MethodName[] = ['oa-rag', 'cot', 'rag-text', 'reasoner-only', 'string-match'];

export function needsLlm(m: MethodName): boolean {
  return m !== 'reasoner-only' && m !== 'string-match';
}

export type { Method, MethodDeps, MethodOutcome } from './method';
import type { Method, MethodDeps, MethodOutcome } from './method';

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
    case 'string-match':
      return stringMatch(deps);
  }
}

function needLlm(deps: MethodDeps, name: MethodName): LlmBackend {
  if (!deps.llm) throw new UserError('usage', `the ${name} method needs a model (--model).`);
  return deps.llm;
}

function oaRag(deps: MethodDeps): Method {
  const llm = needLlm(deps, 'oa-rag');
  const checks = frameContext(deps.handle, deps.agentQuery.names).deps;
  return async (item, signal) => {
    const rec: AgentRecord = await runAgent(
      {
        handle: deps.handle,
        queryService: deps.agentQuery,
        llm,
        persona: deps.persona,
        driver: deps.driver,
        protocol: deps.protocol,
        nameScope: deps.nameScope,
        vocabulary: deps.vocabulary,
        budget: deps.budget,
      },
      agentQuestion(item),
      frameOfItem(item, checks),
      { signal },
    );
    return {
      predicted: asList(rec.answer),
      ...(rec.answerIris ? { predictedIris: rec.answerIris } : {}),
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
      ...(rec.decision ? { decision: rec.decision } : {}),
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
    const rows = words.length ? deps.handle.cardSearch.matching(words.map((w) => `"${w}"`).join(' OR '), k) : [];
    const digest: Evidence[] = rows.map((r, i) => ({
      id: `E${i + 1}`,
      text: clip(r.text),
      kind: 'card',
      query: formatQuery({ form: 'describe', name: r.name }),
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
 * No LLM: every MCQ option's statement (the option in the masked slot) goes to the closure by IRI,
 * and an OQ is the whole answer set of its conditions within the root's branch. The answer is
 * exactly what is entailed. Nothing is looked up by name, so a re-worded item scores the same.
 */
function reasonerOnly(deps: MethodDeps): Method {
  const facts = new ClosureFacts(deps.handle.closure);
  const name = (iri: string) => facts.entity(iri)?.name ?? iri;
  return async (item, signal) => {
    throwIfAborted(signal);
    if (item.kind === 'mcq') return mcq(item);
    return oq(item);
  };

  function mcq(item: McqItem): MethodOutcome {
    const predicted: string[] = [];
    const digest: Evidence[] = [];
    for (const o of item.options) {
      const st = { ...item.axiom, [item.slot]: o.iri };
      const holds = facts.holds(st);
      const verdict = holds ? 'ENTAILED' : 'NOT ENTAILED';
      const query = formatQuery({
        form: 'ask',
        subject: name(st.subject),
        relation: name(st.relation),
        filler: name(st.filler),
      });
      digest.push({
        id: `E${digest.length + 1}`,
        text: `${name(st.subject)} ${name(st.relation)} ${name(st.filler)}: ${holds === null ? 'not in this ontology' : verdict}`,
        kind: 'closure',
        query,
        verdict: holds === null ? null : verdict,
        entities: [st.subject, st.relation, st.filler],
      });
      if (holds) predicted.push(o.key);
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

  function oq(item: OqItem): MethodOutcome {
    const iris = facts.subjects(item.root, item.conditions) ?? [];
    const query = formatQuery({
      form: 'select-subjects',
      variable: 'x',
      conditions: [
        { relation: 'is a', filler: name(item.root) },
        ...item.conditions.map((c) => ({ relation: name(c.relation), filler: name(c.filler) })),
      ],
    });
    const names = iris.map(name);
    const digest: Evidence[] = [
      {
        id: 'E1',
        text: `${query}: ${iris.length} concepts${names.length ? `: ${names.slice(0, 50).join('; ')}${names.length > 50 ? '; …' : ''}` : ''}`,
        kind: 'closure',
        query,
        verdict: null,
        entities: [item.root, ...item.conditions.flatMap((c) => [c.relation, c.filler]), ...iris],
      },
    ];
    return {
      predicted: names,
      predictedIris: iris,
      grounding: null,
      digest,
      cited: iris.length ? digest : [],
      usage: { calls: 0, inputTokens: 0, outputTokens: 0 },
      record: { query, total: iris.length },
    };
  }
}

function clip(s: string): string {
  return s.length > CARD_TEXT_MAX ? `${s.slice(0, CARD_TEXT_MAX)} … (cut)` : s;
}
