import { describe, expect, it } from 'vitest';
import type { FolderListing } from '../../../../src-main/api/contract';
import { ApiError } from '../../../../src-renderer/api';
import { useFilesStore } from '../../../../src-renderer/stores/files';
import { settings, storeHarness } from './harness';

const listing = (path: string, names: string[], nextOffset: number | null = null, offset = 0): FolderListing => ({
  path,
  root: '/r',
  parent: null,
  entries: names.map((n) => ({ name: n, path: `${path}/${n}`, kind: 'file' }) as FolderListing['entries'][number]),
  total: names.length,
  offset,
  nextOffset,
  truncated: nextOffset !== null,
  complete: true,
});

describe('files store: the allowed folders and the folder shown', () => {
  const h = storeHarness();

  it('starts in the folder of the path given, else the first allowed folder that exists', async () => {
    const s = useFilesStore();
    h.api
      .reply('files.roots', [
        { path: '/gone', label: null, exists: false },
        { path: '/r', label: 'Data', exists: true },
      ])
      .reply('files.list', (p) => {
        if (p.path === '/r/sub') throw new ApiError('forbidden', 'Outside.');
        return listing(p.path, ['a.ofn']);
      });
    await s.start('/r/x/y.ofn');
    expect(s.listing?.path).toBe('/r/x');
    await s.start('/r/sub/y.ofn');
    expect(s.listing?.path).toBe('/r');
    await s.start('relative.ofn');
    expect(h.api.callsOf('files.list').map((p) => p.path)).toEqual(['/r/x', '/r/sub', '/r', '/r']);
  });

  it('says when no allowed folder exists', async () => {
    const s = useFilesStore();
    h.api.reply('files.roots', []);
    await s.start('');
    expect([s.listing, s.error]).toEqual([null, 'No folder is allowed yet.']);
    h.api.reply('files.roots', [{ path: '/gone', label: null, exists: false }]);
    await s.start('');
    expect(s.error).toBe('None of the allowed folders exists.');
  });

  it('a folder that cannot be listed keeps the previous one and says why', async () => {
    const s = useFilesStore();
    h.api.reply('files.list', listing('/r', ['a']));
    await expect(s.list('/r')).resolves.toBe(true);
    h.api.fail('files.list', 'forbidden', '/etc is not an allowed folder.');
    await expect(s.list('/etc')).resolves.toBe(false);
    expect([s.listing?.path, s.error, s.loading]).toEqual(['/r', '/etc is not an allowed folder.', false]);
  });

  it('appends the next page of a large folder', async () => {
    const s = useFilesStore();
    h.api.reply('files.list', listing('/r', ['a', 'b'], 2));
    await s.list('/r');
    h.api.reply('files.list', (p) => listing('/r', ['c'], null, p.offset ?? 0));
    await s.more();
    expect(h.api.callsOf('files.list')[1]).toEqual({ path: '/r', offset: 2 });
    expect(s.listing?.entries.map((e) => e.name)).toEqual(['a', 'b', 'c']);
    expect([s.listing?.offset, s.listing?.nextOffset]).toEqual([0, null]);
    await s.more();
    expect(h.api.callsOf('files.list')).toHaveLength(2);
  });

  it('saving the allowed folders goes through the settings; a refusal lists nothing', async () => {
    const s = useFilesStore();
    h.api.fail('settings.set', 'bad-settings', 'Not a folder.');
    await expect(s.setRoots(['/nope'])).resolves.toBe(false);
    expect(h.api.callsOf('files.roots')).toEqual([]);
    h.api
      .reply('settings.set', settings({ fileRoots: ['/r'] }))
      .reply('files.roots', [{ path: '/r', label: null, exists: true }])
      .reply('files.list', listing('/r', []));
    await expect(s.setRoots(['/r'])).resolves.toBe(true);
    expect(s.listing?.path).toBe('/r');
  });
});
