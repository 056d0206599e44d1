import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppInfo, FileKind, Settings } from '../../src-main/api/contract';
import { api, connection, toApiError, type ConnectionState } from '../api';

export const VIEWS = [
  { id: 'ontologies', label: 'Ontologies', icon: '◫', hint: 'Open an ontology and see its statistics' },
  { id: 'concepts', label: 'Concepts', icon: '⌕', hint: 'Search concepts and read their cards (Ctrl+K)' },
  { id: 'ask', label: 'Ask', icon: '?', hint: 'Ask a question answered from the ontology' },
  { id: 'query', label: 'Query console', icon: '›_', hint: 'Run dialect or SPARQL queries' },
  { id: 'dataset', label: 'Dataset generator', icon: '☰', hint: 'Generate MCQ / OQ benchmark items' },
  { id: 'revision', label: 'Test-2 revision', icon: '⇄', hint: 'Build a revised ontology for Test 2' },
  { id: 'evaluation', label: 'Evaluation', icon: '▥', hint: 'Evaluate a method on a dataset' },
  { id: 'models', label: 'Models', icon: '◈', hint: 'Local GGUF models and backend settings' },
  { id: 'diff', label: 'Diff', icon: '±', hint: 'Compare two versions of an ontology' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];
export type ThemePref = Settings['theme'];
export interface Toast {
  id: number;
  kind: 'info' | 'error' | 'ok';
  text: string;
}

const THEME_KEY = 'oarag.theme';

function viewFromHash(): ViewId | null {
  const h = window.location.hash.replace(/^#\/?/, '');
  return VIEWS.some((v) => v.id === h) ? (h as ViewId) : null;
}

export const useAppStore = defineStore('app', () => {
  const view = ref<ViewId>(viewFromHash() ?? 'ontologies');
  const info = ref<AppInfo | null>(null);
  const settings = ref<Settings | null>(null);
  const initError = ref<string | null>(null);
  const connectionState = ref<ConnectionState>('connecting');
  const tokenMissing = ref(false);
  const retryInMs = ref<number | undefined>(undefined);
  const toasts = ref<Toast[]>([]);
  const focusRequest = ref<{ target: string; n: number }>({ target: '', n: 0 });
  const themePref = ref<ThemePref>((localStorage.getItem(THEME_KEY) as ThemePref | null) ?? 'system');
  const systemDark = ref(window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
  const theme = computed<'light' | 'dark'>(() =>
    themePref.value === 'system' ? (systemDark.value ? 'dark' : 'light') : themePref.value,
  );
  const mode = computed(() => connection().mode);
  const canPickFiles = computed(() => Boolean(connection().desktop));
  let toastId = 0;

  function applyTheme() {
    document.documentElement.dataset.theme = theme.value;
  }

  async function init() {
    applyTheme();
    window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', (e) => {
      systemDark.value = e.matches;
      applyTheme();
    });
    // Each view is a history entry (#/view), so Back and Forward move between views inside the app.
    if (viewFromHash() !== view.value) window.history.replaceState(window.history.state, '', `#/${view.value}`);
    const follow = () => {
      const v = viewFromHash();
      if (v && v !== view.value) view.value = v;
    };
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    tokenMissing.value = connection().tokenMissing === true;
    connection().onState((s, d) => {
      connectionState.value = s;
      retryInMs.value = d.retryInMs;
    });
    try {
      const [i, s] = await Promise.all([api().call('app.info', {}), api().call('settings.get', {})]);
      info.value = i;
      settings.value = s;
      if (s.theme !== themePref.value) {
        themePref.value = s.theme;
        localStorage.setItem(THEME_KEY, s.theme);
        applyTheme();
      }
    } catch (e) {
      initError.value = toApiError(e).message;
    }
  }

  function go(v: ViewId) {
    view.value = v;
    if (window.location.hash !== `#/${v}`) window.history.pushState(null, '', `#/${v}`);
  }

  async function saveSettings(patch: Partial<Settings>): Promise<boolean> {
    try {
      settings.value = await api().call('settings.set', {
        patch: JSON.parse(JSON.stringify(patch)) as Record<string, unknown>,
      });
      return true;
    } catch (e) {
      notify('error', toApiError(e).message);
      return false;
    }
  }

  async function setTheme(pref: ThemePref) {
    themePref.value = pref;
    localStorage.setItem(THEME_KEY, pref);
    applyTheme();
    await saveSettings({ theme: pref });
  }

  function cycleTheme() {
    const order: ThemePref[] = ['system', 'light', 'dark'];
    void setTheme(order[(order.indexOf(themePref.value) + 1) % order.length]);
  }

  function notify(kind: Toast['kind'], text: string, ms = kind === 'error' ? 8000 : 4000) {
    const id = ++toastId;
    toasts.value = [...toasts.value.slice(-3), { id, kind, text }];
    window.setTimeout(() => dismiss(id), ms);
  }

  function dismiss(id: number) {
    toasts.value = toasts.value.filter((t) => t.id !== id);
  }

  /** Asks a view to focus one of its inputs (e.g. Ctrl+K → the concept search box). */
  function requestFocus(target: string) {
    focusRequest.value = { target, n: focusRequest.value.n + 1 };
  }

  /** Desktop only: the native open dialog. */
  async function pickFile(kind: FileKind): Promise<string | null> {
    const d = connection().desktop;
    return d ? d.openFile(kind) : null;
  }

  /** Desktop only: the path of a dropped file. */
  function pathForFile(file: File): string {
    return connection().desktop?.pathForFile(file) ?? '';
  }

  return {
    view,
    info,
    settings,
    initError,
    connectionState,
    retryInMs,
    tokenMissing,
    toasts,
    focusRequest,
    themePref,
    theme,
    mode,
    canPickFiles,
    init,
    go,
    saveSettings,
    setTheme,
    cycleTheme,
    notify,
    dismiss,
    requestFocus,
    pickFile,
    pathForFile,
  };
});
