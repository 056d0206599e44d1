import { resolve } from 'node:path';
import type { ApiTask } from '../contract';
import type { ApiHost, AreaHandlers, Handlers } from './api-host';

/** The local models: listed, imported, downloaded (a task), tested, removed and tuned. */
export function modelHandlers(host: ApiHost): AreaHandlers<'models'> {
  const { c } = host;
  return {
    'models.list': () => c.models.list(),
    'models.import': ({ path }) => c.models.import(path),
    'models.download': ({ url }) => {
      const t = host.launch('download', `Download ${url.slice(0, 60)}`, (task) => c.models.download(url, task));
      return { taskId: t.id };
    },
    'models.test': ({ model }) => c.models.test(model),
    'models.remove': async ({ path, allowBuiltin }) => {
      const removed = await c.models.remove(path, { allowBuiltin });
      // A removed model is no longer the default, and its run settings go with it.
      if (c.settings.get().models[removed]) c.settings.setModelRun(removed, null);
      if (c.settings.get().defaultModel === removed) c.settings.set({ defaultModel: null });
      return { removed, settings: c.settings.get() };
    },
    'models.run.set': ({ path, run }) => c.settings.setModelRun(resolve(path), run),
    'models.estimate': ({ path, contextSize }) => c.models.estimate(path, contextSize),
  };
}

/** The app itself: its information, the file browser, the settings and the task list. */
export function appHandlers(
  host: ApiHost,
): Pick<Handlers, 'app.info'> & AreaHandlers<'files'> & AreaHandlers<'settings'> & AreaHandlers<'tasks'> {
  const { c } = host;
  return {
    'app.info': () => c.appInfo(host.mode),
    'files.roots': () => c.files.roots(),
    'files.list': ({ path, offset, limit }) => c.files.list(path, { offset, limit }),
    'settings.get': () => c.settings.get(),
    'settings.set': ({ patch }) => c.settings.set(patch),
    // Results enter the registry only through launch(), typed by kind.
    'tasks.list': () => c.tasks.list() as ApiTask[],
    'tasks.cancel': ({ id }) => ({ cancelled: c.tasks.cancel(id) }),
  };
}
