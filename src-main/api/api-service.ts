import { EventEmitter } from 'node:events';
import type { Container } from '../container';
import { UserError } from '../core/errors';
import { withTypedPaths } from '../core/shown-paths';
import { isApiMethod, paramSchemas, type ApiEvent, type ApiEvents } from './contract';
import { apiHost, type ApiHost, type CallContext, type Handlers } from './handlers/api-host';
import { appHandlers, modelHandlers } from './handlers/app-handlers';
import { askHandlers, historyHandlers } from './handlers/ask-handlers';
import { datasetHandlers, evaluationHandlers } from './handlers/dataset-handlers';
import { diffHandlers } from './handlers/diff-handlers';
import { browseHandlers, ontologyHandlers } from './handlers/ontology-handlers';
import { queryHandlers } from './handlers/query-handlers';

/**
 * The API contract implemented once over the services; the Electron IPC handler and the web
 * server are thin adapters that pass (method, params) here and forward `events`.
 */
export class ApiService {
  readonly events = new EventEmitter();
  private readonly handlers: Handlers;

  constructor(c: Container, mode: 'desktop' | 'web') {
    c.tasks.events.on('update', (t) => this.emit('task.update', t));
    c.fileWatcher.events.on('change', (x) => this.emit('ontology.changed', x));
    this.handlers = buildHandlers(apiHost(c, mode, (event, payload) => this.emit(event, payload)));
  }

  /** Validates and dispatches one call. Errors come back as UserError with a stable code. */
  async handle(method: unknown, params: unknown, ctx: CallContext = {}): Promise<unknown> {
    if (!isApiMethod(method)) {
      // Never call the value's own toString: a hostile {toString: 1} would turn this into a 500.
      const shown =
        typeof method === 'string'
          ? JSON.stringify(method).slice(0, 80)
          : `of type ${method === null ? 'null' : typeof method}`;
      throw new UserError('unknown-method', `Unknown method ${shown}.`);
    }
    const parsed = paramSchemas[method].safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(
        'bad-params',
        `Invalid parameters for ${method}: ${issue.path.join('.') || 'params'} ${issue.message.toLowerCase()}.`,
      );
    }
    const fn = this.handlers[method] as (p: unknown, ctx: CallContext) => unknown;
    try {
      return await fn(parsed.data, ctx);
    } catch (e) {
      throw withTypedPaths(e, typedPaths(parsed.data));
    }
  }

  private emit<E extends ApiEvent>(event: E, payload: ApiEvents[E]): void {
    this.events.emit('event', event, payload);
  }
}

/** One handler per method, grouped by area. */
function buildHandlers(host: ApiHost): Handlers {
  return {
    ...appHandlers(host),
    ...ontologyHandlers(host),
    ...browseHandlers(host),
    ...queryHandlers(host),
    ...askHandlers(host),
    ...historyHandlers(host),
    ...datasetHandlers(host),
    ...evaluationHandlers(host),
    ...diffHandlers(host),
    ...modelHandlers(host),
  };
}

/** The paths a call's parameters name, as typed: its errors show them so (see core/shown-paths). */
function typedPaths(params: unknown): string[] {
  const p = params as Record<string, unknown>;
  return ['path', 'datasetPath', 'oldPath', 'newPath']
    .map((k) => p?.[k])
    .filter((v): v is string => typeof v === 'string');
}
