import { resolve } from 'node:path';
import { progressBar } from '../progress-bar';
import { seedOption } from '../../core/seed';
import type { CommandSpec } from '../command-spec';
import { UserError } from '../../core/errors';
import { printJson, requireString, scopeOption } from './shared';
import { NAMES_MODES, type NamesMode } from '../../datasets/revise/concept-names';

export const reviseCommand: CommandSpec = {
  name: 'revise',
  summary:
    'Build the Test 2 ontology: move existential restrictions into definitions; optionally check a Test 1 dataset.',
  usage:
    'oarag revise --ontology <file> [--questions <test1.jsonl>] --out <dir> [--seed N (wording of the definitions, default 1)] [--names label|synonym|mixed (how concepts are named, default mixed)] [--scope main] [--force] [--json]',
  options: {
    ontology: { type: 'string' },
    questions: { type: 'string' },
    out: { type: 'string' },
    json: { type: 'boolean' },
    force: { type: 'boolean' },
    seed: { type: 'string' },
    scope: { type: 'string' },
    names: { type: 'string' },
  },
  async run(ctx) {
    const file = resolve(ctx.io.cwd, requireString(ctx, 'ontology', 'file'));
    if (scopeOption(ctx.values.scope) === 'closure')
      throw new UserError(
        'usage',
        "revise rewrites only the main file's own axioms into a new file; an imported file is never rewritten, so --scope closure does not apply (the revision keeps its imports as they are).",
      );
    const outDir = resolve(ctx.io.cwd, requireString(ctx, 'out', 'dir'));
    const questionsPath =
      typeof ctx.values.questions === 'string' ? resolve(ctx.io.cwd, ctx.values.questions) : undefined;
    const { reviseFromFiles } = await import('../../datasets/dataset-use-cases');
    const bar = progressBar(ctx.io);
    let res;
    try {
      res = await reviseFromFiles(ctx.container.ontologies, file, {
        datasetPath: questionsPath,
        outDir,
        force: ctx.values.force === true,
        seed: seedOption(ctx.values.seed),
        names: namesOption(ctx.values.names),
        signal: ctx.io.signal,
        onProgress: (p) => bar.update(p),
      });
    } finally {
      bar.done();
    }
    const r = res.report;
    if (ctx.values.json) {
      printJson(ctx, {
        revisedPath: res.revisedPath,
        checkPath: res.checkPath,
        test2Path: res.test2Path ?? null,
        reportPath: res.reportPath,
        ...r,
      });
      return 0;
    }
    const lines = [
      `${res.revisedPath}: every existential restriction on a named class moved into definition text: ${r.distinctRestrictions} restrictions on ` +
        `${r.classesChanged} classes${r.statedTwice ? ` (${r.statedTwice} more stated twice in the source)` : ''}, ` +
        `${r.axiomsRemoved} axioms removed, ${r.axiomsRewritten} rewritten (${r.format}, ${r.seconds} s)`,
    ];
    if (r.items !== undefined) {
      lines.push(`  Test 2: kept ${r.kept} of ${r.items} items → ${res.test2Path}`);
      const by = new Map<string, number>();
      for (const e of r.excluded) by.set(e.reason, (by.get(e.reason) ?? 0) + 1);
      for (const [reason, n] of by) lines.push(`  excluded ${n}: ${reason}`);
    }
    lines.push(`  report: ${res.reportPath}`);
    ctx.io.stdout(lines.join('\n') + '\n');
    return 0;
  },
};

function namesOption(v: unknown): NamesMode | undefined {
  if (v === undefined) return undefined;
  if (!NAMES_MODES.includes(v as NamesMode))
    throw new UserError('usage', `--names must be one of ${NAMES_MODES.join(', ')}, not "${String(v)}".`);
  return v as NamesMode;
}
