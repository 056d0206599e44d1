import { resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { checkOutputs } from '../../core/output-policy';
import { importHashesOf } from '../../ontology/watch/source-hash';
import { progressBar } from '../progress-bar';
import { seedOption } from '../../core/seed';
import type { CommandSpec } from '../command-spec';
import { openOntology, printJson, requireString, scopeOption } from './shared';

export const generateCommand: CommandSpec = {
  name: 'generate',
  summary: 'Generate a Test 1 benchmark (MCQs and open questions) from an ontology, as JSONL.',
  usage:
    'oarag generate --ontology <file> --out <test1.jsonl> [--mcq 300] [--oq 200] [--root <name>] [--seed 1] ' +
    '[--slots <subject,relation,filler weights, e.g. 1,1,1>] [--conditions 2,3,4] [--max-answers N] [--scope main|closure] ' +
    '[--exclude-relation <name or IRI>]... [--include-negation-shortcuts] [--force] [--json]',
  options: {
    ontology: { type: 'string' },
    out: { type: 'string' },
    mcq: { type: 'string' },
    oq: { type: 'string' },
    root: { type: 'string' },
    seed: { type: 'string' },
    slots: { type: 'string' },
    conditions: { type: 'string' },
    'max-answers': { type: 'string' },
    scope: { type: 'string' },
    'exclude-relation': { type: 'string', multiple: true },
    'include-negation-shortcuts': { type: 'boolean' },
    json: { type: 'boolean' },
    force: { type: 'boolean' },
  },
  async run(ctx) {
    const out = resolve(ctx.io.cwd, requireString(ctx, 'out', 'dataset.jsonl'));
    const file = requireString(ctx, 'ontology', 'file');
    const v = ctx.values;
    const opts = {
      mcq: intOpt(v.mcq, 'mcq', 300),
      oq: intOpt(v.oq, 'oq', 200),
      seed: seedOption(v.seed) ?? 1,
      root: typeof v.root === 'string' ? v.root : undefined,
      slots: typeof v.slots === 'string' ? parseSlots(v.slots) : undefined,
      conditions: typeof v.conditions === 'string' ? parseList(v.conditions, 'conditions') : undefined,
      maxAnswers: typeof v['max-answers'] === 'string' ? intOpt(v['max-answers'], 'max-answers', 0) : undefined,
      scope: scopeOption(v.scope),
      excludeRelations: Array.isArray(v['exclude-relation']) ? (v['exclude-relation'] as string[]) : undefined,
      includeNegationShortcuts: v['include-negation-shortcuts'] === true,
    };
    const outputs = { inputs: [resolve(ctx.io.cwd, file)], force: ctx.values.force === true };
    // Refused before the long work starts, and checked again when the file is written.
    checkOutputs({ ...outputs, targets: [out] });
    const { generateToFile } = await import('../../datasets/dataset-use-cases');
    const h = await openOntology(ctx, file);
    // The imports the ontology was read with are inputs too: no output may overwrite one.
    outputs.inputs.push(...importHashesOf(h).map((i) => i.path));
    const bar = progressBar(ctx.io);
    let res;
    try {
      const decider = ctx.container.queryService(h).decider;
      const dlDeadlineMs = ctx.container.dlDeadlineMs;
      res = await generateToFile(
        h,
        { ...opts, decider, dlDeadlineMs, signal: ctx.io.signal, onProgress: (p) => bar.update(p) },
        out,
        outputs,
      );
    } finally {
      bar.done();
    }
    for (const w of res.warnings) ctx.io.stderr(`warning: ${w}\n`);
    const s = res.stats;
    if (ctx.values.json) {
      printJson(ctx, { out, items: res.items.length, warnings: res.warnings, ...s });
      return 0;
    }
    const slots = Object.entries(s.mcq.bySlot)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    const gold = Object.entries(s.mcq.byGoldCount)
      .map(([k, n]) => `${n}×${k}`)
      .join(', ');
    const conds = Object.entries(s.oq.byConditions)
      .map(([k, n]) => `${n} with n=${k}`)
      .join(', ');
    ctx.io.stdout(
      [
        `${out}: ${res.items.length} items from ${s.ontology} (seed ${s.seed}) in ${s.seconds.total} s`,
        `  MCQ: ${s.mcq.generated} of ${s.mcq.requested}${s.mcq.root ? ` with subjects under "${s.mcq.root.name}"` : ''} (${slots}; correct options ${gold || '–'}) from ${s.mcq.sourceAxioms} source axioms`,
        `  OQ:  ${s.oq.generated} of ${s.oq.requested}${s.oq.root ? ` under "${s.oq.root.name}" (${s.oq.branchSize} classes)` : ''}${conds ? `: ${conds}` : ''}; answers per question: mean ${s.oq.meanAnswers}, max ${s.oq.maxAnswers}`,
      ].join('\n') + '\n',
    );
    return 0;
  },
};

function intOpt(v: unknown, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const s = String(v).trim();
  if (!/^\d+$/.test(s)) throw new UserError('usage', `--${name} must be a whole number ≥ 0, not "${s}".`);
  return Number(s);
}

function parseList(s: string, name: string): number[] {
  const parts = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d+$/.test(p)))
    throw new UserError('usage', `--${name} must be a comma-separated list of whole numbers, e.g. 2,3,4.`);
  return parts.map(Number);
}

/** "1,1,1" (subject, relation, filler weights), or named: "subject=2,filler=1". */
export function parseSlots(s: string): { subject: number; relation: number; filler: number } {
  const parts = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = () =>
    new UserError(
      'usage',
      `--slots takes three weights for subject, relation and filler, e.g. 1,1,1 or subject=2,relation=0,filler=1; got "${s}".`,
    );
  const num = (x: string) => {
    if (!/^\d+(\.\d+)?$/.test(x)) throw bad();
    return Number(x);
  };
  if (parts.every((p) => p.includes('='))) {
    const out = { subject: 0, relation: 0, filler: 0 };
    for (const p of parts) {
      const [k, val] = p.split('=').map((x) => x.trim().toLowerCase());
      const key = (
        {
          s: 'subject',
          subject: 'subject',
          r: 'relation',
          relation: 'relation',
          f: 'filler',
          filler: 'filler',
        } as Record<string, keyof typeof out>
      )[k];
      if (!key) throw bad();
      out[key] = num(val);
    }
    return out;
  }
  if (parts.length !== 3) throw bad();
  const [subject, relation, filler] = parts.map(num);
  return { subject, relation, filler };
}
