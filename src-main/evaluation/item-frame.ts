import type { CheckDeps } from '../agent/frame/check-deps';
import type { FrameReading } from '../agent/frame/frame-types';
import { itemFrame, type FramedItem } from '../agent/frame/item-frame';
import { normalizeName } from '../ontology/names/normalize';
import type { DatasetItem } from '../datasets/generate/dataset';

/** The parts of a dataset item its frame is made of. */
export function framedItem(item: DatasetItem): FramedItem {
  return item.kind === 'mcq'
    ? { kind: 'mcq', slot: item.slot, axiom: item.axiom, options: item.options }
    : { kind: 'oq', root: item.root, conditions: item.conditions };
}

/** The item's own statement as a frame, on the ontology evaluated against. */
export function frameOfItem(item: DatasetItem, deps: CheckDeps): FrameReading {
  return itemFrame(framedItem(item), (iri) => deps.entity(iri)?.name ?? null);
}

/** The names an OQ item gives its answers (a reviewer may have re-worded them), normalised, to their IRIs. */
export function answerAliases(item: DatasetItem): Map<string, string> {
  return new Map(item.kind === 'oq' ? item.answers.map((a) => [normalizeName(a.name), a.iri]) : []);
}
