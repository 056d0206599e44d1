import { basename, dirname } from 'node:path';
import type { TaskProgress } from '../core/task';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OntologyService } from '../ontology/ontology-service';
import { diffHandles, type DiffOptions } from './diff-service';
import type { DiffReport } from './diff-types';
import { readRevision } from './git-revision';

export interface RevisionDiff {
  report: DiffReport;
  /** The working copy's handle (the committed version's is closed again). */
  after: OntologyHandle;
}

/**
 * The file as committed at `rev` against the working copy. The committed text is read into a
 * temporary file, but its imports resolve as the working copy's do: the same catalog (given or found
 * from the working copy's folder) and the same folder for the by-name fallback.
 */
export async function diffAgainstRevision(
  ontologies: OntologyService,
  file: string,
  rev: string,
  o: DiffOptions & { catalog?: string } = {},
): Promise<RevisionDiff> {
  const stage = (name: string, from: number) => (p: TaskProgress) =>
    o.onProgress?.({ stage: name, fraction: from + 0.25 * p.fraction });
  const committed = await readRevision(file, rev, o.signal);
  try {
    const after = await ontologies.open(file, {
      signal: o.signal,
      catalog: o.catalog,
      onProgress: stage('open new', 0),
    });
    const given = after.imports?.catalogFrom === 'given' ? (after.imports.catalog ?? undefined) : undefined;
    const before = await ontologies.open(committed.path, {
      signal: o.signal,
      catalog: given,
      importBase: dirname(file),
      onProgress: stage(`open ${rev}`, 0.25),
    });
    try {
      const report = await diffHandles(before, after, o);
      // One file at two moments: its own name on both sides, the old one marked with the revision
      // (sideNames would add folders to tell the temporary copy's name from it).
      report.old.file = `${basename(file)} @ ${rev}`;
      report.new.file = basename(file);
      return { report, after };
    } finally {
      // Its temporary file is about to go: nothing may reopen or watch it (the cache entry stays).
      ontologies.close(before);
    }
  } finally {
    committed.cleanup();
  }
}
