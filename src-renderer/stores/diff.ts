import { defineStore } from 'pinia';
import { splitNamespaces } from '../util/diff-kinds';
import { reactive, ref } from 'vue';
import type { ChangeKind } from '../../src-main/api/contract';
import { api, toApiError } from '../api';
import { downloadText } from '../util/download';
import { useAppStore } from './app';
import { createJob } from './job';
import { useOntologyStore } from './ontology';

/** The picker's value for "a file", beside the ids of the open ontologies. */
export const FROM_FILE = '@file';

/**
 * The diff between two versions: a long task over two ontologies, and its exports. Each side is an
 * open ontology or any ontology file (opened for the diff, as ROBOT diff takes two files).
 */
export const useDiffStore = defineStore('diff', () => {
  const form = reactive({ oldId: '', newId: '', oldPath: '', newPath: '', namespaces: '', annotations: true });
  const run = createJob('diff');
  const exporting = ref(false);
  /** The Details filter: a kind and a text. It belongs to one diff, so each new diff starts without it. */
  const details = reactive({ kind: 'all' as ChangeKind | 'all', text: '' });

  async function start(params: { oldId?: string; oldPath?: string; newId?: string; newPath?: string; rev?: string }) {
    const namespaces = splitNamespaces(form.namespaces);
    details.kind = 'all';
    details.text = '';
    await run.start(() =>
      api().call('diff.run', {
        ...params,
        namespaces: namespaces.length ? namespaces : undefined,
        annotations: form.annotations,
      }),
    );
    const r = run.result.value;
    if (!r) return;
    // A version given as a file was opened by the diff: list it, and keep the form on what was compared.
    if (params.newPath || params.oldPath) await useOntologyStore().refresh();
    // Against a commit the old side is no open ontology: the form keeps its choice.
    if (!r.rev) form.oldId = r.oldId;
    form.newId = r.newId;
  }

  /** One side of the form as diff.run takes it; null while it names nothing. */
  function side(id: string, path: string, which: 'old' | 'new') {
    if (id === FROM_FILE) return path.trim() ? { [`${which}Path`]: path.trim() } : null;
    return id ? { [`${which}Id`]: id } : null;
  }

  function ready(): boolean {
    return !!side(form.oldId, form.oldPath, 'old') && !!side(form.newId, form.newPath, 'new');
  }

  async function runForm() {
    const a = side(form.oldId, form.oldPath, 'old');
    const b = side(form.newId, form.newPath, 'new');
    if (!a || !b) return;
    await start({ ...a, ...b });
  }

  /** From the Test-2 view: the revised file against the ontology it was made from. */
  async function againstOriginal(originalId: string, revisedPath: string) {
    useAppStore().go('diff');
    form.oldId = originalId;
    form.newId = '';
    await start({ oldId: originalId, newPath: revisedPath });
  }

  /** The open ontology's file against its last commit (git), e.g. from the "changed on disk" notice. */
  async function againstLastCommit(id: string) {
    useAppStore().go('diff');
    form.newId = id;
    await start({ newId: id, rev: 'HEAD' });
  }

  async function exportAs(format: 'markdown' | 'json' | 'html') {
    const r = run.result.value;
    if (!r || exporting.value) return;
    exporting.value = true;
    try {
      const namespaces = r.report.namespaces;
      const f = await api().call('diff.export', {
        ...(r.rev ? { rev: r.rev } : { oldId: r.oldId }),
        newId: r.newId,
        namespaces: namespaces.length ? namespaces : undefined,
        annotations: r.report.annotations === true,
        format,
      });
      downloadText(f.fileName, f.content, f.mime);
    } catch (e) {
      useAppStore().notify('error', toApiError(e).message);
    } finally {
      exporting.value = false;
    }
  }

  return { form, details, run, exporting, ready, runForm, againstOriginal, againstLastCommit, exportAs };
});
