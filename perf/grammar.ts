/**
 * What a name-constrained step grammar costs against vocabulary size, with the built-in SmolLM2
 * through the real llama.cpp child process: grammar size, the first constrained step (compile +
 * prompt + generation), later steps, and the model process's resident memory. The vocabularies are
 * go-mgi-subset's own names, then (past its size) those names combined with further GO words, so
 * the trie has the branching of real labels. Prints a table; used to choose the vocabulary threshold.
 *
 *   npm run perf:grammar [-- --model <gguf>] [--sizes 300,1000,3000,10000,30000,50000]
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stepGrammar } from '../src-main/agent/structured/step-grammar';
import { agentVocabulary } from '../src-main/agent/structured/vocabulary';
import { builtinModelPath } from '../src-main/llm/models/builtin-model';
import { LocalLlamaBackend } from '../src-main/llm/local/local-llama-backend';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { round, SHARED } from './perf-support';

const { values } = parseArgs({
  options: { model: { type: 'string' }, sizes: { type: 'string' }, threads: { type: 'string' } },
});
const sizes = (values.sizes ?? '300,1000,3000,10000,30000,50000').split(',').map(Number);
const service = new OntologyService({ cacheDir: join(tmpdir(), 'oarag-bench-grammar'), appVersion: 'bench' });
service.start();
const h = await service.open(join(SHARED, 'go-mgi-subset.obo'));
const base = agentVocabulary(h);
await service.stop();
const words = [...new Set(base.concepts.flatMap((n) => n.split(' ')).filter((w) => /^[a-z]{4,}$/.test(w)))];
function concepts(n: number): string[] {
  const out = base.concepts.slice(0, n);
  for (let i = 0; out.length < n; i++)
    out.push(`${base.concepts[i % base.concepts.length]} ${words[(i * 7919) % words.length]}`);
  return out;
}

const llm = new LocalLlamaBackend({
  modelPath: values.model ?? builtinModelPath(),
  threads: Number(values.threads ?? 2),
  gpu: false,
});
await llm.start();
const rss = () => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${llm.pid}/status`, 'utf8'))![1]) / 1024);
  } catch {
    return null;
  }
};
const q = {
  kind: 'mcq' as const,
  question: 'Which of these is the nucleus part of?',
  options: ['cytoplasm', 'cell', 'organelle', 'chromosome'].map((name, i) => ({ key: 'ABCD'[i], name })),
};
const messages = [
  {
    role: 'system' as const,
    content:
      'Reply with one JSON object {"thought": "...", "action": {"query": "..."}}: one ontology query with quoted names.',
  },
  {
    role: 'user' as const,
    content: `Question: ${q.question}\nOptions: A. cytoplasm B. cell C. organelle D. chromosome`,
  },
];
const rows = [];
const rssBefore = rss();
for (const n of [0, ...sizes]) {
  const vocab = n === 0 ? null : { concepts: concepts(n), relations: base.relations };
  const grammar = stepGrammar({ question: q, vocabulary: vocab, allowAnswer: false, allowExplain: false });
  await llm.resetConversation();
  const t0 = performance.now();
  const first = await llm.chat(messages, { maxTokens: 120, grammar });
  const firstMs = performance.now() - t0;
  const again: number[] = [];
  for (let i = 0; i < 2; i++) {
    await llm.resetConversation();
    const t1 = performance.now();
    await llm.chat(messages, { maxTokens: 120, grammar });
    again.push(performance.now() - t1);
  }
  rows.push({
    names: n === 0 ? 'free' : n,
    grammarKB: round(grammar.length / 1024, 1),
    firstStepS: round(firstMs / 1000, 2),
    laterStepS: round(again.reduce((a, b) => a + b, 0) / again.length / 1000, 2),
    tokens: first.outputTokens,
    workerRssMB: rss(),
    reply: first.text.slice(0, 90),
  });
  console.error(JSON.stringify(rows.at(-1)));
}
await llm.close();
console.log(`model process RSS before any grammar: ${rssBefore} MB`);
console.table(rows);
