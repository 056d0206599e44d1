import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { ApiTask, ApiTaskOf, TaskKind } from '../../src-main/api/contract';
import { api, connection, toApiError } from '../api';
import { useAppStore } from './app';
import { elapsedSeconds } from '../util/task-time';

type Waiter = (t: ApiTask) => void;

/** Every task the main side runs, from a first `tasks.list` snapshot plus pushed `task.update` events. */
export const useTasksStore = defineStore('tasks', () => {
  const byId = shallowRef<Record<string, ApiTask>>({});
  const trayOpen = ref(false);
  const waiters = new Map<string, Waiter[]>();
  let poll: number | undefined;
  let started = false;

  const list = computed(() => Object.values(byId.value).sort((a, b) => b.startedAt - a.startedAt));
  const running = computed(() => list.value.filter((t) => t.state === 'running'));

  function apply(t: ApiTask) {
    if (!t || typeof t.id !== 'string') return;
    const prev = byId.value[t.id];
    // An update without a result must not drop a result we already hold.
    const result = t.result !== undefined ? markRaw(t.result) : prev?.kind === t.kind ? prev.result : undefined;
    const next = { ...t, result } as ApiTask;
    byId.value = { ...byId.value, [t.id]: next };
    if (next.state !== 'running') {
      const ws = waiters.get(t.id);
      if (ws) {
        waiters.delete(t.id);
        for (const w of ws) w(next);
      }
    }
  }

  async function refresh() {
    try {
      const all = await api().call('tasks.list', {});
      for (const t of all) apply(t);
    } catch {
      // The status bar shows the connection state; a failed refresh is retried by the poll.
    }
  }

  function init() {
    if (started) return;
    started = true;
    api().on('task.update', apply);
    connection().onReconnect(() => void refresh());
    void refresh();
  }

  /**
   * Resolves with the task once it has ended (ok, error or cancelled), typed by the kind its caller
   * launched; a task of another kind under that id is a bug and rejects.
   */
  function waitFor<K extends TaskKind>(id: string, kind: K): Promise<ApiTaskOf<K>> {
    const narrow = (t: ApiTask): ApiTaskOf<K> => {
      if (t.kind !== kind) throw new Error(`Task ${id} is a ${t.kind} task, not ${kind}.`);
      return t as ApiTaskOf<K>;
    };
    const t = byId.value[id];
    if (t && t.state !== 'running') return Promise.resolve().then(() => narrow(t));
    return new Promise((resolve, reject) => {
      const ws = waiters.get(id) ?? [];
      ws.push((done) => {
        try {
          resolve(narrow(done));
        } catch (e) {
          reject(e);
        }
      });
      waiters.set(id, ws);
      // Events can be missed over a dropped connection: poll slowly while someone waits.
      poll ??= window.setInterval(() => {
        if (!waiters.size) {
          window.clearInterval(poll);
          poll = undefined;
          return;
        }
        void refresh();
      }, 5000);
    });
  }

  async function cancel(id: string) {
    try {
      await api().call('tasks.cancel', { id });
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    }
  }

  function clearFinished() {
    byId.value = Object.fromEntries(Object.entries(byId.value).filter(([, t]) => t.state === 'running'));
  }

  return { byId, list, running, trayOpen, init, apply, refresh, waitFor, cancel, clearFinished };
});

/**
 * Seconds left, from the elapsed time and the fraction done; null when unknown, or when the task's own
 * stage already gives one (an evaluation's comes from its answering rate and leaves out reused items, so
 * it is the better of the two and a second figure beside it would only disagree).
 */
export function etaSeconds(t: ApiTask | undefined, now = Date.now()): number | null {
  if (!t || t.state !== 'running' || t.fraction <= 0.02 || stageHasEta(t.stage)) return null;
  return (elapsedSeconds(t, now) * (1 - t.fraction)) / t.fraction;
}

/** Whether a task's stage line already says the time left (see progressStage in evaluation/eval-rate). */
export function stageHasEta(stage: string | undefined): boolean {
  return !!stage && /(^|· )ETA \d/.test(stage);
}
