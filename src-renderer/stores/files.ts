import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { FileRoot, FolderListing } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { useAppStore } from './app';

/** The web mode's file browser: the allowed folders and the folder shown now. */
export const useFilesStore = defineStore('files', () => {
  const roots = ref<FileRoot[]>([]);
  const listing = ref<FolderListing | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let seq = 0;

  async function loadRoots(): Promise<void> {
    try {
      roots.value = await api().call('files.roots', {});
    } catch (e) {
      error.value = toApiError(e).message;
    }
  }

  /** Shows a folder; on failure the previous one stays and the error is said. */
  async function list(path: string): Promise<boolean> {
    const my = ++seq;
    loading.value = true;
    try {
      const l = await api().call('files.list', { path });
      if (my !== seq) return false;
      listing.value = l;
      error.value = null;
      return true;
    } catch (e) {
      if (my === seq) error.value = toApiError(e).message;
      return false;
    } finally {
      if (my === seq) loading.value = false;
    }
  }

  /** Appends the folder's next page (a large folder is listed in pages of 500 entries). */
  async function more(): Promise<void> {
    const l = listing.value;
    if (!l || l.nextOffset === null) return;
    const my = ++seq;
    loading.value = true;
    try {
      const next = await api().call('files.list', { path: l.path, offset: l.nextOffset });
      if (my !== seq) return;
      listing.value = { ...next, offset: l.offset, entries: [...l.entries, ...next.entries] };
    } catch (e) {
      if (my === seq) error.value = toApiError(e).message;
    } finally {
      if (my === seq) loading.value = false;
    }
  }

  /** Opens where the user probably wants to be: the folder of `near`, else the first allowed folder. */
  async function start(near: string): Promise<void> {
    error.value = null;
    await loadRoots();
    const folder = near.trim().replace(/[\\/][^\\/]*$/, '');
    if (folder && /^([A-Za-z]:)?[\\/]/.test(near.trim()) && (await list(folder))) return;
    const first = roots.value.find((r) => r.exists);
    if (first) await list(first.path);
    else {
      listing.value = null;
      error.value = roots.value.length ? 'None of the allowed folders exists.' : 'No folder is allowed yet.';
    }
  }

  /** Saves the allowed folders (null: the defaults) and shows the first one. */
  async function setRoots(paths: string[] | null): Promise<boolean> {
    if (!(await useAppStore().saveSettings({ fileRoots: paths }))) return false;
    await start('');
    return true;
  }

  return { roots, listing, loading, error, loadRoots, list, more, start, setRoots };
});
