import { EventEmitter } from 'node:events';
import { errorMessage, UserError } from './errors';
import { Task, TaskCancelledError, type TaskSnapshot } from './task';

export interface RegisteredTask extends TaskSnapshot {
  result?: unknown;
}

/**
 * Every long piece of work the UI started, for the task tray. Finished tasks are kept (with their
 * result) until the list grows long, so a renderer that reconnects can still fetch them.
 */
export class TaskRegistry {
  private readonly tasks = new Map<string, { task: Task; result?: unknown }>();
  readonly events = new EventEmitter();
  private static readonly KEEP = 200;

  start(): void {}

  stop(): void {
    for (const { task } of this.tasks.values()) task.cancel();
  }

  /** Starts `work` as a task and returns at once; progress and the end arrive as 'update' events. */
  launch<T>(kind: string, title: string, work: (task: Task) => Promise<T>): Task {
    const task = new Task(kind, title, (snap) => this.events.emit('update', this.withResult(snap)));
    this.tasks.set(task.id, { task });
    this.prune();
    void task
      .run(async (t) => {
        const result = await work(t);
        this.tasks.get(task.id)!.result = result;
        return result;
      })
      .catch((e) => {
        if (!(e instanceof TaskCancelledError) && !(e instanceof UserError))
          console.error(`task ${task.id} failed:`, errorMessage(e));
      });
    return task;
  }

  list(): RegisteredTask[] {
    return [...this.tasks.values()].map(({ task }) => this.withResult(task.snapshot));
  }

  get(id: string): RegisteredTask | undefined {
    const t = this.tasks.get(id);
    return t ? this.withResult(t.task.snapshot) : undefined;
  }

  cancel(id: string): boolean {
    const t = this.tasks.get(id);
    if (!t || t.task.snapshot.state !== 'running') return false;
    t.task.cancel();
    return true;
  }

  private withResult(snap: TaskSnapshot): RegisteredTask {
    const entry = this.tasks.get(snap.id);
    return entry?.result !== undefined && snap.state === 'ok' ? { ...snap, result: entry.result } : snap;
  }

  private prune(): void {
    if (this.tasks.size <= TaskRegistry.KEEP) return;
    for (const [id, { task }] of this.tasks) {
      if (this.tasks.size <= TaskRegistry.KEEP) break;
      if (task.snapshot.state !== 'running') this.tasks.delete(id);
    }
  }
}
