import type { ReviseReport } from '../../src-main/api/contract';

export interface Tile {
  key: string;
  label: string;
  value: number;
}

/**
 * The Test-2 summary's figures as tiles: each once, with words for labels (never a report key), and none
 * the sentence above them states (the restrictions moved and the classes changed). Figures about dataset
 * items appear only when a dataset was checked.
 */
export function revisionTiles(r: ReviseReport): Tile[] {
  const out: Tile[] = [
    { key: 'axiomsRemoved', label: 'axioms removed entirely', value: r.axiomsRemoved },
    { key: 'axiomsRewritten', label: 'axioms rewritten', value: r.axiomsRewritten },
  ];
  if (r.items !== undefined) {
    out.push({ key: 'items', label: 'dataset items checked', value: r.items });
    if (r.kept !== undefined) out.push({ key: 'kept', label: 'items kept for Test 2', value: r.kept });
    out.push({ key: 'excluded', label: 'items left out of Test 2', value: r.excluded.length });
  }
  return out;
}
