/** Wire types of the web file browser (see file-browser.ts). */

/** One allowed folder; `label` names the built-in ones. */
export interface FileRoot {
  path: string;
  label: string | null;
  exists: boolean;
}

export interface FileEntry {
  name: string;
  /** The entry's path under the browsed folder, as the user would type it. */
  path: string;
  kind: 'folder' | 'file';
  size: number | null;
}

export interface FolderListing {
  path: string;
  /** The allowed folder this one lies in. */
  root: string;
  /** The folder above, or null at an allowed folder's top. */
  parent: string | null;
  /** Folders first, then files, by name; hidden entries and links leading outside are left out. */
  entries: FileEntry[];
  /** Entries beyond the first MAX_ENTRIES were left out. */
  truncated: boolean;
}
