import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { checkOutputs } from '../../core/output-policy';
import { basename, extname, join, resolve } from 'node:path';
import { LlmError } from '../errors';
import { GgufFormatError } from '../gguf/gguf-reader';
import { inspectGguf, type GgufFacts } from '../gguf/gguf-facts';

export type ModelEntry = { file: string; ok: true; facts: GgufFacts } | { file: string; ok: false; problem: string };

/** Partial downloads (ipull temp files) and non-GGUF files are not models. */
function isModelFile(name: string): boolean {
  return /\.gguf$/i.test(name) && !name.startsWith('.');
}

/**
 * The GGUF files of a models folder (and its direct subfolders, where downloads of split models land),
 * each with its header facts or the reason it is unusable. Sorted by file name. A missing folder is empty.
 */
export async function listModels(dir: string): Promise<ModelEntry[]> {
  const root = resolve(dir);
  const files: string[] = [];
  const scan = async (d: string, depth: number) => {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory() && depth === 0 && !e.name.startsWith('.')) await scan(p, 1);
      else if (e.isFile() && isModelFile(e.name)) files.push(p);
    }
  };
  await scan(root, 0);
  files.sort((a, b) => a.localeCompare(b));
  const out: ModelEntry[] = [];
  for (const file of files) {
    try {
      out.push({ file, ok: true, facts: await inspectGguf(file) });
    } catch (e) {
      out.push({ file, ok: false, problem: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}

export interface ImportOptions {
  /** Replace a model of the same name (default: refuse). */
  overwrite?: boolean;
}

/**
 * Copies a GGUF file into the models folder after validating its header. The copy is written under a
 * temporary name and renamed, so a crash never leaves a half-copied model that looks complete.
 */
export async function importModel(
  source: string,
  dir: string,
  o: ImportOptions = {},
): Promise<{ file: string; facts: GgufFacts }> {
  const src = resolve(source);
  if (extname(src).toLowerCase() !== '.gguf')
    throw new LlmError('model-invalid', `${basename(src)} is not a .gguf file.`);
  try {
    await inspectGguf(src);
  } catch (e) {
    if (e instanceof GgufFormatError)
      throw new LlmError('model-invalid', `${basename(src)} cannot be imported: ${e.message}`, { cause: e });
    throw e;
  }
  await mkdir(dir, { recursive: true });
  const dest = join(resolve(dir), basename(src));
  if (dest === src) return { file: dest, facts: await inspectGguf(dest) };
  const exists = await stat(dest).then(
    () => true,
    () => false,
  );
  if (exists && !o.overwrite)
    throw new LlmError('model-invalid', `A model named ${basename(src)} is already in ${dir}.`);
  const tmp = join(resolve(dir), `.${basename(src)}.importing`);
  try {
    // Through the output policy: the destination is a regular file or absent, the copy a fresh file
    // (COPYFILE_EXCL: a link or pipe left at the temporary name is removed, never written through).
    checkOutputs({ targets: [dest], inputs: [src], force: true });
    await rm(tmp, { force: true, recursive: true });
    await copyFile(src, tmp, constants.COPYFILE_EXCL);
    await rename(tmp, dest);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return { file: dest, facts: await inspectGguf(dest) };
}
