import { EventEmitter } from 'node:events';
import { basename } from 'node:path';
import type { Container } from '../container';
import { errorMessage, UserError } from '../core/errors';
import { withTypedPaths } from '../core/shown-paths';
import type { Task } from '../core/task';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { sourceHashOf } from '../ontology/watch/source-hash';
import {
  isApiMethod,
  paramSchemas,
  type ApiEvent,
  type ApiEvents,
  type ApiTaskResults,
  type TaskKind,
  type OntologyInfo,
} from './contract';
import type { ApiHost, CallContext, Handlers } from './handlers/api-host';
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
  private readonly handles = new Map<string, OntologyHandle>();
  /** The tasks reading each opened ontology: closing one while any of them runs is refused. */
  private readonly users = new Map<OntologyHandle, Set<string>>();
  private readonly handlers: Handlers;
  /** Every handle this API has served: one coming back from an open was not loaded again. */
  private readonly served = new WeakSet<OntologyHandle>();
  /** Handles a reload replaced: each is closed once no task that was reading it still runs. */
  private readonly retired = new Set<OntologyHandle>();

  constructor(
    private readonly c: Container,
    private readonly mode: 'desktop' | 'web',
  ) {
    c.tasks.events.on('update', (t) => {
      this.emit('task.update', t);
      if (t.state !== 'running') this.closeRetired();
    });
    c.fileWatcher.events.on('change', (x) => this.emit('ontology.changed', x));
    this.handlers = this.buildHandlers(this.host());
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

  /** Serves a loaded ontology under its path, and watches its file from the moment its load began. */
  private adopt(h: OntologyHandle, loadStarted: number): void {
    const old = this.handles.get(h.path);
    // A reload's new handle takes the path; the old one's cache file, closure and store are released.
    if (old && old !== h) this.retired.add(old);
    // An edit undone while a task still read the earlier handle brings that handle back.
    this.retired.delete(h);
    this.handles.set(h.path, h);
    this.closeRetired();
    this.served.add(h);
    this.c.fileWatcher.watch(h.path, h.path, sourceHashOf(h), loadStarted);
  }

  private handle_(id: string): OntologyHandle {
    const h = this.handles.get(id);
    if (!h || !h.isOpen) throw new UserError('not-open', 'That ontology is not open; open it first.');
    return h;
  }

  /** Every long task starts here, so its result has the type the contract gives its kind. */
  private launch<K extends TaskKind>(kind: K, title: string, work: (task: Task) => Promise<ApiTaskResults[K]>) {
    // A task's error names files relative to the server's working folder, never through it.
    return this.c.tasks.launch(kind, title, (task) =>
      work(task).catch((e: unknown) => Promise.reject(withTypedPaths(e, []))),
    );
  }

  /** Marks an ontology as read by a task until the task ends. */
  private hold(h: OntologyHandle, task: { id: string }): void {
    const ids = this.users.get(h) ?? new Set<string>();
    this.users.set(h, ids.add(task.id));
  }

  private closeRetired(): void {
    for (const h of this.retired) {
      if (this.runningUsers(h)) continue;
      this.retired.delete(h);
      this.users.delete(h);
      this.c.closeOntology(h);
    }
  }

  private runningUsers(h: OntologyHandle): number {
    const ids = this.users.get(h);
    for (const id of ids ?? []) if (this.c.tasks.get(id)?.state !== 'running') ids!.delete(id);
    return ids?.size ?? 0;
  }

  /** Runs a console query and logs it whatever happens: the history keeps what was tried, failures too. */
  private async logged<T>(
    ontologyId: string,
    query: string,
    failedForm: string,
    run: () => Promise<{ r: T; form: string; error: string | null }>,
  ): Promise<T> {
    let out;
    try {
      out = await run();
    } catch (e) {
      this.c.history.logQuery(ontologyId, query, failedForm, errorMessage(e));
      throw e;
    }
    this.c.history.logQuery(ontologyId, query, out.form, out.error);
    return out.r;
  }

  private info(h: OntologyHandle): OntologyInfo {
    return {
      id: h.path,
      path: h.path,
      summary: h.summary,
      nameLanguages: [...h.nameLanguages],
      unsatisfiableNamed: h.summary.unsatisfiable.length ? h.unsatisfiableNames(50) : [],
    };
  }

  /** Closes an ontology no task is reading; false when it is not served. */
  private close(ontologyId: string): boolean {
    const h = this.handles.get(ontologyId);
    if (!h) return false;
    const n = this.runningUsers(h);
    if (n)
      throw new UserError(
        'in-use',
        `${basename(h.path)} is used by ${n === 1 ? 'a running task' : `${n} running tasks`}; cancel or wait for ${n === 1 ? 'it' : 'them'}, then close it.`,
      );
    this.handles.delete(ontologyId);
    this.c.fileWatcher.unwatch(ontologyId);
    this.users.delete(h);
    this.c.closeOntology(h);
    return true;
  }

  /** What the handlers may use of this service. */
  private host(): ApiHost {
    return {
      c: this.c,
      mode: this.mode,
      handle: (id) => this.handle_(id),
      openHandles: () => [...this.handles.values()].filter((h) => h.isOpen),
      served: (h) => this.served.has(h),
      adopt: (h, loadStarted) => this.adopt(h, loadStarted),
      close: (id) => this.close(id),
      launch: (kind, title, work) => this.launch(kind, title, work),
      hold: (h, task) => this.hold(h, task),
      logged: (ontologyId, query, failedForm, run) => this.logged(ontologyId, query, failedForm, run),
      info: (h) => this.info(h),
      emit: (event, payload) => this.emit(event, payload),
    };
  }

  /** One handler per method, grouped by area. */
  private buildHandlers(host: ApiHost): Handlers {
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
}

/** The paths a call's parameters name, as typed: its errors show them so (see core/shown-paths). */
function typedPaths(params: unknown): string[] {
  const p = params as Record<string, unknown>;
  return ['path', 'datasetPath', 'oldPath', 'newPath']
    .map((k) => p?.[k])
    .filter((v): v is string => typeof v === 'string');
}
