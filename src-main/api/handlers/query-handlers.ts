import type { HistoryStore } from '../../agent/history-store';
import { errorMessage } from '../../core/errors';
import { consoleExamples } from '../../query/console-examples';
import { runDlQuery, type ReasonerAnswer } from '../../query/dl/dl-query';
import type { ApiHost, AreaHandlers } from './api-host';

/** The query console: dialect queries, SPARQL, its history and its examples. */
export function queryHandlers(host: ApiHost): AreaHandlers<'query'> {
  const { c } = host;
  return {
    'query.run': ({ ontologyId, query }) =>
      logged(c.history, ontologyId, query, 'error', async () => {
        const r = await c.queryService(c.openOntologies.get(ontologyId)).run(query);
        return { r, form: r.form, error: r.form === 'error' ? r.observation : null };
      }),
    'query.sparql': ({ ontologyId, query }, ctx) =>
      logged(c.history, ontologyId, query, 'sparql-error', async () => {
        const r = await c.openOntologies.get(ontologyId).sparql(query, { client: ctx.client });
        return { r, form: `sparql-${r.kind}`, error: null };
      }),
    'query.history': ({ ontologyId, limit }) => c.history.queries(ontologyId, limit ?? 100),
    'query.examples': ({ ontologyId }) => consoleExamples(c.openOntologies.get(ontologyId)),
    'query.dl': ({ ontologyId, expression }) =>
      logged(c.history, ontologyId, expression, 'dl-error', async () => {
        const h = c.openOntologies.get(ontologyId);
        const r = await runDlQuery(h, expression, {
          names: c.queryService(h).names,
          elk: (resolved) => c.stated.request<ReasonerAnswer>(h, 'dlQuery', { expression: resolved }),
        });
        return { r, form: 'dl', error: null };
      }),
  };
}

/** Runs a console query and logs it whatever happens: the history keeps what was tried, failures too. */
async function logged<T>(
  history: HistoryStore,
  ontologyId: string,
  query: string,
  failedForm: string,
  run: () => Promise<{ r: T; form: string; error: string | null }>,
): Promise<T> {
  let out;
  try {
    out = await run();
  } catch (e) {
    history.logQuery(ontologyId, query, failedForm, errorMessage(e));
    throw e;
  }
  history.logQuery(ontologyId, query, out.form, out.error);
  return out.r;
}
