import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeModel } from '../../../src-main/llm/models/model-remove';
import { tempDir } from '../../support/temp-dir';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

/** A models folder, a cache folder with the built-in model, and a folder outside both. */
function layout() {
  const d = tempDir('oarag-remove-');
  dirs.push(d);
  const models = join(d.path, 'models');
  const cache = join(d.path, 'cache');
  const outside = join(d.path, 'outside');
  for (const f of [models, join(models, 'sub'), join(models, '.hidden'), cache, outside]) mkdirSync(f);
  const put = (p: string) => (writeFileSync(p, 'GGUF'), p);
  return {
    models,
    own: put(join(models, 'a.gguf')),
    nested: put(join(models, 'sub', 'b.gguf')),
    hidden: put(join(models, '.hidden', 'c.gguf')),
    notModel: put(join(models, 'notes.txt')),
    builtin: put(join(cache, 'SmolLM2.gguf')),
    stranger: put(join(outside, 'x.gguf')),
  };
}

describe('removeModel', () => {
  it('removes a model in the models folder or a direct subfolder', async () => {
    const l = layout();
    expect(await removeModel(l.own, l.models)).toBe(l.own);
    await removeModel(l.nested, l.models);
    expect(existsSync(l.own) || existsSync(l.nested)).toBe(false);
  });

  it('never touches a file outside the folder, whatever the path says', async () => {
    const l = layout();
    for (const p of [
      l.stranger,
      join(l.models, '..', 'outside', 'x.gguf'),
      join(l.models, 'sub', '..', '..', 'outside', 'x.gguf'),
    ])
      await expect(removeModel(p, l.models)).rejects.toMatchObject({ code: 'model-outside-folder' });
    await expect(removeModel(l.hidden, l.models)).rejects.toMatchObject({ code: 'model-outside-folder' });
    await expect(removeModel(l.notModel, l.models)).rejects.toMatchObject({ code: 'model-outside-folder' });
    // A link in the folder to a model elsewhere is not a model of the folder; the target stays.
    symlinkSync(l.stranger, join(l.models, 'link.gguf'));
    await expect(removeModel(join(l.models, 'link.gguf'), l.models)).rejects.toMatchObject({
      code: 'model-outside-folder',
    });
    // A subfolder that is a link to the outside is resolved before the check.
    symlinkSync(join(l.stranger, '..'), join(l.models, 'escape'));
    await expect(removeModel(join(l.models, 'escape', 'x.gguf'), l.models)).rejects.toMatchObject({
      code: 'model-outside-folder',
    });
    await expect(removeModel(join(l.models, 'gone.gguf'), l.models)).rejects.toMatchObject({ code: 'not-found' });
    expect(existsSync(l.stranger) && existsSync(l.hidden) && existsSync(l.notModel)).toBe(true);
  });

  it('keeps the built-in model unless removing it is explicitly allowed', async () => {
    const l = layout();
    await expect(removeModel(l.builtin, l.models, { builtin: l.builtin })).rejects.toMatchObject({
      code: 'model-builtin',
    });
    expect(existsSync(l.builtin)).toBe(true);
    // Even when the built-in model lies in the models folder.
    await expect(removeModel(l.own, l.models, { builtin: l.own })).rejects.toMatchObject({ code: 'model-builtin' });
    await removeModel(l.builtin, l.models, { builtin: l.builtin, allowBuiltin: true });
    expect(existsSync(l.builtin)).toBe(false);
  });
});
