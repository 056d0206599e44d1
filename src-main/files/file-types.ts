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
  /** This page of the folder: folders first, then files, by name; hidden entries and links leading outside are left out. */
  entries: FileEntry[];
  /** Entries listed in all pages. */
  total: number;
  /** Where this page starts among them. */
  offset: number;
  /** Where the next page starts, or null on the last one. */
  nextOffset: number | null;
  /** More entries exist than this page shows (a next page, or a listing that stopped early). */
  truncated: boolean;
  /** False when the folder holds more entries than are listed (a count and a time bound; see file-browser.ts). */
  complete: boolean;
}
