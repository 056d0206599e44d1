import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { MemoryEstimate, ModelInfo, ModelRunSettings } from '../../src-main/api/contract';
import { api, shownError, toApiError, type ShownError } from '../api';
import { useAppStore } from './app';
import { createJob } from './job';

/** Local GGUF models, downloads, and the backend test. */
export const useModelsStore = defineStore('models', () => {
  const list = ref<ModelInfo[]>([]);
  const loading = ref(false);
  const listError = ref<string | null>(null);
  const importPath = ref('');
  const importing = ref(false);
  const importError = ref<ShownError | null>(null);
  const downloadUrl = ref('');
  const download = createJob('download');
  const testSpec = ref('');
  const testing = ref(false);
  const testResult = ref<{ text: string; ms: number; outputTokens: number } | null>(null);
  const testError = ref<ShownError | null>(null);
  /** The model whose run settings and memory estimate are shown. */
  const selected = ref<string | null>(null);
  const removing = ref<string | null>(null);
  const removeError = ref<{ path: string; message: string } | null>(null);
  const estimate = ref<MemoryEstimate | null>(null);
  const estimateError = ref<string | null>(null);
  let estimateSeq = 0;

  async function refresh() {
    loading.value = true;
    try {
      list.value = await api().call('models.list', {});
      listError.value = null;
    } catch (e) {
      listError.value = toApiError(e).message;
    } finally {
      loading.value = false;
    }
  }

  async function importModel(path = importPath.value) {
    const p = path.trim();
    if (!p) return;
    importing.value = true;
    importError.value = null;
    try {
      const m = await api().call('models.import', { path: p });
      list.value = [...list.value.filter((x) => x.path !== m.path), m];
      importPath.value = '';
      useAppStore().notify('ok', `Added ${m.fileName}`);
    } catch (e) {
      importError.value = shownError(e);
    } finally {
      importing.value = false;
    }
  }

  async function startDownload() {
    const url = downloadUrl.value.trim();
    if (!url) return;
    await download.start(() => api().call('models.download', { url }));
    if (!download.error.value) void refresh();
  }

  async function test(spec = testSpec.value) {
    const s = spec.trim();
    if (!s) return;
    testing.value = true;
    testError.value = null;
    testResult.value = null;
    try {
      testResult.value = await api().call('models.test', { model: s });
    } catch (e) {
      testError.value = shownError(e);
    } finally {
      testing.value = false;
    }
  }

  /** Deletes a model file (the built-in one only with allowBuiltin) and takes the settings the server returns. */
  async function remove(path: string, allowBuiltin = false): Promise<boolean> {
    removing.value = path;
    removeError.value = null;
    try {
      const r = await api().call('models.remove', { path, allowBuiltin });
      const app = useAppStore();
      app.settings = r.settings;
      list.value = list.value.filter((x) => x.path !== path);
      if (selected.value === path) selected.value = null;
      app.notify('ok', `Removed ${path.replace(/^.*[\\/]/, '')}`);
      return true;
    } catch (e) {
      removeError.value = { path, message: shownError(e).message };
      return false;
    } finally {
      removing.value = null;
    }
  }

  /** The memory estimate for a context size (none: the one the model's run settings give); the last call wins. */
  async function estimateFor(path: string, contextSize?: number) {
    const seq = ++estimateSeq;
    try {
      const e = await api().call('models.estimate', { path, contextSize });
      if (seq === estimateSeq) {
        estimate.value = e;
        estimateError.value = null;
      }
    } catch (e) {
      if (seq === estimateSeq) {
        estimate.value = null;
        estimateError.value = toApiError(e).message;
      }
    }
  }

  /** Saves (or with null forgets) one model's run settings. */
  async function saveRun(path: string, run: ModelRunSettings | null): Promise<ShownError | null> {
    try {
      useAppStore().settings = await api().call('models.run.set', { path, run });
      return null;
    } catch (e) {
      return shownError(e);
    }
  }

  return {
    list,
    loading,
    listError,
    importPath,
    importing,
    importError,
    downloadUrl,
    download,
    testSpec,
    testing,
    testResult,
    testError,
    selected,
    removing,
    removeError,
    estimate,
    estimateError,
    remove,
    estimateFor,
    saveRun,
    refresh,
    importModel,
    startDownload,
    test,
  };
});
