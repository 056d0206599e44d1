import { resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { progressBar } from '../progress-bar';
import type { CommandSpec } from '../command-spec';
import { printJson } from './shared';

export const diffCommand: CommandSpec = {
  name: 'diff',
  summary:
    'Compare two versions of an ontology: classes, labels, parents, entailed links, equivalences; with --annotations also definitions, synonyms, xrefs and other annotations.',
  usage: 'oarag diff <old> <new> [--md|--json|--html] [--annotations] [--namespace <IRI prefix|CURIE prefix>]...',
  options: {
    json: { type: 'boolean' },
    annotations: { type: 'boolean' },
    md: { type: 'boolean' },
    html: { type: 'boolean' },
    namespace: { type: 'string', multiple: true },
  },
  async run(ctx) {
    const [oldFile, newFile, extra] = ctx.positionals;
    if (!oldFile || !newFile || extra !== undefined)
      throw new UserError('usage', 'give the two versions: oarag diff <old> <new>.');
    if ([ctx.values.json, ctx.values.md, ctx.values.html].filter(Boolean).length > 1)
      throw new UserError('usage', 'choose one of --json, --md and --html.');
    const [{ diffFiles }, { diffMarkdown }] = await Promise.all([
      import('../../diff/diff-service'),
      import('../../diff/diff-markdown'),
    ]);
    const bar = progressBar(ctx.io.stderr, ctx.io.isTTY);
    let report;
    try {
      report = await diffFiles(ctx.container.ontologies, resolve(ctx.io.cwd, oldFile), resolve(ctx.io.cwd, newFile), {
        namespaces: (ctx.values.namespace as string[] | undefined) ?? [],
        annotations: ctx.values.annotations === true,
        signal: ctx.io.signal,
        onProgress: (p) => bar.update(p),
      });
    } finally {
      bar.done();
    }
    if (ctx.values.json) printJson(ctx, report);
    else if (ctx.values.html) ctx.io.stdout((await import('../../diff/diff-html')).diffHtml(report));
    else ctx.io.stdout(diffMarkdown(report));
    return 0;
  },
};
