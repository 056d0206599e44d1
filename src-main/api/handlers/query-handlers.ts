import { consoleExamples } from '../../query/console-examples';
import type { ApiHost, AreaHandlers } from './api-host';

/** The query console: dialect queries, SPARQL, its history and its examples. */
export function queryHandlers(host: ApiHost): AreaHandlers<'query'> {
  const { c } = host;
  return {
    'query.run': ({ ontologyId, query }) =>
      host.logged(ontologyId, query, 'error', async () => {
        const r = await c.queryService(host.handle(ontologyId)).run(query);
        return { r, form: r.form, error: r.form === 'error' ? r.observation : null };
      }),
    'query.sparql': ({ ontologyId, query }, ctx) =>
      host.logged(ontologyId, query, 'sparql-error', async () => {
        const r = await host.handle(ontologyId).sparql(query, { client: ctx.client });
        return { r, form: `sparql-${r.kind}`, error: null };
      }),
    'query.history': ({ ontologyId, limit }) => c.history.queries(ontologyId, limit ?? 100),
    'query.examples': ({ ontologyId }) => consoleExamples(host.handle(ontologyId)),
  };
}
