/** perf:agent's paraphrase figures: the drop from revise --names label to other namings, and open questions' precision and recall. */
import type { AgentRecord } from '../src-main/agent/agent-types';
import type { ItemResult } from '../src-main/evaluation/evaluation-types';
import { round } from './perf-support';

export interface ParaphraseRow {
  ontology: string;
  seed: number;
  test: number;
  method: string;
  names?: string;
  items: ItemResult[];
  records: AgentRecord[];
  goldIris: Record<string, string[]>;
}

const base = (method: string) => method.replace(/ \(names \w+\)$/, '');
const pct = (items: ItemResult[]) =>
  items.length ? (100 * items.filter((r) => r.correct).length) / items.length : NaN;

/** Per ontology, seed and method: Test 2 MCQ and OQ accuracy with labels, with each other naming, and the drop. */
export function printDrop(rows: ParaphraseRow[]): void {
  const t2 = rows.filter((r) => r.test === 2 && r.names);
  const namings = [...new Set(t2.map((r) => r.names!))];
  if (!namings.includes('label') || namings.length < 2) return;
  console.log(
    '\nParaphrase run (Test 2, same items, revise --names label vs other namings):\n\n| ontology | seed | method | names | mcq | mcq drop (points) | oq | oq drop |\n|---|---|---|---|---|---|---|---|',
  );
  const groups = [...new Set(t2.map((r) => `${r.ontology}\t${r.seed}\t${base(r.method)}`))];
  const pooled = new Map<string, { label: ItemResult[]; other: ItemResult[] }>();
  for (const g of groups) {
    const [ontology, seed, method] = g.split('\t');
    const of = (n: string) =>
      t2.find((r) => r.ontology === ontology && String(r.seed) === seed && base(r.method) === method && r.names === n);
    const label = of('label');
    if (!label) continue;
    for (const n of namings.filter((x) => x !== 'label')) {
      const other = of(n);
      if (!other) continue;
      const kind = (xs: ItemResult[], k: string) => xs.filter((r) => r.kind === k);
      const [lm, om] = [pct(kind(label.items, 'mcq')), pct(kind(other.items, 'mcq'))];
      const [lo, oo] = [pct(kind(label.items, 'oq')), pct(kind(other.items, 'oq'))];
      console.log(
        `| ${ontology} | ${seed} | ${method} | ${n} | ${round(om, 1)} % | ${round(lm - om, 1)} | ${round(oo, 1)} % | ${round(lo - oo, 1)} |`,
      );
      const key = `${method}\t${n}`;
      const p = pooled.get(key) ?? { label: [], other: [] };
      p.label.push(...label.items);
      p.other.push(...other.items);
      pooled.set(key, p);
    }
  }
  for (const [key, p] of pooled) {
    const [method, n] = key.split('\t');
    const m = (xs: ItemResult[]) => pct(xs.filter((r) => r.kind === 'mcq'));
    const o = (xs: ItemResult[]) => pct(xs.filter((r) => r.kind === 'oq'));
    console.log(
      `| pooled | – | ${method} | label → ${n} | ${round(m(p.label), 1)} % → ${round(m(p.other), 1)} % | ${round(m(p.label) - m(p.other), 1)} | ${round(o(p.label), 1)} % → ${round(o(p.other), 1)} % | ${round(o(p.label) - o(p.other), 1)} |`,
    );
  }
}

/** Each oa-rag open question on Test 2: how many concepts it answered, precision and recall against the gold, and candidates read. */
export function printOpenTable(rows: ParaphraseRow[]): void {
  const lines: string[] = [];
  for (const r of rows.filter((x) => x.test === 2 && x.records.length))
    // perf:agent keeps one record per item, in the items' order.
    r.records.forEach((rec, i) => {
      const id = r.items[i]?.id;
      if (rec.question.kind !== 'oq' || !id) return;
      const gold = new Set(r.goldIris[id] ?? []);
      const answer = rec.answerIris ?? [];
      const hit = answer.filter((x) => gold.has(x)).length;
      const cands = rec.decision?.candidates ?? [];
      const candHit = cands.filter((c) => gold.has(c.iri)).length;
      const p = answer.length ? round(hit / answer.length, 2) : '–';
      const rc = gold.size ? round(hit / gold.size, 2) : '–';
      lines.push(
        `| ${r.ontology} | ${r.seed} | ${r.names ?? ''} | ${id} | ${answer.length} | ${p} | ${rc} | ${cands.length} (${candHit} gold) | ${gold.size} |`,
      );
    });
  if (!lines.length) return;
  console.log(
    '\nTest 2 open questions (oa-rag): precision and recall of the answer; the candidates scored and how many are gold\n\n| ontology | seed | names | item | answered | precision | recall | candidates | gold |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const l of lines) console.log(l);
}
