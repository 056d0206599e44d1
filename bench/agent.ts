/**
 * Per-question wall time and token counts of the agent: a scripted 5-call trajectory (the loop's own
 * overhead over the real query service) and a trajectory on the tiny random GGUF through the real
 * llama.cpp child process. Prints JSON.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OaRagAgent } from '../src-main/agent/agent';
import type { AgentQuestion } from '../src-main/agent/question';
import { LocalLlamaBackend } from '../src-main/llm/local/local-llama-backend';
import { ScriptedBackend } from '../src-main/llm/scripted/scripted-backend';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { QueryService } from '../src-main/query/exec/query-service';
import { resourcePath } from '../src-main/core/paths';
import { writeTinyGguf } from '../test/support/gguf/write-tiny-gguf';
import { round } from './bench-support';

const work = join(tmpdir(), 'oarag-bench-agent');
mkdirSync(work, { recursive: true });
const service = new OntologyService({ cacheDir: join(work, 'cache'), appVersion: 'bench' });
service.start();
const h = await service.open(resourcePath('samples', 'cardio.ofn'));
await service.bridge().stop();
const qs = new QueryService(h);
const ix = h.closure;
const someClass = ix.kindOf.findIndex((k, id) => k === 'class' && (ix.parents[id]?.length ?? 0) > 0);
const name = ix.nameOf(someClass);
const parent = ix.nameOf(ix.parents[someClass]![0]);
const q: AgentQuestion = { kind: 'mcq', question: `Which of these is a parent of ${name}?`, options: [{ key: 'A', name: parent }, { key: 'B', name: 'nothing at all' }] };

async function run(label: string, llm: ScriptedBackend | LocalLlamaBackend, runs: number) {
  const rows: { seconds: number; calls: number; inputTokens: number; outputTokens: number; actions: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const agent = new OaRagAgent({ llm, query: (t) => qs.run(t), persona: 'You are a careful clinician.' });
    const t0 = performance.now();
    const rec = await agent.run(q);
    rows.push({ seconds: (performance.now() - t0) / 1000, calls: rec.usage.calls, inputTokens: rec.usage.inputTokens, outputTokens: rec.usage.outputTokens, actions: rec.actions });
  }
  const mean = (k: keyof (typeof rows)[number]): number => round(rows.reduce((a, r) => a + r[k], 0) / rows.length, 3);
  return { trajectory: label, runs, secondsPerQuestion: mean('seconds'), calls: mean('calls'), actions: mean('actions'), inputTokens: mean('inputTokens'), outputTokens: mean('outputTokens') };
}

const script = () => [
  '{"answer": ["A"]}',
  `Thought: check\nAction: query(ASK { "${name}" "is a" "${parent}" })`,
  `Thought: and the card\nAction: query(DESCRIBE "${name}")`,
  'Thought: I now know the answer\nAnswer: {"answer": ["A"]}',
  '{"answer": ["A"]}',
  '{"evidence": ["E1"], "grounding": "entailed"}',
];
const results = [];
const scriptedRuns = 20;
results.push(await run('scripted (6 calls: pre, 2 actions, answer, final, attribution)', new ScriptedBackend(Array.from({ length: scriptedRuns }, script).flat()), scriptedRuns));

const gguf = join(work, 'tiny.gguf');
writeTinyGguf(gguf, { seed: 3, context: 16384 });
const local = new LocalLlamaBackend({ modelPath: gguf, threads: 1, gpu: false, asciiOnly: true, contextSize: 16384 });
const t0 = performance.now();
await local.start();
const loadSeconds = round((performance.now() - t0) / 1000, 3);
const tiny = await run('tiny random GGUF (real llama.cpp child process, threads 1)', local, 3);
await local.close();
results.push({ ...tiny, modelStartSeconds: loadSeconds });
console.log(JSON.stringify({ question: q.question, results }, null, 2));
await service.stop();
