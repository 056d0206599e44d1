import { ref, type Ref } from 'vue';

/**
 * Keyboard movement in a list that is one Tab stop (aria-activedescendant): arrows, Home/End and
 * PageUp/PageDown move the highlighted row; Enter is left to the caller.
 */
export function useListNav(count: () => number, page = 10) {
  const active: Ref<number> = ref(0);

  function move(to: number): void {
    const n = count();
    active.value = n ? Math.min(n - 1, Math.max(0, to)) : 0;
  }

  /** Handles a movement key; returns true if it did (the caller then prevents the default). */
  function onKey(e: KeyboardEvent): boolean {
    const steps: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: -page,
    };
    if (e.key in steps) move(active.value + steps[e.key]);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(count() - 1);
    else return false;
    e.preventDefault();
    return true;
  }

  return { active, move, onKey };
}

/** Keeps the highlighted row of a list in sight (after it moved by keyboard). */
export function revealRow(list: HTMLElement | null, id: string): void {
  const row = list?.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  row?.scrollIntoView({ block: 'nearest' });
}
