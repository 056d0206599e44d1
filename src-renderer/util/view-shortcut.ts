import { onActivated, onBeforeUnmount, onDeactivated, onMounted, type Ref } from 'vue';

/**
 * Ctrl+Enter (⌘+Enter) runs a view's main action, only while that view is the one shown and only for
 * keys pressed inside it (or with nothing focused). Views live on under <KeepAlive>: a window
 * listener added on mount and left in place would answer in every other view too (the Ask view started
 * a hidden model task from the query console). So the listener comes and goes with activation.
 */
export function useRunShortcut(root: Ref<HTMLElement | null>, run: () => void): void {
  function onKey(e: KeyboardEvent) {
    if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter' || e.defaultPrevented) return;
    const el = root.value;
    if (!el || !el.isConnected || !el.getClientRects().length) return;
    const target = e.target instanceof Node ? e.target : null;
    if (target && target !== document.body && target !== document.documentElement && !el.contains(target)) return;
    e.preventDefault();
    run();
  }
  const on = () => window.addEventListener('keydown', onKey);
  const off = () => window.removeEventListener('keydown', onKey);
  onMounted(on);
  onActivated(on);
  onDeactivated(off);
  onBeforeUnmount(off);
}
