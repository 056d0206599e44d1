import { basename } from 'node:path';
import { UserError } from '../core/errors';
import type { TaskRegistry } from '../core/task-registry';
import { clientName, pickByName } from './open-ontology-names';
import type { OntologyHandle } from './ontology-handle';

/** One ontology served to clients: the API names it by its path, MCP clients by its file name. */
export interface OpenOntology {
  /** The file's path: the API's `ontologyId`. */
  readonly id: string;
  /** The file name, with `#2`, `#3`… for a later file of the same name (MCP's `ontology` argument). */
  readonly name: string;
  readonly handle: OntologyHandle;
}

export interface OpenOntologiesDeps {
  /** Whose state tells whether a task holding a handle still runs. */
  tasks: Pick<TaskRegistry, 'get' | 'events'>;
  /** Releases a handle no one serves or reads any more: its cache file, closure and store. */
  release(h: OntologyHandle): void;
}

/**
 * The ontologies served to clients, one registry for the API, the CLI and MCP. A reload's handle
 * takes its path's place; the handle it replaced is released once no task that was reading it runs.
 */
export class OpenOntologies {
  private readonly byId = new Map<string, { name: string; handle: OntologyHandle }>();
  /** The tasks reading each handle: closing one while any of them runs is refused. */
  private readonly holders = new Map<OntologyHandle, Set<string>>();
  /** Handles a reload replaced, each released once no task that was reading it still runs. */
  private readonly retired = new Set<OntologyHandle>();
  /** Every handle adopted here: one that comes back from an open was not loaded again. */
  private readonly adopted = new WeakSet<OntologyHandle>();
  private readonly onTask = (t: { state: string }) => {
    if (t.state !== 'running') this.releaseRetired();
  };

  constructor(private readonly deps: OpenOntologiesDeps) {}

  start(): void {
    this.deps.tasks.events.on('update', this.onTask);
  }

  /** Releases every handle served or retired; the tasks that read them were cancelled before. */
  stop(): void {
    this.deps.tasks.events.off('update', this.onTask);
    const all = new Set([...[...this.byId.values()].map((e) => e.handle), ...this.retired]);
    this.byId.clear();
    this.retired.clear();
    this.holders.clear();
    for (const h of all) this.deps.release(h);
  }

  /** Serves a loaded handle under its path; a path served before keeps its name. */
  adopt(h: OntologyHandle): OpenOntology {
    const entry = this.byId.get(h.path);
    if (entry && entry.handle !== h) this.retired.add(entry.handle);
    // An edit undone while a task still read the earlier handle brings that handle back.
    this.retired.delete(h);
    if (entry) entry.handle = h;
    else this.byId.set(h.path, { name: clientName(h, (n) => this.nameTaken(n)), handle: h });
    this.releaseRetired();
    this.adopted.add(h);
    return this.entry(h.path)!;
  }

  /** Whether this handle was adopted before (an open that hands it back loaded nothing). */
  wasAdopted(h: OntologyHandle): boolean {
    return this.adopted.has(h);
  }

  /** The open ontology served under this id (path), or a `not-open` error. */
  get(id: string): OntologyHandle {
    const h = this.byId.get(id)?.handle;
    if (!h || !h.isOpen) throw new UserError('not-open', 'That ontology is not open; open it first.');
    return h;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The ontologies served and still open, in the order they were first adopted. */
  list(): OpenOntology[] {
    return [...this.byId.keys()].map((id) => this.entry(id)!).filter((o) => o.handle.isOpen);
  }

  /** By name for clients: may be left out when one is open; else its name or file stem, any case. */
  pick(name: string | undefined): OpenOntology {
    return pickByName(this.list(), name);
  }

  /** Marks a handle as read by a task until the task ends. */
  hold(h: OntologyHandle, taskId: string): void {
    const ids = this.holders.get(h) ?? new Set<string>();
    this.holders.set(h, ids.add(taskId));
  }

  /** Stops serving an ontology no running task reads, and releases it; false when it is not served. */
  close(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    const h = entry.handle;
    const n = this.runningHolders(h);
    if (n)
      throw new UserError(
        'in-use',
        `${basename(h.path)} is used by ${n === 1 ? 'a running task' : `${n} running tasks`}; cancel or wait for ${n === 1 ? 'it' : 'them'}, then close it.`,
      );
    this.byId.delete(id);
    this.holders.delete(h);
    this.deps.release(h);
    return true;
  }

  private entry(id: string): OpenOntology | undefined {
    const e = this.byId.get(id);
    // A copy: a reload swaps the handle under the id, never under a caller's feet.
    return e && { id, name: e.name, handle: e.handle };
  }

  private nameTaken(name: string): boolean {
    for (const e of this.byId.values()) if (e.name === name) return true;
    return false;
  }

  private releaseRetired(): void {
    for (const h of this.retired) {
      if (this.runningHolders(h)) continue;
      this.retired.delete(h);
      this.holders.delete(h);
      this.deps.release(h);
    }
  }

  private runningHolders(h: OntologyHandle): number {
    const ids = this.holders.get(h);
    for (const id of ids ?? []) if (this.deps.tasks.get(id)?.state !== 'running') ids!.delete(id);
    return ids?.size ?? 0;
  }
}
