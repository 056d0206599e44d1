import { basename } from 'node:path';
import { UserError } from '../../core/errors';
import { withTypedPaths } from '../../core/shown-paths';
import type { Task } from '../../core/task';
import { capChanges } from '../../diff/cap-changes';
import { diffMarkdown } from '../../diff/diff-markdown';
import { diffHandles } from '../../diff/diff-service';
import { diffAgainstRevision } from '../../diff/revision-diff';
import type { ApiParams, TaskRef } from '../contract';
import { namespacePrefixes } from '../../diff/namespace-filter';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { ApiHost, AreaHandlers } from './api-host';
import { diffHtml } from '../../diff/diff-html';

/** Changes of one kind a diff task carries (counts stay exact); see cap-changes.ts. */
const DIFF_SHOWN_PER_KIND = 2000;

/** One side of a diff: an open ontology, or a file to open. */
type Side = { handle: OntologyHandle; file?: undefined } | { file: string; handle?: undefined };

/** Comparing two ontologies (a task), and exporting the comparison. */
export function diffHandlers(host: ApiHost): AreaHandlers<'diff'> {
  const { c } = host;
  return {
    'diff.run': ({ oldId, oldPath, newId, newPath, rev, namespaces, annotations }) => {
      if (rev !== undefined) return revisionRun(host, { oldId, oldPath, newId, newPath, rev, namespaces, annotations });
      const side = (id: string | undefined, file: string | undefined, which: string): Side => {
        if ((id === undefined) === (file === undefined))
          throw new UserError('bad-params', `Invalid parameters for diff.run: give either ${which}Id or ${which}Path.`);
        return id === undefined ? { file: file! } : { handle: c.openOntologies.get(id) };
      };
      const sides = [side(oldId, oldPath, 'old'), side(newId, newPath, 'new')];
      const prefixes = checkedNamespaces(namespaces);
      const [oldName, newName] = sides.map((x) => basename(x.handle?.path ?? x.file!));
      const t = host.launch('diff', `Diff ${oldName} → ${newName}`, async (task) => {
        const [oldH, newH] = await openSides(host, sides, task);
        const full = await diffHandles(oldH, newH, {
          namespaces: prefixes,
          annotations,
          signal: task.signal,
          onProgress: (p) => task.update(p),
        });
        const { report, capped } = capChanges(full, DIFF_SHOWN_PER_KIND);
        return { oldId: oldH.path, newId: newH.path, report, shownPerKind: capped ? DIFF_SHOWN_PER_KIND : null };
      });
      for (const x of sides) if (x.handle) c.openOntologies.hold(x.handle, t.id);
      return { taskId: t.id };
    },
    'diff.export': async ({ oldId, rev, newId, namespaces, annotations, format }) => {
      if ((oldId === undefined) === (rev === undefined))
        throw new UserError('bad-params', 'Invalid parameters for diff.export: give either oldId or rev.');
      const o = { namespaces: checkedNamespaces(namespaces), annotations };
      const newH = c.openOntologies.get(newId);
      const report =
        rev !== undefined
          ? (await diffAgainstRevision(c.ontologies, newH.path, rev, { ...o, catalog: givenCatalog(newH) })).report
          : await diffHandles(c.openOntologies.get(oldId!), newH, o);
      const name = `diff-${fileStem(report.old.file)}-${fileStem(report.new.file)}`;
      if (format === 'html') return { fileName: `${name}.html`, mime: 'text/html', content: diffHtml(report) };
      return format === 'json'
        ? { fileName: `${name}.json`, mime: 'application/json', content: JSON.stringify(report, null, 2) }
        : { fileName: `${name}.md`, mime: 'text/markdown', content: diffMarkdown(report) };
    },
  };
}

/** The open ontology's file against its own committed version at `rev` (git show), as a diff task. */
function revisionRun(host: ApiHost, p: ApiParams<'diff.run'> & { rev: string }): TaskRef {
  if (p.oldId !== undefined || p.oldPath !== undefined || p.newId === undefined || p.newPath !== undefined)
    throw new UserError('bad-params', 'Invalid parameters for diff.run: with rev give only newId.');
  const newH = host.c.openOntologies.get(p.newId);
  const prefixes = checkedNamespaces(p.namespaces);
  const t = host.launch('diff', `Diff ${basename(newH.path)} against ${p.rev}`, async (task) => {
    const { report: full, after } = await diffAgainstRevision(host.c.ontologies, newH.path, p.rev, {
      namespaces: prefixes,
      annotations: p.annotations,
      catalog: givenCatalog(newH),
      signal: task.signal,
      onProgress: (x) => task.update(x),
    });
    const { report, capped } = capChanges(full, DIFF_SHOWN_PER_KIND);
    return { oldId: '', newId: after.path, report, shownPerKind: capped ? DIFF_SHOWN_PER_KIND : null, rev: p.rev };
  });
  host.c.openOntologies.hold(newH, t.id);
  return { taskId: t.id };
}

/** The catalog the ontology was opened with, when one was given (a found one is found again). */
function givenCatalog(h: OntologyHandle): string | undefined {
  return h.imports?.catalogFrom === 'given' ? (h.imports.catalog ?? undefined) : undefined;
}

/** A side given as a file is opened (from the cache when it has been seen) and stays open. */
async function openSides(host: ApiHost, sides: Side[], task: Task): Promise<OntologyHandle[]> {
  const handles: OntologyHandle[] = [];
  for (const [i, x] of sides.entries()) {
    if (x.handle) {
      handles[i] = x.handle;
      continue;
    }
    const started = Date.now();
    const name = basename(x.file);
    const h = await host.c.ontologies
      .open(x.file, {
        signal: task.signal,
        onProgress: (p) => task.update({ stage: `open ${name}`, fraction: 0.2 * i + 0.2 * p.fraction }),
      })
      .catch((e: unknown) => Promise.reject(withTypedPaths(e, [x.file])));
    host.adopt(h, started);
    host.c.openOntologies.hold(h, task.id);
    handles[i] = h;
  }
  return handles;
}

/** A bad namespace fails the call, before any task starts. */
function checkedNamespaces(values: string[] | undefined): string[] {
  try {
    return namespacePrefixes(values ?? []);
  } catch (e) {
    throw new UserError('bad-params', (e as Error).message);
  }
}

/** `po.revised.obo` → `po.revised`, with anything unsafe in a file name replaced. */
function fileStem(file: string): string {
  return (
    file
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 60) || 'ontology'
  );
}
