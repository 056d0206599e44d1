import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Task } from '../core/task';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { OntologyService } from '../ontology/ontology-service';
import type { DatasetGeneration, DatasetItem, DatasetPairing, Revision, Slot } from './dataset-types';
import { generateToFile, reviseFromFiles } from './dataset-use-cases';
import type { OptionDecider } from './generate/option-proofs';
import { readDataset } from './generate/dataset';
import { DatasetReviewService } from './review/dataset-review-service';
import type { ReviewedDataset } from './review/review-types';

export interface GenerateRequest {
  mcq: number;
  oq: number;
  seed: number;
  root?: string;
  slots?: Record<Slot, number>;
  excludeRelations?: string[];
  includeNegationShortcuts?: boolean;
}

export interface ReviseRequest {
  datasetPath?: string;
  /** Chooses the wording of the moved restrictions (default 1). */
  seed?: number;
}

export interface DatasetsServiceDeps {
  dataDir: string;
  ontologies: OntologyService;
  /** The three-valued decider over a handle, so wrong options are proven (absent: ELK's closure alone). */
  decider?: (h: OntologyHandle) => OptionDecider | undefined;
}

export function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

export function stem(path: string): string {
  return basename(path, extname(path));
}

/**
 * Test 1 datasets and Test 2 revisions behind the API: every run writes its files under the data
 * folder, so the UI can show where the dataset or the revised ontology went.
 */
export class DatasetsService {
  /** Reject or edit items before use; the review lives next to each dataset file. */
  readonly review = new DatasetReviewService();

  constructor(private readonly deps: DatasetsServiceDeps) {}

  /** A dataset file with its review; names come from the ontology when one is given. */
  open(path: string, h?: OntologyHandle): Promise<ReviewedDataset> {
    return this.review.open(path, h ? (items) => itemNames(h, items) : undefined);
  }

  /**
   * The ontology a dataset belongs to (its items' file name; a Test 2 dataset's is the revised file
   * written beside it): among the open ontologies first, then the recent files, then beside the dataset.
   */
  async pairing(datasetPath: string, open: { id: string; path: string }[], recent: string[]): Promise<DatasetPairing> {
    const file = resolve(datasetPath);
    const items = (await readDataset(file)).items;
    const names = [...new Set(items.map((i) => i.ontology))];
    const ontology = names[0] ?? '';
    const derived = [...new Set(items.flatMap((i) => (i.derivedFrom ? [i.derivedFrom] : [])))];
    const byName = (p: string) => basename(p) === ontology;
    const openHit = open.find((o) => byName(o.path));
    const recentHit = recent.find((p) => byName(p) && isFile(p));
    const beside = join(dirname(file), ontology);
    const match = openHit
      ? { path: openHit.path, ontologyId: openHit.id, via: 'open' as const }
      : recentHit
        ? { path: recentHit, ontologyId: null, via: 'recent' as const }
        : ontology && isFile(beside)
          ? { path: beside, ontologyId: null, via: 'beside' as const }
          : null;
    return { ontology, derivedFrom: derived[0] ?? null, match };
  }

  async generate(h: OntologyHandle, p: GenerateRequest, task: Task): Promise<DatasetGeneration> {
    const path = join(this.deps.dataDir, 'datasets', `${stem(h.path)}-seed${p.seed}-${stamp()}.jsonl`);
    // A fresh, time-stamped name: the policy only guards against a clash, a device or a symlink planted there.
    const r = await generateToFile(
      h,
      {
        mcq: p.mcq,
        oq: p.oq,
        seed: p.seed,
        root: p.root || undefined,
        slots: p.slots,
        decider: this.deps.decider?.(h),
        excludeRelations: p.excludeRelations,
        includeNegationShortcuts: p.includeNegationShortcuts,
        signal: task.signal,
        onProgress: (x) => task.update(x),
      },
      path,
      { inputs: [h.path] },
    );
    return { ...r, names: itemNames(h, r.items) };
  }

  async revise(h: OntologyHandle, p: ReviseRequest, task: Task): Promise<Revision> {
    const outDir = join(this.deps.dataDir, 'revisions', `${stem(h.path)}-${stamp()}`);
    return reviseFromFiles(this.deps.ontologies, h.path, {
      datasetPath: p.datasetPath,
      outDir,
      seed: p.seed,
      signal: task.signal,
      onProgress: (x) => task.update(x),
    });
  }
}

/** Names for the IRIs items mention; an IRI the ontology does not know keeps its fragment. */
export function itemNames(h: OntologyHandle, items: readonly DatasetItem[]): Record<string, string> {
  const iris = new Set<string>();
  for (const it of items) {
    if (it.kind === 'mcq') for (const x of [it.axiom.subject, it.axiom.relation, it.axiom.filler]) iris.add(x);
    else {
      iris.add(it.root);
      for (const c of it.conditions) iris.add(c.relation).add(c.filler);
    }
  }
  const names: Record<string, string> = {};
  for (const iri of [...iris].sort()) {
    const id = h.closure.id(iri);
    names[iri] = id !== undefined ? h.closure.nameOf(id) : (/[#/]([^#/]+)$/.exec(iri)?.[1] ?? iri);
  }
  return names;
}

function isFile(p: string): boolean {
  try {
    return existsSync(p) && statSync(p).isFile();
  } catch {
    return false;
  }
}
