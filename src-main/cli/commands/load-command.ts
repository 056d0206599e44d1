import { UserError } from '../../core/errors';
import type { ImportNode, ImportsSummary } from '../../ontology/imports/import-tree';
import type { CommandSpec } from '../command-spec';
import { openOntology, printJson } from './shared';

export const loadCommand: CommandSpec = {
  name: 'load',
  summary: 'Load an ontology, classify it with ELK and cache its closure and cards.',
  usage: 'oarag load <file> [--catalog <file>] [--json]',
  options: { json: { type: 'boolean' } },
  async run(ctx) {
    const file = ctx.positionals[0];
    if (!file) throw new UserError('usage', 'give the ontology file: oarag load <file>.');
    const h = await openOntology(ctx, file);
    const s = h.summary;
    if (ctx.values.json) {
      printJson(ctx, {
        file: s.file,
        format: s.format,
        classes: s.classes,
        objectProperties: s.objectProperties,
        closure: s.closure,
        unsatisfiable: s.unsatisfiable,
        warnings: s.warnings,
        imports: s.imports ?? null,
        cache: s.cache,
        seconds: round(s.seconds),
        stageSeconds: Object.fromEntries(Object.entries(s.stageSeconds).map(([k, v]) => [k, round(v ?? 0)])),
        // Cold loads only: the bridge's and Node's step timers, and the JVM's heap limit and peak memory.
        ...(s.profile ? { profile: s.profile } : {}),
      });
      return 0;
    }
    const out = [
      `${s.file}`,
      `  format: ${s.format ?? 'unknown'}${s.title ? `   title: ${s.title}` : ''}`,
      `  classes: ${s.classes}   object properties: ${s.objectProperties}`,
      `  closure: ${s.closure.subClassOf} direct subclass edges, ${s.closure.existential} existential links (non-redundant)`,
      `  unsatisfiable: ${s.unsatisfiable.length}`,
      `  cache: ${s.cache}   time: ${round(s.seconds)} s`,
      ...importLines(s.imports),
      ...s.warnings.map((w) => `  warning: ${w.message}`),
    ];
    ctx.io.stdout(out.join('\n') + '\n');
    return 0;
  },
};

/** The imports closure as an indented tree: origin, IRI, and what each import adds. */
function importLines(imports: ImportsSummary | undefined): string[] {
  if (!imports || (!imports.tree.length && !imports.catalog)) return [];
  const out = [`  catalog: ${imports.catalog ? `${imports.catalog} (${imports.catalogFrom})` : 'none'}`];
  const walk = (nodes: ImportNode[], depth: number) => {
    for (const n of nodes) {
      const adds = n.origin === 'skipped' ? `skipped: ${n.reason}` : `${n.classes} classes, ${n.axioms} axioms`;
      out.push(`  ${'  '.repeat(depth)}import [${n.origin}] ${n.iri} — ${adds}`);
      walk(n.children, depth + 1);
    }
  };
  walk(imports.tree, 0);
  return out;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
