import { vi } from 'vitest';

/** A file a store handed to the browser to save (util/download.ts). */
export interface Download {
  fileName: string;
  text(): Promise<string>;
}

export interface FakeDom {
  storage: Map<string, string>;
  downloads: Download[];
  /** Fires a window event (popstate, hashchange) at the listeners the stores added. */
  fireWindow(type: string): void;
  /** Sets document.visibilityState and fires visibilitychange. */
  setVisible(visible: boolean): void;
  location: { hash: string };
  history: { state: unknown; length: number; back(): void; forward(): void };
  root: { dataset: Record<string, string> };
}

/**
 * The few browser globals the stores touch (window, location, history, localStorage, document and a
 * download link), in memory. The timers delegate to the current global ones, so vi.useFakeTimers applies.
 */
export function installFakeDom(opts: { hash?: string; storage?: Record<string, string> } = {}): FakeDom {
  const storage = new Map(Object.entries(opts.storage ?? {}));
  const winListeners = new Map<string, Set<(e: unknown) => void>>();
  const docListeners = new Map<string, Set<(e: unknown) => void>>();
  const add = (m: Map<string, Set<(e: unknown) => void>>) => (type: string, fn: (e: unknown) => void) => {
    const s = m.get(type) ?? new Set();
    s.add(fn);
    m.set(type, s);
  };
  const location = {
    hash: opts.hash ?? '',
    get href() {
      return `http://127.0.0.1:1/${this.hash}`;
    },
    pathname: '/',
    search: '',
    protocol: 'http:',
  };
  const setUrl = (url: string) => {
    const i = url.indexOf('#');
    location.hash = i >= 0 ? url.slice(i) : '';
  };
  // The session history as a browser keeps it: entries with their state, Back and Forward firing popstate.
  const entries: { state: unknown; hash: string }[] = [{ state: null, hash: location.hash }];
  let at = 0;
  const moveTo = (i: number) => {
    if (i < 0 || i >= entries.length) return;
    at = i;
    location.hash = entries[i].hash;
    winListeners.get('popstate')?.forEach((fn) => fn({}));
  };
  const history = {
    get state() {
      return entries[at].state;
    },
    get length() {
      return entries.length;
    },
    replaceState: (s: unknown, _t: string, url: string) => {
      setUrl(url);
      entries[at] = { state: s, hash: location.hash };
    },
    pushState: (s: unknown, _t: string, url: string) => {
      setUrl(url);
      entries.splice(at + 1, entries.length, { state: s, hash: location.hash });
      at = entries.length - 1;
    },
    back: () => moveTo(at - 1),
    forward: () => moveTo(at + 1),
  };
  const root = { dataset: {} as Record<string, string> };
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  const doc = {
    documentElement: root,
    visibilityState: 'visible',
    addEventListener: add(docListeners),
    removeEventListener: () => {},
    body: { appendChild: () => {} },
    createElement: () => {
      const a = {
        href: '',
        download: '',
        rel: '',
        style: {} as Record<string, string>,
        click: () => {
          const blob = blobs.get(a.href);
          downloads.push({ fileName: a.download, text: () => (blob ? blob.text() : Promise.resolve('')) });
        },
        remove: () => {},
      };
      return a;
    },
  };
  const win = {
    location,
    history,
    matchMedia: () => ({ matches: false, addEventListener: () => {} }),
    addEventListener: add(winListeners),
    removeEventListener: () => {},
    setTimeout: (fn: () => void, ms?: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(t),
    setInterval: (fn: () => void, ms?: number) => globalThis.setInterval(fn, ms),
    clearInterval: (t: ReturnType<typeof setInterval>) => globalThis.clearInterval(t),
  };
  const localStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, String(v)),
    removeItem: (k: string) => void storage.delete(k),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('localStorage', localStorage);
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    const url = `blob:fake/${++n}`;
    blobs.set(url, b as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return {
    storage,
    downloads,
    location,
    history,
    root,
    fireWindow: (type) => winListeners.get(type)?.forEach((fn) => fn({})),
    setVisible: (visible) => {
      doc.visibilityState = visible ? 'visible' : 'hidden';
      docListeners.get('visibilitychange')?.forEach((fn) => fn({}));
    },
  };
}
