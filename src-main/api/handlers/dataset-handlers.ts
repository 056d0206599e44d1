import { basename } from 'node:path';
import { UserError } from '../../core/errors';
import { checkSelection } from '../../evaluation/item-selection';
import { summariseEvaluation } from '../../evaluation/summary';
import type { ApiHost, AreaHandlers } from './api-host';

/** Generating, revising, reviewing and exporting datasets. */
export function datasetHandlers(host: ApiHost): AreaHandlers<'datasets'> {
  const { c } = host;
  return {
    'datasets.generate': (p) => {
      const h = c.openOntologies.get(p.ontologyId);
      const t = host.launch('generate', `Generate ${p.mcq} MCQ + ${p.oq} OQ`, (task) =>
        c.datasets.generate(h, p, task),
      );
      c.openOntologies.hold(h, t.id);
      return { taskId: t.id };
    },
    'datasets.revise': (p) => {
      const h = c.openOntologies.get(p.ontologyId);
      const t = host.launch('revise', `Test-2 revision of ${basename(h.path)}`, (task) =>
        c.datasets.revise(h, p, task),
      );
      c.openOntologies.hold(h, t.id);
      return { taskId: t.id };
    },
    'datasets.open': ({ path, ontologyId }) =>
      c.datasets.open(path, ontologyId ? c.openOntologies.get(ontologyId) : undefined),
    'datasets.pairing': ({ datasetPath }) =>
      c.datasets.pairing(
        datasetPath,
        c.openOntologies.list().map((o) => ({ id: o.id, path: o.handle.path })),
        c.settings.recentFiles().map((r) => r.path),
      ),
    'datasets.review.get': ({ datasetPath }) => c.datasets.review.get(datasetPath),
    'datasets.review.set': ({ datasetPath, item, decision, edit }) =>
      c.datasets.review.set(datasetPath, item, decision, edit),
    'datasets.export': ({ datasetPath }) => c.datasets.review.export(datasetPath),
  };
}

/** Running an evaluation (a task), and reviewing, comparing, marking and exporting runs. */
export function evaluationHandlers(host: ApiHost): AreaHandlers<'evaluation'> {
  const { c } = host;
  return {
    'evaluation.run': ({ first, sample, seed, ...p }) => {
      const h = c.openOntologies.get(p.ontologyId);
      const items = { first, sample, seed };
      try {
        checkSelection(items);
      } catch (e) {
        throw new UserError('bad-params', (e as Error).message);
      }
      const which = first ? `, first ${first}` : sample ? `, ${sample} at random` : '';
      const title = `Evaluate ${p.method} on ${basename(p.datasetPath)}${which}`;
      const t = host.launch('evaluate', title, async (task) => {
        const run = await c.evaluation.run(
          h,
          { ...p, items },
          { signal: task.signal, onProgress: (x) => task.update(x) },
        );
        return summariseEvaluation(run.report, {
          reportPath: run.jsonPath,
          markdown: run.markdown,
          datasetPath: p.datasetPath,
        });
      });
      c.openOntologies.hold(h, t.id);
      return { taskId: t.id };
    },
    'evaluation.runs': () => c.review.runs(),
    'evaluation.items': ({ runId }) => c.review.items(runId),
    'evaluation.item': ({ runId, item }) => c.review.item(runId, item),
    'evaluation.compare': ({ runIds }) => c.review.compare(runIds),
    'evaluation.mark': ({ runId, item, verdict, note }) => c.review.mark(runId, item, verdict, note),
    'evaluation.export': ({ runId, format }) => c.review.export(runId, format),
  };
}
