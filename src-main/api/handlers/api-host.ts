import type { Container } from '../../container';
import { withTypedPaths } from '../../core/shown-paths';
import type { Task } from '../../core/task';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import { importHashesOf, sourceHashOf } from '../../ontology/watch/source-hash';
import type { ApiEvent, ApiEvents, ApiMethod, ApiParams, ApiResults, ApiTaskResults, TaskKind } from '../contract';

/** Who makes a call: a web socket, an HTTP connection; shared resources (the SPARQL queue) give each a fair share. */
export interface CallContext {
  client?: string;
  /** Fires when the caller went away (its connection closed): work done only for this call may stop. */
  signal?: AbortSignal;
}

export type Handler<M extends ApiMethod> = (
  p: ApiParams<M>,
  ctx: CallContext,
) => Promise<ApiResults[M]> | ApiResults[M];

export type Handlers = { [M in ApiMethod]: Handler<M> };

/** The handlers of the methods named `<area>.…`. */
export type AreaHandlers<A extends string> = {
  [M in ApiMethod as M extends `${A}.${string}` ? M : never]: Handler<M>;
};

/**
 * What the handlers share beside the services: the open ontologies are the container's
 * (`c.openOntologies`); serving one here also watches its file, so the UI can offer a reload.
 */
export interface ApiHost {
  readonly c: Container;
  readonly mode: 'desktop' | 'web';
  /** Serves a loaded ontology under its path, and watches its file from the moment its load began. */
  adopt(h: OntologyHandle, loadStarted: number): void;
  /** Closes an ontology no task is reading, and stops watching its file; false when it is not served. */
  close(ontologyId: string): boolean;
  /** Every long task starts here, so its result has the type the contract gives its kind. */
  launch<K extends TaskKind>(kind: K, title: string, work: (task: Task) => Promise<ApiTaskResults[K]>): Task;
  emit<E extends ApiEvent>(event: E, payload: ApiEvents[E]): void;
}

export function apiHost(c: Container, mode: 'desktop' | 'web', emit: ApiHost['emit']): ApiHost {
  return {
    c,
    mode,
    emit,
    adopt(h, loadStarted) {
      c.openOntologies.adopt(h);
      c.fileWatcher.watch(h.path, h.path, sourceHashOf(h), loadStarted, importHashesOf(h));
    },
    close(ontologyId) {
      const closed = c.openOntologies.close(ontologyId);
      if (closed) c.fileWatcher.unwatch(ontologyId);
      return closed;
    },
    launch(kind, title, work) {
      // A task's error names files relative to the server's working folder, never through it.
      return c.tasks.launch(kind, title, (task) =>
        work(task).catch((e: unknown) => Promise.reject(withTypedPaths(e, []))),
      );
    },
  };
}
