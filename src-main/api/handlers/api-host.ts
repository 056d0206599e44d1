import type { Container } from '../../container';
import type { Task } from '../../core/task';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type {
  ApiEvent,
  ApiEvents,
  ApiMethod,
  ApiParams,
  ApiResults,
  ApiTaskResults,
  OntologyInfo,
  TaskKind,
} from '../contract';

/** Who makes a call: a web socket, an HTTP connection; shared resources (the SPARQL queue) give each a fair share. */
export interface CallContext {
  client?: string;
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

/** What ApiService lends its handlers: the services, the ontologies it serves, and its tasks. */
export interface ApiHost {
  readonly c: Container;
  readonly mode: 'desktop' | 'web';
  /** The open ontology with this id, or a `not-open` error. */
  handle(id: string): OntologyHandle;
  /** The ontologies served and still open. */
  openHandles(): OntologyHandle[];
  /** Whether this API served the handle before (an open that hands it back loaded nothing). */
  served(h: OntologyHandle): boolean;
  /** Serves a loaded ontology under its path, and watches its file from the moment its load began. */
  adopt(h: OntologyHandle, loadStarted: number): void;
  /** Closes an ontology no task is reading; false when it is not served. */
  close(ontologyId: string): boolean;
  /** Every long task starts here, so its result has the type the contract gives its kind. */
  launch<K extends TaskKind>(kind: K, title: string, work: (task: Task) => Promise<ApiTaskResults[K]>): Task;
  /** Marks an ontology as read by a task until the task ends. */
  hold(h: OntologyHandle, task: { id: string }): void;
  /** Runs a console query and logs it whatever happens. */
  logged<T>(
    ontologyId: string,
    query: string,
    failedForm: string,
    run: () => Promise<{ r: T; form: string; error: string | null }>,
  ): Promise<T>;
  info(h: OntologyHandle): OntologyInfo;
  emit<E extends ApiEvent>(event: E, payload: ApiEvents[E]): void;
}
