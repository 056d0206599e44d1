import { mkdirSync, rmSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { checkOutputDir, checkOutputs, commitTemp, tempPathFor, writeOutputFile } from '../../core/output-policy';
import { throwIfAborted, type TaskProgress } from '../../core/task';
import type { OntologyService } from '../../ontology/ontology-service';
import { toJsonl, type DatasetItem } from '../generate/dataset';
import type { ClassExpr } from './class-expression';
import { checkItems } from './revise-checks';
import { verbaliseRestriction, wordingFor, type NameOf } from './verbalise';
import type { ReviseChange, ReviseReport, Revision } from '../dataset-types';
import { fragmentName } from '../../ontology/names/naming-policy';
export type { ReviseChange, ReviseReport, Revision } from '../dataset-types';

type Some = ClassExpr & { t: 'some' };

interface StripResult {
  classes: { iri: string; removed: (Some & { axiomKind: 'sub' | 'equiv' })[] }[];
  restrictionsRemoved: number;
  axiomsRemoved: number;
  axiomsRewritten: number;
  format: string;
}

export interface ReviseOptions {
  questions?: DatasetItem[];
  /** The file the questions came from: an input, so never an output. */
  questionsPath?: string;
  outDir: string;
  /** Replace <name>.revised.*, check.ofn, report.json and test2.jsonl if they exist (never an input). */
  force?: boolean;
  /** Chooses the wording of each moved restriction (default 1). */
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
}

/** `pizza.owl` → `pizza.revised.owl`; a source without an extension gets `.owl`. */
export function revisedFileName(source: string): string {
  const ext = extname(source);
  return `${basename(source, ext)}.revised${ext || '.owl'}`;
}

export function fragment(iri: string): string {
  const m = /[#/]([^#/]+)$/.exec(iri);
  return m ? m[1] : iri;
}

/** Manchester-like text of a removed restriction, with names: "part of some (cell and has part some nucleus)". */
export function readableExpr(e: ClassExpr, nameOf: NameOf, nested = false): string {
  switch (e.t) {
    case 'class':
      return nameOf(e.iri);
    case 'some': {
      const s = `${nameOf(e.r)} some ${readableExpr(e.f, nameOf, true)}`;
      return nested ? `(${s})` : s;
    }
    case 'and': {
      const s = e.args.map((a) => readableExpr(a, nameOf, true)).join(' and ');
      return nested ? `(${s})` : s;
    }
    case 'other':
      return nested ? `(${e.text})` : e.text;
  }
}

/**
 * Test 2 revision (paper §5.2, Appendix C): strips existential conjuncts from the told axioms of named
 * classes, appends their verbalisations to the classes' definitions, writes the revised ontology in the
 * input's format, and (with questions) keeps only the items that pass checks (a) and (b).
 */
export async function reviseOntology(service: OntologyService, path: string, opts: ReviseOptions): Promise<Revision> {
  const t0 = performance.now();
  const src = resolve(path);
  const outDir = resolve(opts.outDir);
  const ext = extname(src) || '.owl';
  // Named after its source, so revisions of two files are told apart wherever they are opened or listed.
  const revisedPath = join(outDir, revisedFileName(src));
  const checkPath = join(outDir, 'check.ofn');
  const test2Path = opts.questions ? join(outDir, 'test2.jsonl') : undefined;
  const reportPath = join(outDir, 'report.json');
  const outputs = { inputs: [src, ...(opts.questionsPath ? [resolve(opts.questionsPath)] : [])], force: opts.force };
  // Every file this run writes is checked before any work, so a refused run loses nothing.
  checkOutputDir(outDir);
  checkOutputs({ ...outputs, targets: [revisedPath, checkPath, reportPath, ...(test2Path ? [test2Path] : [])] });
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (e) {
    throw new UserError(
      'write-failed',
      `Cannot create the output folder ${outDir} (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
    );
  }
  const report = (stage: string, fraction: number) => opts.onProgress?.({ stage, fraction });
  const scaled = (a: number, b: number) => (p: TaskProgress) => report(p.stage, a + (b - a) * p.fraction);

  const h = await service.open(src, { signal: opts.signal, onProgress: scaled(0, 0.3) });
  const ix = h.closure;
  const nameOf: NameOf = (iri) => {
    const id = ix.id(iri);
    const n = id === undefined ? undefined : ix.nameOf(id);
    // An IRI the index does not know is named as the naming policy names any label-less IRI.
    return n && n !== iri ? n : fragmentName(iri).name;
  };
  report('revise', 0.3);
  // A warm open never loaded this file into the JVM (or another file was loaded since).
  const bridge = await service.bridgeHolding(h, opts.signal);
  throwIfAborted(opts.signal);
  const strip = await bridge.request<StripResult>('reviseStrip', {}, { signal: opts.signal });

  // A source may state one restriction twice (OBO: as intersection_of and as relationship); it is one
  // restriction to the reader and one sentence in the definition.
  let statedTwice = 0;
  // The bridge lists classes and restrictions in the JVM's hash order, which changes between runs;
  // sorted, the same seed writes the same sentences in the same order every time.
  const byKey =
    <T>(key: (x: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  const classes = [...strip.classes].sort(byKey((c) => c.iri));
  const changes: ReviseChange[] = classes.map((c) => {
    const subject = nameOf(c.iri);
    const removed: string[] = [];
    const added: string[] = [];
    const restrictions = c.removed.map((r) => ({ r, text: readableExpr(r, nameOf) })).sort(byKey((x) => x.text));
    for (const { r, text } of restrictions) {
      if (removed.includes(text)) {
        statedTwice++;
        continue;
      }
      removed.push(text);
      added.push(verbaliseRestriction(subject, r, nameOf, wordingFor(opts.seed ?? 1, c.iri, added.length)));
    }
    return { iri: c.iri, name: subject, removed, added };
  });
  report('revise', 0.4);
  // The bridge writes temporary files beside the targets; they replace the targets only when complete.
  const tmpRevised = tempPathFor(revisedPath) + ext;
  const tmpCheck = tempPathFor(checkPath) + '.ofn';
  let written: { format: string };
  try {
    written = await bridge.request<{ format: string }>(
      'reviseWrite',
      {
        out: tmpRevised,
        checkOut: tmpCheck,
        definitions: changes.map((c) => ({ iri: c.iri, text: c.added.join(' ') })),
      },
      { signal: opts.signal },
    );
    throwIfAborted(opts.signal);
  } catch (e) {
    rmSync(tmpRevised, { force: true });
    rmSync(tmpCheck, { force: true });
    throw e;
  }
  commitTemp(tmpRevised, revisedPath, outputs);
  commitTemp(tmpCheck, checkPath, outputs);
  throwIfAborted(opts.signal);

  const rep: ReviseReport = {
    ontology: src,
    format: written.format ?? strip.format,
    classesChanged: changes.length,
    restrictionsRemoved: strip.restrictionsRemoved,
    distinctRestrictions: changes.reduce((n, c) => n + c.removed.length, 0),
    statedTwice,
    axiomsRemoved: strip.axiomsRemoved,
    axiomsRewritten: strip.axiomsRewritten,
    excluded: [],
    seconds: 0,
  };
  if (opts.questions && test2Path) {
    report('check', 0.5);
    const revised = await service.open(revisedPath, { signal: opts.signal, onProgress: scaled(0.5, 0.75) });
    const check = await service.open(checkPath, { signal: opts.signal, onProgress: scaled(0.75, 0.97) });
    const outcome = checkItems(opts.questions, check.closure, revised.closure);
    rep.items = opts.questions.length;
    rep.kept = outcome.kept.length;
    rep.excluded = outcome.excluded;
    // A Test 2 item belongs to the revised ontology: evaluated against the original, it would test nothing.
    const revisedName = basename(revisedPath);
    const items = outcome.kept.map((i) => ({ ...i, ontology: revisedName, derivedFrom: i.derivedFrom ?? i.ontology }));
    writeOutputFile(test2Path, toJsonl(items), { ...outputs, force: true });
  }
  rep.seconds = Math.round((performance.now() - t0) / 10) / 100;
  writeOutputFile(reportPath, JSON.stringify({ ...rep, changes }, null, 2) + '\n', { ...outputs, force: true });
  report('done', 1);
  return { revisedPath, checkPath, test2Path, reportPath, changes, report: rep };
}
