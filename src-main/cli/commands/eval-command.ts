import { basename, resolve } from 'node:path';
import { checkSelection, describeSelection, type SelectionRequest } from '../../evaluation/item-selection';
import { MAX_CONCURRENCY } from '../../evaluation/concurrency';
import type { MethodName } from '../../evaluation/methods';
import type { EvaluationRun } from '../../evaluation/evaluation-service';
import type { EvalReport } from '../../evaluation/runner';
import type { TaskProgress } from '../../core/task';
import { UserError } from '../../core/errors';
import { TaskCancelledError } from '../../core/task';
import { progressBar } from '../progress-bar';
import { seedOption } from '../../core/seed';
import type { CommandSpec } from '../command-spec';
import {
  driverOption,
  modelSpec,
  nameScopeOption,
  openOntology,
  printJson,
  protocolOption,
  requireString,
  retryForOption,
} from './shared';

export const evalCommand: CommandSpec = {
  name: 'eval',
  summary: 'Run a method over a benchmark dataset and score it (resumable; results.json + Markdown).',
  usage:
    'oarag eval --ontology <file> --dataset <test1.jsonl> --method oa-rag|cot|rag-text|reasoner-only|string-match [--model <spec>] --out <results.json> ' +
    '[--limit N | --sample N [--seed S]] [--store <results.sqlite>] [--fresh] [--persona <text>] [--concurrency N] [--retry-for <seconds>] [--protocol structured|text|auto] [--names question|ontology] [--driver auto|policy|react] [--force] [--json]' +
    '   (no --model: the default model, else the built-in SmolLM2)',
  options: {
    ontology: { type: 'string' },
    dataset: { type: 'string' },
    method: { type: 'string' },
    model: { type: 'string' },
    out: { type: 'string' },
    store: { type: 'string' },
    fresh: { type: 'boolean' },
    persona: { type: 'string' },
    json: { type: 'boolean' },
    force: { type: 'boolean' },
    concurrency: { type: 'string', short: 'j' },
    'retry-for': { type: 'string' },
    protocol: { type: 'string' },
    names: { type: 'string' },
    driver: { type: 'string' },
    limit: { type: 'string' },
    sample: { type: 'string' },
    seed: { type: 'string' },
  },
  async run(ctx) {
    const { METHODS, needsLlm } = await import('../../evaluation/methods');
    const method = requireString(ctx, 'method', METHODS.join('|')) as MethodName;
    if (!METHODS.includes(method))
      throw new UserError('usage', `--method must be one of ${METHODS.join(', ')}, not "${method}".`);
    const given = typeof ctx.values.model === 'string' && ctx.values.model.trim() ? ctx.values.model.trim() : undefined;
    if (!needsLlm(method) && given) ctx.io.stderr('note: reasoner-only uses no model; --model is ignored.\n');
    const model = needsLlm(method) ? modelSpec(ctx) : undefined;
    const protocol = protocolOption(ctx);
    const nameScope = nameScopeOption(ctx);
    const concurrency = concurrencyOption(ctx.values.concurrency);
    const retryForMs = retryForOption(ctx.values['retry-for']);
    const items = selectionOptions(ctx.values);
    const out = resolve(ctx.io.cwd, requireString(ctx, 'out', 'results.json'));
    const datasetPath = resolve(ctx.io.cwd, requireString(ctx, 'dataset', 'dataset.jsonl'));
    const ontologyPath = resolve(ctx.io.cwd, requireString(ctx, 'ontology', 'file'));
    const storePath =
      typeof ctx.values.store === 'string' ? resolve(ctx.io.cwd, ctx.values.store) : ctx.container.evalStorePath;
    const h = await openOntology(ctx, ontologyPath);
    const bar = progressBar(ctx.io);
    let run: EvaluationRun;
    try {
      run = await ctx.container.evaluation.run(
        h,
        {
          datasetPath,
          method,
          model,
          concurrency,
          retryForMs,
          protocol,
          names: nameScope,
          driver: driverOption(ctx),
          fresh: ctx.values.fresh === true,
          persona: typeof ctx.values.persona === 'string' ? ctx.values.persona : undefined,
          out,
          storePath,
          force: ctx.values.force === true,
          items,
        },
        { signal: ctx.io.signal, onProgress: withWaitLines(bar, ctx.io) },
      );
    } catch (e) {
      if (e instanceof TaskCancelledError)
        ctx.io.stderr(`Stopped; finished items are kept in ${storePath}: run the same command again to continue.\n`);
      throw e;
    } finally {
      bar.done();
    }
    const { report, marks, markdownPath: md } = run;
    for (const w of report.warnings) ctx.io.stderr(`warning: ${w}\n`);
    if (ctx.values.json) {
      const { items: _items, ...summary } = report;
      printJson(ctx, { out, markdown: md, store: storePath, ...summary, marks: [...marks.values()] });
    } else ctx.io.stdout(summaryText(report, { method, datasetPath, storePath, out, md }));
    return stoppedCode(ctx.io.stderr, report, out);
  },
};

/** The run in a few lines, for the terminal. */
function summaryText(
  report: EvaluationRun['report'],
  o: { method: MethodName; datasetPath: string; storePath: string; out: string; md: string },
): string {
  const { method, datasetPath, storePath, out, md } = o;
  const modelKey = report.model;
  const kinds = Object.entries(report.byKind)
    .map(([k, a]) => `${k} ${pct(a.accuracy)} (${a.correct}/${a.n})`)
    .join(', ');
  return (
    [
      `${method}${modelKey !== 'none' ? ` with ${modelKey}` : ''}: accuracy ${pct(report.accuracy)} (${report.correct}/${report.n}); ${kinds}`,
      ...(report.undetermined
        ? [`  ${report.undetermined} undetermined: the answer chose options no reasoner settled (never correct)`]
        : []),
      ...(report.selection && report.selection.n < report.selection.of
        ? [`  ${describeSelection(report.selection)} of ${basename(datasetPath)}`]
        : []),
      `  ${report.run.answered} answered now, ${report.run.reused} reused from ${storePath} (same dataset, ontology content, method, model identity, protocol and prompt version); ${report.usage.callsPerQuestion} calls and ${report.usage.tokensPerQuestion} tokens per question`,
      ...(report.run.answered ? [`  ${report.run.concurrency ?? 1} at a time: ${perMinute(report.run)}`] : []),
      `  errors: ${report.errors}${report.errors ? ` (scored wrong), of which empty or cut replies from the server: ${report.emptyReplies}` : ''}`,
      `  checked by the reasoner: ${Object.entries(report.checked.distribution)
        .filter(([, v]) => v.count)
        .map(([k, v]) => `${k} ${v.count}`)
        .join(', ')}`,
      `  wrote ${out} and ${md}`,
    ].join('\n') + '\n'
  );
}

/** The bar; without a TTY it is silent, but a wait for the server is still worth a line in the log (every 10 s). */
function withWaitLines(
  bar: { update(p: TaskProgress): void },
  io: { stderr: (s: string) => void; isTTY: boolean },
): (p: TaskProgress) => void {
  let saidAt = 0;
  return (p) => {
    bar.update(p);
    const at = p.stage.indexOf('waiting for the server');
    if (io.isTTY || at < 0 || Date.now() - saidAt < 10_000) return;
    saidAt = Date.now();
    io.stderr(`${p.stage.slice(at)}\n`);
  };
}

/** 0, or 1 for a run the server stopped (its finished items are written): with why and how to go on. */
function stoppedCode(stderr: (s: string) => void, report: EvalReport, out: string): number {
  if (!report.stopped) return 0;
  stderr(
    `Stopped: ${report.stopped.reason}\n${out} has the ${report.n} finished items; run the same command again to continue.\n`,
  );
  return 1;
}

function perMinute(run: { answered: number; seconds: number }): string {
  return `${((run.answered * 60) / Math.max(run.seconds, 0.001)).toFixed(1)} questions/min`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** --concurrency N: requests in flight to an OpenAI-compatible server (1 to MAX_CONCURRENCY). */
export function concurrencyOption(v: unknown): number {
  if (v === undefined) return 1;
  const n = Number(v);
  if (typeof v !== 'string' || !Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
    throw new UserError(
      'usage',
      `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not "${String(v)}".`,
    );
  }
  return n;
}

/** --limit N (the first N items) or --sample N [--seed S] (N at random, in dataset order). */
export function selectionOptions(v: Record<string, unknown>): SelectionRequest {
  const whole = (name: string, min: number): number | undefined => {
    const raw = v[name];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || n < min)
      throw new UserError('usage', `--${name} must be a whole number of at least ${min}, not "${String(raw)}".`);
    return n;
  };
  const req = { first: whole('limit', 1), sample: whole('sample', 1), seed: seedOption(v.seed) };
  try {
    checkSelection(req);
  } catch (e) {
    throw new UserError(
      'usage',
      (e as Error).message.replace('the first N items', '--limit N').replace('a random sample of N', '--sample N'),
    );
  }
  return req;
}
