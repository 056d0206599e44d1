/** The tables perf:agent prints: one row per ontology, seed, test and method, then pooled figures. */
import type { ItemResult } from '../src-main/evaluation/evaluation-types';
import { round } from './perf-support';

export interface TableRow {
  ontology: string;
  seed: number;
  test: number;
  method: string;
  items: ItemResult[];
  seconds: number;
}

function figures(items: ItemResult[], seconds: number) {
  const n = Math.max(1, items.length);
  const pct = (xs: ItemResult[]) =>
    xs.length
      ? `${round((100 * xs.filter((r) => r.correct).length) / xs.length, 1)} % (${xs.filter((r) => r.correct).length}/${xs.length})`
      : '–';
  const sum = (f: (r: ItemResult) => number) => items.reduce((a, r) => a + f(r), 0);
  return {
    mcq: pct(items.filter((r) => r.kind === 'mcq')),
    oq: pct(items.filter((r) => r.kind === 'oq')),
    all: pct(items),
    inTok: round(sum((r) => r.usage.inputTokens) / n, 0),
    // null: a server that does not report its cached tokens; results stored before the count: all were evaluated.
    evalTok: items.some((r) => r.usage.evaluatedTokens === null)
      ? 'not reported'
      : round(sum((r) => r.usage.evaluatedTokens ?? r.usage.inputTokens) / n, 0),
    outTok: round(sum((r) => r.usage.outputTokens) / n, 0),
    secPerQ: round(seconds / n, 2),
  };
}

const cols = ['mcq', 'oq', 'all', 'inTok', 'evalTok', 'outTok', 'secPerQ'] as const;

export function printTables(rows: TableRow[], tests: number[]): void {
  console.log(`| ontology | seed | test | method | ${cols.join(' | ')} |\n|${'---|'.repeat(cols.length + 4)}`);
  for (const r of rows) {
    const f = figures(r.items, r.seconds);
    console.log(`| ${r.ontology} | ${r.seed} | ${r.test} | ${r.method} | ${cols.map((c) => f[c]).join(' | ')} |`);
  }
  console.log(
    `\nPooled over ontologies and seeds:\n\n| test | method | ${cols.join(' | ')} |\n|${'---|'.repeat(cols.length + 2)}`,
  );
  for (const test of tests)
    for (const method of [...new Set(rows.map((r) => r.method))]) {
      const mine = rows.filter((r) => r.test === test && r.method === method);
      const f = figures(
        mine.flatMap((r) => r.items),
        mine.reduce((a, r) => a + r.seconds, 0),
      );
      console.log(`| ${test} | ${method} | ${cols.map((c) => f[c]).join(' | ')} |`);
    }
}
