import { basename } from 'node:path';
import { GROUNDINGS } from '../agent/agent-types';
import { CHECKED_LEVELS } from '../agent/frame/check-answer';
import type { AccuracyRow, EvaluationSummary, EvidenceRow, LevelRow } from './evaluation-types';
import type { Acc } from './metrics';
import type { EvalReport } from './runner';

function rows(groups: Record<string, Acc>): AccuracyRow[] {
  return Object.entries(groups).map(([key, a]) => ({
    key,
    accuracy: a.accuracy,
    n: a.n,
    ...(a.undetermined ? { undetermined: a.undetermined } : {}),
  }));
}

/** The listed levels always (so an empty level shows as 0), then any other level that occurred. */
function levels(
  order: readonly string[],
  distribution: Record<string, { count: number }>,
  accuracy: Record<string, Acc>,
): LevelRow[] {
  return [...new Set([...order, ...Object.keys(distribution)])]
    .map((level) => ({
      level,
      count: distribution[level]?.count ?? 0,
      accuracy: accuracy[level]?.accuracy ?? null,
    }))
    .filter((r) => order.includes(r.level) || r.count > 0);
}

function evidenceRows(report: EvalReport): EvidenceRow[] {
  return Object.entries(report.evidence ?? {}).map(([key, e]) => ({
    key,
    n: e.n,
    retrieved: { full: e.retrieved.full, partial: e.retrieved.partial, none: e.retrieved.none },
    citedFull: e.cited ? e.cited.full : null,
    retrievedCitedFully: e.retrievedCitedFully,
  }));
}

/** The report's figures as the rows the Evaluation view draws; per-item results stay in the store. */
export function summariseEvaluation(
  report: EvalReport,
  files: { reportPath: string; markdown: string; datasetPath?: string },
): EvaluationSummary {
  const checked = levels(CHECKED_LEVELS, report.checked.distribution, report.checked.accuracy);
  const columns = checked.map((r) => r.level);
  const confusionRows = Object.entries(report.checked.confusion)
    .map(([claimed, v]) => ({ claimed, counts: columns.map((c) => v[c] ?? 0) }))
    .filter((r) => r.counts.some((n) => n > 0));
  return {
    runId: report.runId,
    method: report.method,
    model: report.model,
    accuracy: report.accuracy,
    n: report.n,
    ...(report.undetermined ? { undetermined: report.undetermined } : {}),
    byKind: rows(report.byKind),
    bySlot: rows(report.bySlot),
    byGoldCount: rows(report.byGoldCount),
    byConditions: rows(report.byConditions),
    grounding: levels(GROUNDINGS, report.grounding.distribution, report.grounding.accuracy),
    checked,
    confusion: { columns, rows: confusionRows },
    evidence: evidenceRows(report),
    run: { answered: report.run.answered, reused: report.run.reused, seconds: report.run.seconds },
    ...(report.selection ? { selection: report.selection } : {}),
    ...(files.datasetPath ? { datasetFile: basename(files.datasetPath) } : {}),
    warnings: report.warnings,
    key: {
      ontology: report.key.ontology,
      model: report.key.model,
      protocol: report.key.protocol,
      promptVersion: report.key.promptVersion,
    },
    cost: {
      calls: report.usage.callsPerQuestion,
      inputTokens: report.usage.inputTokensPerQuestion,
      outputTokens: report.usage.outputTokensPerQuestion,
    },
    provenance: report.provenance,
    reportPath: files.reportPath,
    markdown: files.markdown,
  };
}
