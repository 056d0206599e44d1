import { computed, ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiTask, TaskRef } from '../../src-main/api/contract';
import { isUnavailable, toApiError } from '../api';
import { useTasksStore } from './tasks';

export interface JobError {
  message: string;
  unavailable: boolean;
}

export interface Job<R> {
  taskId: Ref<string | null>;
  task: Readonly<Ref<ApiTask | undefined>>;
  running: Readonly<Ref<boolean>>;
  error: Ref<JobError | null>;
  result: ShallowRef<R | null>;
  start(launch: () => Promise<TaskRef>): Promise<void>;
  cancel(): Promise<void>;
  reset(): void;
}

/** A long API task started from a view: its progress (from the tasks store), its result read defensively, its error. */
export function createJob<R>(read: (raw: unknown) => R): Job<R> {
  const taskId = ref<string | null>(null);
  const submitting = ref(false);
  const error = ref<JobError | null>(null);
  const result = shallowRef<R | null>(null);
  const task = computed(() => (taskId.value ? useTasksStore().byId[taskId.value] : undefined));
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
      const t = await useTasksStore().waitFor(id);
      if (taskId.value !== id) return;
      if (t.state === 'ok') {
        try {
          result.value = read(t.result);
        } catch (e) {
          error.value = { message: `The result could not be read: ${toApiError(e).message}`, unavailable: false };
        }
      } else {
        const msg = t.state === 'cancelled' ? 'Cancelled.' : (t.error ?? 'The task failed.');
        error.value = { message: msg, unavailable: isUnavailable(msg) };
      }
    } catch (e) {
      const err = toApiError(e);
      error.value = { message: err.message, unavailable: isUnavailable(err) };
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

  return { taskId, task, running, error, result, start, cancel, reset };
}
