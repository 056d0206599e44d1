import { computed, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiTaskOf, ApiTaskResults, TaskKind, TaskRef } from '../../src-main/api/contract';
import { shownError, type ShownError } from '../api';
import { useTasksStore } from './tasks';

export interface Job<K extends TaskKind> {
  taskId: Ref<string | null>;
  task: Readonly<Ref<ApiTaskOf<K> | undefined>>;
  running: Readonly<Ref<boolean>>;
  error: Ref<ShownError | null>;
  result: ShallowRef<ApiTaskResults[K] | null>;
  start(launch: () => Promise<TaskRef>): Promise<void>;
  cancel(): Promise<void>;
  reset(): void;
}

/** A long API task of one kind started from a view: its progress (from the tasks store), its typed result, its error. */
export function createJob<K extends TaskKind>(kind: K): Job<K> {
  const taskId = ref<string | null>(null);
  const submitting = ref(false);
  const error = ref<ShownError | null>(null);
  const result = shallowRef<ApiTaskResults[K] | null>(null);
  const task = computed(() => {
    const t = taskId.value ? useTasksStore().byId[taskId.value] : undefined;
    return t?.kind === kind ? (t as ApiTaskOf<K>) : undefined;
  });
  const running = computed(() => submitting.value || task.value?.state === 'running');

  async function start(launch: () => Promise<TaskRef>) {
    if (running.value) return;
    error.value = null;
    result.value = null;
    submitting.value = true;
    try {
      const { taskId: id } = await launch();
      taskId.value = id;
      submitting.value = false;
      const t = await useTasksStore().waitFor(id, kind);
      if (taskId.value !== id) return;
      if (t.state === 'ok' && t.result !== undefined) result.value = t.result as ApiTaskResults[K];
      else if (t.state === 'cancelled') error.value = { message: 'Cancelled.', code: 'cancelled' };
      else error.value = { message: t.error ?? 'The task failed.', code: t.errorCode ?? 'internal' };
    } catch (e) {
      error.value = shownError(e);
    } finally {
      submitting.value = false;
    }
  }

  async function cancel() {
    if (taskId.value) await useTasksStore().cancel(taskId.value);
  }

  function reset() {
    taskId.value = null;
    error.value = null;
    result.value = null;
  }

  return { taskId, task, running, error, result: result as ShallowRef<ApiTaskResults[K] | null>, start, cancel, reset };
}
