import type { LoadWarning, LoadWarningCode } from '../../src-main/api/contract';

/** The heading each kind of load warning is shown under; its message says the details. */
const TITLES: Record<LoadWarningCode, string> = {
  'unresolved-import': 'Import not found',
  'skipped-import': 'Import skipped',
  'import-outside-folder': 'Import read from outside the folder',
  'catalog-problem': 'Catalog problem',
  'non-el': 'Outside OWL 2 EL',
  unsatisfiable: 'Unsatisfiable classes',
  'heap-retried': 'Retried with more memory',
  'cache-rebuilt': 'Cache rebuilt',
  'cache-stale': 'Import changed',
  other: 'Warning',
};

export function warningTitle(code: LoadWarningCode): string {
  return TITLES[code] ?? TITLES.other;
}

/** The warnings listed as such: unsatisfiable classes have a callout of their own, with links to each. */
export function listedWarnings(warnings: readonly LoadWarning[] | undefined): LoadWarning[] {
  return (warnings ?? []).filter((w) => w.code !== 'unsatisfiable');
}
