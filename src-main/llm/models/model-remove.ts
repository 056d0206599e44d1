import { lstat, realpath, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UserError } from '../../core/errors';

export interface RemoveModelOptions {
  /** The built-in model's file (in the cache, fetched by npm install), if any. */
  builtin?: string | null;
  /** Remove the built-in model's file too (it comes back with `npm run fetch-model`). */
  allowBuiltin?: boolean;
}

async function real(p: string): Promise<string | null> {
  try {
    return await realpath(p);
  } catch {
    return null;
  }
}

/**
 * Deletes one model file. Only a regular .gguf file that the models folder lists (in the folder or one
 * of its direct subfolders, symbolic links resolved) may go; the built-in model's file only when
 * `allowBuiltin` says so. Nothing outside is ever touched, whatever path the caller sends.
 */
export async function removeModel(file: string, modelsDir: string, o: RemoveModelOptions = {}): Promise<string> {
  const target = resolve(file);
  const name = basename(target);
  if (!/\.gguf$/i.test(name) || name.startsWith('.'))
    throw new UserError('model-outside-folder', `${name} is not a model file (.gguf); nothing was removed.`);
  const st = await lstat(target).catch(() => null);
  if (!st) throw new UserError('not-found', `There is no model file ${name}.`);
  if (!st.isFile())
    throw new UserError(
      'model-outside-folder',
      `${name} is not a regular file (a link or a folder); nothing was removed.`,
    );
  const where = await real(dirname(target));
  const builtin = o.builtin ? await real(o.builtin) : null;
  const full = where ? resolve(where, name) : target;
  if (builtin && full === builtin) {
    if (!o.allowBuiltin)
      throw new UserError(
        'model-builtin',
        `${name} is the built-in model, used when no other model is chosen; removing it needs an explicit confirmation.`,
      );
    await rm(full);
    return full;
  }
  const root = await real(modelsDir);
  const rel = root && where ? relative(root, where) : '..';
  // The folder itself or one direct, visible subfolder: the places listModels looks.
  const inside = rel === '' || (!isAbsolute(rel) && !rel.includes(sep) && !rel.startsWith('.'));
  if (!inside)
    throw new UserError(
      'model-outside-folder',
      `${name} is not in the models folder; only models there can be removed.`,
    );
  await rm(full);
  return full;
}
