import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UserError } from '../../core/errors';
import { checkOutputDir, checkOutputs, commitTemp, tempPathFor, writeOutputFile } from '../../core/output-policy';
import { throwIfAborted, type TaskProgress } from '../../core/task';
import type { ElkBridge } from '../../ontology/bridge/bridge-client';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { OntologyService } from '../../ontology/ontology-service';
import { toJsonl, type DatasetItem } from '../generate/dataset';
import { checkItems } from './revise-checks';
import { definitionChanges, type StripResult } from './revise-changes';
import type { NameOf } from './verbalise';
import type { ReviseChange, ReviseReport, Revision } from '../dataset-types';
import { fragmentName } from '../../ontology/names/naming-policy';
import { normalizeName } from '../../ontology/names/normalize';
import { conceptNamer, readableSynonym, type NamesMode } from './concept-names';
export type { ReviseChange, ReviseReport, Revision } from '../dataset-types';

export interface ReviseOptions {
  questions?: DatasetItem[];
  /** The file the questions came from: an input, so never an output. */
  questionsPath?: string;
  outDir: string;
  /** Replace <name>.revised.*, check.ofn, report.json and test2.jsonl if they exist (never an input). */
  force?: boolean;
  /** Chooses the wording of each moved restriction (default 1). */
  seed?: number;
  /** How the sentences name concepts: labels, their own exact synonyms, or a seeded mix (default). */
  names?: NamesMode;
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

/** Where a revision writes. */
interface RevisePlan {
  src: string;
  ext: string;
  revisedPath: string;
  checkPath: string;
  test2Path: string | undefined;
  reportPath: string;
  /** The inputs a write must never replace, and whether existing targets may be. */
  outputs: { inputs: string[]; force?: boolean };
}

/** Every file this run writes is checked, and the folder made, before any work, so a refused run loses nothing. */
function planOutputs(path: string, opts: ReviseOptions): RevisePlan {
  const src = resolve(path);
  const outDir = resolve(opts.outDir);
  // Named after its source, so revisions of two files are told apart wherever they are opened or listed.
  const revisedPath = join(outDir, revisedFileName(src));
  const checkPath = join(outDir, 'check.ofn');
  const test2Path = opts.questions ? join(outDir, 'test2.jsonl') : undefined;
  const reportPath = join(outDir, 'report.json');
  const outputs = { inputs: [src, ...(opts.questionsPath ? [resolve(opts.questionsPath)] : [])], force: opts.force };
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
  return { src, ext: extname(src) || '.owl', revisedPath, checkPath, test2Path, reportPath, outputs };
}

/**
 * Test 2 revision (paper §5.2, Appendix C): strips existential conjuncts from the told axioms of named
 * classes, appends their verbalisations to the classes' definitions, writes the revised ontology in the
 * input's format, and (with questions) keeps only the items that pass checks (a) and (b).
 */
export async function reviseOntology(service: OntologyService, path: string, opts: ReviseOptions): Promise<Revision> {
  const t0 = performance.now();
  const plan = planOutputs(path, opts);
  const report = (stage: string, fraction: number) => opts.onProgress?.({ stage, fraction });
  const scaled = (a: number, b: number) => (p: TaskProgress) => report(p.stage, a + (b - a) * p.fraction);

  const h = await service.open(plan.src, { signal: opts.signal, onProgress: scaled(0, 0.3) });
  const nameOf = closureNames(h.closure);
  report('revise', 0.3);
  // A warm open never loaded this file into the JVM (or another file was loaded since).
  const bridge = await service.bridgeHolding(h, opts.signal);
  throwIfAborted(opts.signal);
  const strip = await bridge.request<StripResult>('reviseStrip', {}, { signal: opts.signal });
  const seed = opts.seed ?? 1;
  const namer = conceptNamer(opts.names ?? 'mixed', seed, nameOf, synonymsFrom(h));
  const { changes, statedTwice } = definitionChanges(strip, nameOf, seed, namer);
  report('revise', 0.4);
  const written = await writeRevision(bridge, plan, changes, opts.signal);

  const rep: ReviseReport = {
    ontology: plan.src,
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
  if (opts.questions && plan.test2Path) {
    report('check', 0.5);
    // Written elsewhere, the revision still imports what the source does: resolved as the source's imports were.
    const imports = { catalog: h.imports?.catalog ?? undefined, importBase: dirname(plan.src) };
    const revised = await service.open(plan.revisedPath, {
      signal: opts.signal,
      onProgress: scaled(0.5, 0.75),
      ...imports,
    });
    const check = await service.open(plan.checkPath, {
      signal: opts.signal,
      onProgress: scaled(0.75, 0.97),
      ...imports,
    });
    const outcome = checkItems(opts.questions, check.closure, revised.closure);
    rep.items = opts.questions.length;
    rep.kept = outcome.kept.length;
    rep.excluded = outcome.excluded;
    // A Test 2 item belongs to the revised ontology: evaluated against the original, it would test nothing.
    const revisedName = basename(plan.revisedPath);
    const items = outcome.kept.map((i) => ({ ...i, ontology: revisedName, derivedFrom: i.derivedFrom ?? i.ontology }));
    writeOutputFile(plan.test2Path, toJsonl(items), { ...plan.outputs, force: true });
  }
  rep.seconds = Math.round((performance.now() - t0) / 10) / 100;
  writeOutputFile(plan.reportPath, JSON.stringify({ ...rep, changes }, null, 2) + '\n', {
    ...plan.outputs,
    force: true,
  });
  report('done', 1);
  const { revisedPath, checkPath, test2Path, reportPath } = plan;
  return { revisedPath, checkPath, test2Path, reportPath, changes, report: rep };
}

/**
 * A class's exact synonyms that a sentence may call it by: readable ones (readableSynonym) that name
 * no other live class here, so a reader cannot mistake which concept is meant.
 */
function synonymsFrom(h: OntologyHandle): (iri: string) => string[] {
  return (iri) => {
    const card = h.card(iri);
    if (!card) return [];
    return card.annotations
      .filter((a) => a.scope === 'exact' && readableSynonym(card.name, a.value))
      .map((a) => a.value)
      .filter((v) => {
        const owners = new Set(
          h.names
            .exact(normalizeName(v))
            .filter((r) => r.ekind === 'class' && !r.deprecated)
            .map((r) => r.entity),
        );
        return owners.size <= 1;
      });
  };
}

/** Names for the IRIs in a revision's sentences, from the ontology's closure index. */
function closureNames(ix: OntologyHandle['closure']): NameOf {
  return (iri) => {
    const id = ix.id(iri);
    const n = id === undefined ? undefined : ix.nameOf(id);
    // An IRI the index does not know is named as the naming policy names any label-less IRI.
    return n && n !== iri ? n : fragmentName(iri).name;
  };
}

/**
 * Has the bridge write the revised ontology and the check ontology to temporary files beside the
 * targets; they replace the targets only when complete.
 */
async function writeRevision(
  bridge: ElkBridge,
  plan: RevisePlan,
  changes: ReviseChange[],
  signal: AbortSignal | undefined,
): Promise<{ format: string }> {
  const tmpRevised = tempPathFor(plan.revisedPath) + plan.ext;
  const tmpCheck = tempPathFor(plan.checkPath) + '.ofn';
  let written: { format: string };
  try {
    written = await bridge.request<{ format: string }>(
      'reviseWrite',
      {
        out: tmpRevised,
        checkOut: tmpCheck,
        definitions: changes.map((c) => ({ iri: c.iri, text: c.added.join(' ') })),
      },
      { signal },
    );
    throwIfAborted(signal);
  } catch (e) {
    rmSync(tmpRevised, { force: true });
    rmSync(tmpCheck, { force: true });
    throw e;
  }
  commitTemp(tmpRevised, plan.revisedPath, plan.outputs);
  commitTemp(tmpCheck, plan.checkPath, plan.outputs);
  throwIfAborted(signal);
  return written;
}
