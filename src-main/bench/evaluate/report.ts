import type { Acc } from './metrics';
import type { EvalReport } from './runner';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function accTable(title: string, rows: Record<string, Acc>, label: string): string[] {
  const keys = Object.keys(rows);
  if (!keys.length) return [];
  return [`### ${title}`, '', `| ${label} | accuracy | correct | n |`, '|---|---:|---:|---:|', ...keys.map((k) => `| ${k} | ${pct(rows[k].accuracy)} | ${rows[k].correct} | ${rows[k].n} |`), ''];
}

/** A human-readable summary of a results.json. */
export function reportMarkdown(r: EvalReport): string {
  const lines = [
    `# Evaluation: ${r.method}${r.model !== 'none' ? ` with ${r.model}` : ''} on ${r.ontology}`,
    '',
    `- accuracy: **${pct(r.accuracy)}** (${r.correct} of ${r.n})`,
    `- dataset: ${r.dataset.items} items, sha256 ${r.dataset.hash.slice(0, 12)}…`,
    `- this run: ${r.run.answered} answered, ${r.run.reused} taken from earlier runs, ${r.run.seconds} s`,
    `- per question: ${r.usage.callsPerQuestion} LLM calls, ${r.usage.tokensPerQuestion} tokens (${r.usage.inputTokensPerQuestion} in, ${r.usage.outputTokensPerQuestion} out)`,
    ...(r.errors ? [`- items that failed (scored wrong): ${r.errors}`] : []),
    ...r.warnings.map((w) => `- warning: ${w}`),
    '',
    ...accTable('By kind', r.byKind, 'kind'),
    ...accTable('MCQ by masked slot', r.bySlot, 'slot'),
    ...accTable('MCQ by number of correct options', r.byGoldCount, '#correct'),
    ...accTable('OQ by number of conditions', r.byConditions, 'n'),
  ];
  const g = r.grounding;
  if (Object.entries(g.distribution).some(([k, v]) => k !== 'none' && v.count > 0)) {
    lines.push('### Grounding levels', '', '| level | share | accuracy | n |', '|---|---:|---:|---:|');
    for (const [k, v] of Object.entries(g.distribution)) lines.push(`| ${k} | ${pct(v.fraction)} | ${v.count ? pct(g.accuracy[k].accuracy) : '–'} | ${v.count} |`);
    lines.push('');
  }
  if (r.evidence) {
    lines.push('### Gold evidence', '', '| items | n | retrieved fully | partly | not at all | cited fully | retrieved → all cited |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const [k, e] of Object.entries(r.evidence)) {
      lines.push(`| ${k} | ${e.n} | ${pct(e.retrieved.full)} | ${pct(e.retrieved.partial)} | ${pct(e.retrieved.none)} | ${e.cited ? pct(e.cited.full) : '–'} | ${e.retrievedCitedFully === null ? '–' : pct(e.retrievedCitedFully)} |`);
    }
    lines.push('');
  }
  return lines.join('\n') + '\n';
}

/** results.json: the report without per-item traces (those stay in the result store). */
export function reportJson(r: EvalReport): string {
  return JSON.stringify(r, null, 2) + '\n';
}
