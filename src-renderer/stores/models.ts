import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ModelInfo } from '../../src-main/api/contract';
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
    refresh,
    importModel,
    startDownload,
    test,
  };
});
