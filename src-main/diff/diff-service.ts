import { throwIfAborted, type TaskProgress } from '../core/task';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OntologyService } from '../ontology/ontology-service';
import { annotationSnapshot } from './annotation-snapshot';
import { compareAnnotations } from './compare-annotations';
import { compareVersions, entityRefs } from './compare-versions';
import {
  ANNOTATION_CHANGE_KINDS,
  CHANGE_KINDS,
  DIFF_FORMAT_VERSION,
  type DiffReport,
  type DiffSide,
} from './diff-types';
import { namespacePrefixes } from './namespace-filter';
import { snapshotOf } from './version-snapshot';
import { sideNames } from './side-names';

export interface DiffOptions {
  /** IRI prefixes or CURIE prefixes (namespace-filter.ts); none keeps every change. */
  namespaces?: readonly string[];
  /** Compare annotations too: definitions, synonyms by scope, cross-references, other annotations. */
  annotations?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
}

/**
 * Diffs two opened versions. Their closure indexes are built on first use and then kept by the handles.
 * The event loop gets a turn between stages, so progress reaches the UI and a cancel is seen.
 */
export async function diffHandles(
  before: OntologyHandle,
  after: OntologyHandle,
  o: DiffOptions = {},
): Promise<DiffReport> {
  const prefixes = namespacePrefixes(o.namespaces ?? []);
  const stage = async (name: string, fraction: number) => {
    o.onProgress?.({ stage: name, fraction });
    await new Promise((r) => setImmediate(r));
    throwIfAborted(o.signal);
  };
  await stage('index old', 0.5);
  const a = snapshotOf(before.closure);
  await stage('index new', 0.7);
  const b = snapshotOf(after.closure);
  await stage('compare', 0.8);
  const changes = compareVersions(a, b, prefixes);
  const kinds: string[] = [...CHANGE_KINDS];
  if (o.annotations) {
    await stage('compare annotations', 0.9);
    const ref = entityRefs(a, b);
    changes.push(...compareAnnotations(annotationSnapshot(before), annotationSnapshot(after), ref, prefixes));
    kinds.push(...ANNOTATION_CHANGE_KINDS);
  }
  const counts = Object.fromEntries(kinds.map((k) => [k, 0])) as DiffReport['counts'];
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  o.onProgress?.({ stage: 'done', fraction: 1 });
  return {
    version: DIFF_FORMAT_VERSION,
    ...sides(before, after),
    namespaces: prefixes,
    annotations: o.annotations === true,
    counts,
    changes,
  };
}

/** Opens both files through the cache (a cached version opens in milliseconds) and diffs them. */
export async function diffFiles(
  ontologies: OntologyService,
  oldFile: string,
  newFile: string,
  o: DiffOptions = {},
): Promise<DiffReport> {
  // Checked before the loads, so a bad --namespace does not cost two classifications.
  namespacePrefixes(o.namespaces ?? []);
  const stage = (stage: string, from: number) => (p: TaskProgress) =>
    o.onProgress?.({ stage, fraction: from + 0.25 * p.fraction });
  const before = await ontologies.open(oldFile, { signal: o.signal, onProgress: stage('open old', 0) });
  const after = await ontologies.open(newFile, { signal: o.signal, onProgress: stage('open new', 0.25) });
  return diffHandles(before, after, o);
}

function sides(before: OntologyHandle, after: OntologyHandle): { old: DiffSide; new: DiffSide } {
  const [a, b] = sideNames(before.path, after.path);
  return { old: sideOf(before, a), new: sideOf(after, b) };
}

function sideOf(h: OntologyHandle, file: string): DiffSide {
  const s = h.summary;
  return { file, title: s.title, ontologyIri: s.ontologyIri, classes: s.classes };
}
