import { basename } from 'node:path';
import { UserError } from '../../core/errors';
import type { CachePatcher, LoadCounts } from '../cache/cache-patcher';
import type { LoadSummary, LoadWarning, ReloadSummary } from '../ontology-types';
import { bridgeWarnings } from '../load-warnings';
import type { BridgeLoadResult } from './cold-load';
import { importsSummary } from '../imports/import-tree';
import type { ImportResolution } from '../imports/import-resolution';

export function requireClasses(path: string, loaded: BridgeLoadResult): void {
  if (loaded.classes === 0) {
    throw new UserError(
      'no-classes',
      `${basename(path)} was read as ${loaded.format} but declares no classes, so there is nothing to reason over.`,
    );
  }
}

/** A cold load's summary before its timings (seconds, stageSeconds, profile) are known. */
export function loadSummary(
  path: string,
  loaded: BridgeLoadResult,
  target: { buildCounts: LoadCounts; ontologyRecord: unknown },
  notes: LoadWarning[],
  reload: ReloadSummary | undefined,
  resolution: ImportResolution | null = null,
): LoadSummary {
  const counts = target.buildCounts;
  const warnings = [...notes, ...bridgeWarnings(loaded.warnings)];
  if (counts.unsatisfiable.length) {
    warnings.push({
      code: 'unsatisfiable',
      message: `${counts.unsatisfiable.length} class${counts.unsatisfiable.length === 1 ? ' is' : 'es are'} unsatisfiable (equivalent to Nothing).`,
      counts: { classes: counts.unsatisfiable.length },
    });
  }
  const ontologyRecord = target.ontologyRecord as { annotations?: { p: string; v: string }[] } | null;
  return {
    file: path,
    format: loaded.format,
    ontologyIri: loaded.ontologyIri,
    title: titleOf(ontologyRecord),
    classes: counts.classes,
    objectProperties: counts.objectProperties,
    closure: { subClassOf: counts.subClassOf, existential: counts.existential },
    unsatisfiable: counts.unsatisfiable,
    warnings,
    cache: 'miss',
    seconds: 0,
    stageSeconds: {},
    ...(reload ? { reload } : {}),
    imports: importsSummary(loaded.importTree ?? [], resolution, warnings),
  };
}

/** The bridge's account of a reload; counts it did not give (a full load counts none) are null, never guessed. */
export function reloadSummary(x: Record<string, unknown>, patcher: CachePatcher | undefined): ReloadSummary {
  const diff = (x.diff ?? {}) as { added?: unknown; removed?: unknown };
  const groups = (x.groups ?? {}) as { changed?: unknown; gone?: unknown };
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);
  return {
    incremental: x.incremental === true,
    reason: typeof x.reason === 'string' ? x.reason : null,
    added: count(diff.added),
    removed: count(diff.removed),
    patched: patcher
      ? { groups: (count(groups.changed) ?? 0) + (count(groups.gone) ?? 0), cards: patcher.cardsWritten }
      : null,
  };
}

const TITLE_PROPS = [
  'http://purl.org/dc/elements/1.1/title',
  'http://purl.org/dc/terms/title',
  'http://www.w3.org/2000/01/rdf-schema#label',
];

function titleOf(ont: { annotations?: { p: string; v: string }[] } | null): string | null {
  for (const p of TITLE_PROPS) {
    const a = ont?.annotations?.find((x) => x.p === p);
    if (a) return a.v;
  }
  return null;
}
