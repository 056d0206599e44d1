import { resolve } from 'node:path';
import { UserError } from '../../core/errors';
import type { TaskProgress } from '../../core/task';
import { progressBar } from '../progress-bar';
import type { CommandSpec } from '../command-spec';
import { printJson } from './shared';

export const diffCommand: CommandSpec = {
  name: 'diff',
  summary:
    'Compare two versions of an ontology: classes, labels, parents, entailed links, equivalences; with --annotations also definitions, synonyms, xrefs and other annotations.',
  usage:
    'oarag diff <old> <new> | oarag diff <file> --rev <revision> (the file as committed there, against the working copy) [--md|--json|--html] [--annotations] [--namespace <IRI prefix|CURIE prefix>]...',
  options: {
    json: { type: 'boolean' },
    annotations: { type: 'boolean' },
    md: { type: 'boolean' },
    html: { type: 'boolean' },
    namespace: { type: 'string', multiple: true },
    rev: { type: 'string' },
  },
  async run(ctx) {
    const [oldFile, newFile, extra] = ctx.positionals;
    const rev = typeof ctx.values.rev === 'string' ? ctx.values.rev : undefined;
    if (rev !== undefined && (!oldFile || newFile !== undefined))
      throw new UserError('usage', 'with --rev give one file: oarag diff <file> --rev HEAD.');
    if (rev === undefined && (!oldFile || !newFile || extra !== undefined))
      throw new UserError('usage', 'give the two versions: oarag diff <old> <new>, or one file and --rev <revision>.');
    if ([ctx.values.json, ctx.values.md, ctx.values.html].filter(Boolean).length > 1)
      throw new UserError('usage', 'choose one of --json, --md and --html.');
    const [{ diffFiles }, { diffMarkdown }] = await Promise.all([
      import('../../diff/diff-service'),
      import('../../diff/diff-markdown'),
    ]);
    const bar = progressBar(ctx.io);
    let report;
    try {
      const o = {
        namespaces: (ctx.values.namespace as string[] | undefined) ?? [],
        annotations: ctx.values.annotations === true,
        signal: ctx.io.signal,
        onProgress: (p: TaskProgress) => bar.update(p),
      };
      if (rev !== undefined) {
        const { diffAgainstRevision } = await import('../../diff/revision-diff');
        report = (await diffAgainstRevision(ctx.container.ontologies, resolve(ctx.io.cwd, oldFile), rev, o)).report;
      } else
        report = await diffFiles(
          ctx.container.ontologies,
          resolve(ctx.io.cwd, oldFile),
          resolve(ctx.io.cwd, newFile!),
          o,
        );
    } finally {
      bar.done();
    }
    if (ctx.values.json) printJson(ctx, report);
    else if (ctx.values.html) ctx.io.stdout((await import('../../diff/diff-html')).diffHtml(report));
    else ctx.io.stdout(diffMarkdown(report));
    return 0;
  },
};
