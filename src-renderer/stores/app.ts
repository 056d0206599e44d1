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

/** The address is `#/<view>` or `#/<view>/<sub>`, where sub is the view's own place in it (a concept card's IRI). */
function routeFromHash(): { view: ViewId | null; sub: string } {
  const h = window.location.hash.replace(/^#\/?/, '');
  const i = h.indexOf('/');
  const v = i < 0 ? h : h.slice(0, i);
  return VIEWS.some((x) => x.id === v)
    ? { view: v as ViewId, sub: i < 0 ? '' : h.slice(i + 1) }
    : { view: null, sub: '' };
}

function viewFromHash(): ViewId | null {
  return routeFromHash().view;
}

/**
 * The entry the app starts on is doubled: the first is a guard that Back lands on and leaves at once
 * (forward), so Back never takes the window out of the app (to about:blank or the page before it).
 */
const GUARD = 'oarag-guard';
const PAGE = 'oarag-page';

export const useAppStore = defineStore('app', () => {
  const view = ref<ViewId>(viewFromHash() ?? 'ontologies');
  /** Each view's place in the address (see routeFromHash): kept, so going back to a view returns to it. */
  const subs = ref<Partial<Record<ViewId, string>>>(routeFromHash().view ? { [view.value]: routeFromHash().sub } : {});
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
    if (viewFromHash() !== view.value) window.history.replaceState(window.history.state, '', hashOf(view.value));
    const st = (window.history.state as { oarag?: string } | null)?.oarag;
    if (st !== GUARD && st !== PAGE) {
      window.history.replaceState({ oarag: GUARD }, '', window.location.hash);
      window.history.pushState({ oarag: PAGE }, '', window.location.hash);
    }
    const follow = () => {
      if ((window.history.state as { oarag?: string } | null)?.oarag === GUARD) {
        window.history.forward();
        return;
      }
      const r = routeFromHash();
      if (!r.view) return;
      subs.value = { ...subs.value, [r.view]: r.sub };
      if (r.view !== view.value) view.value = r.view;
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

  function hashOf(v: ViewId): string {
    const sub = subs.value[v];
    return sub ? `#/${v}/${sub}` : `#/${v}`;
  }

  function go(v: ViewId) {
    view.value = v;
    if (window.location.hash !== hashOf(v)) window.history.pushState({ oarag: PAGE }, '', hashOf(v));
  }

  /**
   * Records a view's place (e.g. the card shown). When that view is showing, the address follows:
   * a new history entry ('push') or the current one rewritten ('replace').
   */
  function place(v: ViewId, sub: string, how: 'push' | 'replace') {
    subs.value = { ...subs.value, [v]: sub };
    if (view.value !== v || window.location.hash === hashOf(v)) return;
    if (how === 'push') window.history.pushState({ oarag: PAGE }, '', hashOf(v));
    else window.history.replaceState({ oarag: PAGE }, '', hashOf(v));
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
    subs,
    init,
    go,
    place,
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
