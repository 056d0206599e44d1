import { defineStore } from 'pinia';
import { splitNamespaces } from '../util/diff-kinds';
import { reactive, ref } from 'vue';
import { api, toApiError } from '../api';
import { downloadText } from '../util/download';
import { useAppStore } from './app';
import { createJob } from './job';
import { useOntologyStore } from './ontology';

/** The closure diff between two versions: a long task over two ontologies, and its exports. */
export const useDiffStore = defineStore('diff', () => {
  const form = reactive({ oldId: '', newId: '', namespaces: '' });
  const run = createJob('diff');
  const exporting = ref(false);

  async function start(params: { oldId: string; newId?: string; newPath?: string }) {
    const namespaces = splitNamespaces(form.namespaces);
    await run.start(() =>
      api().call('diff.run', { ...params, namespaces: namespaces.length ? namespaces : undefined }),
    );
    const r = run.result.value;
    if (!r) return;
    // The new version may have been opened by the diff: list it, and keep the form on what was compared.
    if (params.newPath) await useOntologyStore().refresh();
    form.oldId = r.oldId;
    form.newId = r.newId;
  }

  async function runForm() {
    if (!form.oldId || !form.newId) return;
    await start({ oldId: form.oldId, newId: form.newId });
  }

  /** From the Test-2 view: the revised file against the ontology it was made from. */
  async function againstOriginal(originalId: string, revisedPath: string) {
    useAppStore().go('diff');
    form.oldId = originalId;
    form.newId = '';
    await start({ oldId: originalId, newPath: revisedPath });
  }

  async function exportAs(format: 'markdown' | 'json') {
    const r = run.result.value;
    if (!r || exporting.value) return;
    exporting.value = true;
    try {
      const namespaces = r.report.namespaces;
      const f = await api().call('diff.export', {
        oldId: r.oldId,
        newId: r.newId,
        namespaces: namespaces.length ? namespaces : undefined,
        format,
      });
      downloadText(f.fileName, f.content, f.mime);
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    } finally {
      exporting.value = false;
    }
  }

  return { form, run, exporting, runForm, againstOriginal, exportAs };
});
