import { turnTaker } from '../core/yield-turn';
import { describeSelection } from './item-selection';
import type { Acc } from './metrics';
import type { ReviewMark } from './result-store';
import type { EvalReport } from './runner';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function accTable(title: string, rows: Record<string, Acc>, label: string): string[] {
  const keys = Object.keys(rows);
  if (!keys.length) return [];
  // The undetermined column appears only when some answer chose an option no reasoner settled.
  const u = keys.some((k) => rows[k].undetermined);
  return [
    `### ${title}`,
    '',
    `| ${label} | accuracy | correct |${u ? ' undetermined |' : ''} n |`,
    `|---|---:|---:|${u ? '---:|' : ''}---:|`,
    ...keys.map(
      (k) =>
        `| ${k} | ${pct(rows[k].accuracy)} | ${rows[k].correct} |${u ? ` ${rows[k].undetermined ?? 0} |` : ''} ${rows[k].n} |`,
    ),
    '',
  ];
}

function levelTable(
  title: string,
  note: string,
  dist: Record<string, { count: number; fraction: number }>,
  accs: Record<string, Acc>,
): string[] {
  const out = [`### ${title}`, '', note, '', '| level | share | accuracy | n |', '|---|---:|---:|---:|'];
  for (const [k, v] of Object.entries(dist)) {
    if (k === 'none' && !v.count) continue;
    out.push(`| ${k} | ${pct(v.fraction)} | ${v.count ? pct(accs[k].accuracy) : '–'} | ${v.count} |`);
  }
  return [...out, ''];
}

/** A human-readable summary of a results.json, with the reviewers' marks when given. */
export function reportMarkdown(r: EvalReport, marks?: Map<string, ReviewMark>): string {
  const lines = [...summaryLines(r), ...groundingLines(r), ...evidenceLines(r), ...markLines(r, marks)];
  return lines.join('\n') + '\n';
}

/** The run's figures, its key and the accuracy tables. */
function summaryLines(r: EvalReport): string[] {
  const k = r.key;
  return [
    `# Evaluation: ${r.method}${r.model !== 'none' ? ` with ${r.model}` : ''} on ${r.ontology}`,
    '',
    `- accuracy: **${pct(r.accuracy)}** (${r.correct} of ${r.n})${r.undetermined ? `; **${r.undetermined} undetermined** (an option no reasoner settled was chosen: never correct)` : ''}`,
    `- this run: **${r.run.answered} answered, ${r.run.reused} reused** from earlier runs with the same key, ${r.run.seconds} s`,
    ...r.warnings.map((w) => `- **warning:** ${w}`),
    `- dataset: ${datasetItems(r)}, sha256 ${r.dataset.hash.slice(0, 12)}…`,
    ...(k
      ? [
          `- ontology content: ${k.ontology.slice(0, 19)}…`,
          `- model identity: ${k.model}; protocol ${k.protocol}, prompt version ${k.promptVersion}`,
          `- run id: ${r.runId}`,
        ]
      : []),
    `- per question: ${r.usage.callsPerQuestion} LLM calls, ${r.usage.tokensPerQuestion} tokens (${r.usage.inputTokensPerQuestion} in, ${r.usage.outputTokensPerQuestion} out)`,
    ...(r.errors
      ? [
          `- items that failed (scored wrong): ${r.errors}${r.emptyReplies ? `, of which ${r.emptyReplies} with an empty or cut reply from the server` : ''}`,
        ]
      : []),
    ...(r.stopped
      ? [`- **stopped before the end:** ${r.stopped.reason} (${r.n} of ${r.dataset.items} items finished)`]
      : []),
    ...(r.provenance
      ? [
          `- answers decided by: the reasoner alone ${r.provenance.items.reasoner}, the model's likelihoods ${r.provenance.items.likelihood}, generation ${r.provenance.items.generation}`,
          `- chosen options and concepts: ${r.provenance.chosen.reasoner} entailed (reasoner), ${r.provenance.chosen['model-score']} the model's best score, ${r.provenance.chosen['card-named'] ?? 0} the model's best of the options their card names, ${r.provenance.chosen['reasoner-isa']} added by "is a" from a chosen one${r.provenance.chosen['ruled-out'] ? `, ${r.provenance.chosen['ruled-out']} ruled out by the ontology (negated questions)` : ''}`,
        ]
      : []),
    '',
    ...accTable('By kind', r.byKind, 'kind'),
    ...accTable('MCQ by masked slot', r.bySlot, 'slot'),
    ...accTable('MCQ by number of correct options', r.byGoldCount, '#correct'),
    ...accTable('OQ by number of conditions', r.byConditions, 'conditions'),
  ];
}

/** Which of the dataset's items the report covers, said the way the run said it: "the first 5 of 24 items". */
export function datasetItems(r: Pick<EvalReport, 'selection' | 'dataset'>): string {
  if (r.selection && r.selection.n < r.selection.of) return describeSelection(r.selection);
  const { items, of } = r.dataset;
  const noun = (k: number) => `${k} ${k === 1 ? 'item' : 'items'}`;
  if (of !== undefined && items < of) return `${items} of ${noun(of)}`;
  return noun(items);
}

/** The grounding levels the model claimed, the levels the reasoner checked, and the two against each other. */
function groundingLines(r: EvalReport): string[] {
  const lines: string[] = [];
  const g = r.grounding;
  if (Object.entries(g.distribution).some(([key, v]) => key !== 'none' && v.count > 0)) {
    lines.push(
      ...levelTable(
        'Grounding levels claimed by the model',
        'The level the model gives in its attribution step (paper Figure 3); nothing checks it.',
        g.distribution,
        g.accuracy,
      ),
    );
  }
  const c = r.checked;
  if (c) {
    lines.push(
      ...levelTable(
        'Grounding checked by the reasoner',
        `Each prediction put to the reasoner on ${r.ontology} (on a Test-2 revised ontology entailed rarely holds, by design).`,
        c.distribution,
        c.accuracy,
      ),
    );
    const cols = Object.keys(c.distribution).filter((x) => x !== 'none' || c.distribution.none.count);
    const rows = Object.entries(c.confusion).filter(([, v]) => Object.values(v).some((n) => n > 0));
    if (rows.length) {
      lines.push(
        '### Claimed against checked',
        '',
        'Items by the level the model claimed (rows) and the level the reasoner checked (columns).',
        '',
      );
      lines.push(`| claimed \\ checked | ${cols.join(' | ')} |`, `|---|${cols.map(() => '---:').join('|')}|`);
      for (const [claimed, v] of rows) lines.push(`| ${claimed} | ${cols.map((x) => v[x] ?? 0).join(' | ')} |`);
      lines.push('');
    }
  }
  return lines;
}

/** How much of the gold evidence was retrieved and cited. */
function evidenceLines(r: EvalReport): string[] {
  if (!r.evidence) return [];
  const lines = [
    '### Gold evidence',
    '',
    '| items | n | retrieved fully | partly | not at all | cited fully | retrieved → all cited |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [key, e] of Object.entries(r.evidence)) {
    lines.push(
      `| ${key} | ${e.n} | ${pct(e.retrieved.full)} | ${pct(e.retrieved.partial)} | ${pct(e.retrieved.none)} | ${e.cited ? pct(e.cited.full) : '–'} | ${e.retrievedCitedFully === null ? '–' : pct(e.retrievedCitedFully)} |`,
    );
  }
  return [...lines, ''];
}

/** The reviewers' marks beside each item's score. */
function markLines(r: EvalReport, marks: Map<string, ReviewMark> | undefined): string[] {
  if (!marks?.size) return [];
  const correct = new Map(r.items.map((i) => [i.id, i.correct]));
  const undetermined = new Set(r.items.filter((i) => i.undetermined).map((i) => i.id));
  const lines = ['### Reviewer marks', '', '| item | scored | mark | note | when |', '|---|---|---|---|---|'];
  for (const m of [...marks.values()].sort((a, b) => a.item.localeCompare(b.item))) {
    const scored = correct.has(m.item)
      ? correct.get(m.item)
        ? 'correct'
        : undetermined.has(m.item)
          ? 'undetermined'
          : 'wrong'
      : '–';
    lines.push(
      `| ${cell(m.item)} | ${scored} | ${m.verdict ?? '–'} | ${cell(m.note)} | ${m.updatedAt.slice(0, 16).replace('T', ' ')} |`,
    );
  }
  return [...lines, ''];
}

function cell(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim() || '–';
}

/** results.json: the report without per-item traces (those stay in the result store), with the marks when given. */
export function reportJson(r: EvalReport, marks?: Map<string, ReviewMark>): string {
  return JSON.stringify(marks ? { ...r, marks: [...marks.values()] } : r, null, 2) + '\n';
}

/**
 * reportJson, the same text, in pieces: the items serialised a slice at a time between turns of the event
 * loop. At 30,000 items the report is tens of megabytes; one JSON.stringify, and the one string it makes,
 * held a server for over half a second. Write the pieces one after another (writeOutputFileAsync).
 */
export async function reportJsonChunks(r: EvalReport, marks?: Map<string, ReviewMark>): Promise<string[]> {
  if (!r.items.length) return [reportJson(r, marks)];
  const slot = JSON.stringify(`\u0000items-${Math.random()}`);
  const head = reportJson({ ...r, items: JSON.parse(slot) as EvalReport['items'] }, marks);
  const at = head.indexOf(slot);
  const breathe = turnTaker();
  const chunks = [`${head.slice(0, at)}[\n`];
  let slice: string[] = [];
  for (let i = 0; i < r.items.length; i++) {
    slice.push('    ' + JSON.stringify(r.items[i], null, 2).replaceAll('\n', '\n    '));
    if (slice.length === ITEMS_PER_CHUNK || i === r.items.length - 1) {
      chunks.push(slice.join(',\n') + (i === r.items.length - 1 ? '' : ',\n'));
      slice = [];
    }
    await breathe();
  }
  chunks.push(`\n  ]${head.slice(at + slot.length)}`);
  return chunks;
}

/** Items per piece of reportJsonChunks: about half a megabyte of a typical report. */
const ITEMS_PER_CHUNK = 500;
