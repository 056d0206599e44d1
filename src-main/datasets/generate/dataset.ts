import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { UserError } from '../../core/errors';
import { MIB, readInputFile, readInputFileSync } from '../../core/input-file';
import { describeJsonError } from '../../core/safe-json';
import { turnTaker } from '../../core/yield-turn';
import type { Slot, EvidenceRef, McqItem, OqItem, DatasetItem } from '../dataset-types';
export type { Slot, EvidenceRef, McqOption, McqItem, OqItem, DatasetItem } from '../dataset-types';

export const SLOTS: readonly Slot[] = ['subject', 'relation', 'filler'];

/** One JSON object per line, keys in the documented order. */
export function toJsonl(items: readonly DatasetItem[]): string {
  return items.map((it) => JSON.stringify(it)).join('\n') + (items.length ? '\n' : '');
}

export interface LoadedDataset {
  path: string;
  items: DatasetItem[];
  /** sha256 of the file's bytes: results are keyed by it, so an edited dataset is never mixed with old results. */
  hash: string;
}

export function datasetHash(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The largest dataset read: far beyond any generated benchmark (a few MiB for thousands of items), small enough to parse at once. */
export const MAX_DATASET_BYTES = 64 * MIB;
const DATASET = { what: 'dataset', maxBytes: MAX_DATASET_BYTES };

/** A dataset file, read blocking (the CLI); only a regular file within MAX_DATASET_BYTES is read. */
export function loadDataset(path: string): LoadedDataset {
  const raw = readInputFileSync(path, DATASET);
  return { path, items: parseDataset(raw.toString('utf8'), basename(path)), hash: datasetHash(raw) };
}

/** loadDataset with the read on the thread pool and the parse in slices, for a server. */
export async function readDataset(path: string): Promise<LoadedDataset> {
  const raw = await readInputFile(path, DATASET);
  return { path, items: await parseDatasetYielding(raw.toString('utf8'), basename(path)), hash: datasetHash(raw) };
}

/** An option key as datasets and scoring compare it: ignoring case and surrounding space. */
export function optionKey(k: string): string {
  return k.trim().toUpperCase();
}

/** Parses and checks a JSONL dataset; every problem names its line. */
export function parseDataset(text: string, source = 'dataset'): DatasetItem[] {
  const parse = datasetLines(text, source);
  for (let r = parse.next(); ; r = parse.next()) if (r.done) return r.value;
}

/** parseDataset, with a turn of the event loop every 20 ms: 30,000 items take about half a second. */
async function parseDatasetYielding(text: string, source: string): Promise<DatasetItem[]> {
  const parse = datasetLines(text, source);
  const breathe = turnTaker();
  for (let r = parse.next(); ; r = parse.next()) {
    if (r.done) return r.value;
    await breathe();
  }
}

/** The items, one line at a time (each step yields), so a caller may pause between lines. */
function* datasetLines(text: string, source: string): Generator<void, DatasetItem[]> {
  const items: DatasetItem[] = [];
  const ids = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    const where = `${source} line ${i + 1}`;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new UserError('bad-dataset', `${where} is not valid JSON (${describeJsonError(e)}).`);
    }
    const item = checkItem(v, where);
    if (ids.has(item.id)) throw new UserError('bad-dataset', `${where}: the id "${item.id}" is used twice.`);
    ids.add(item.id);
    items.push(item);
    yield;
  }
  if (!items.length) throw new UserError('bad-dataset', `${source} holds no items.`);
  return items;
}

function checkItem(v: unknown, where: string): DatasetItem {
  const bad = (what: string) => new UserError('bad-dataset', `${where}: ${what}.`);
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad('an item must be a JSON object');
  const o = v as Record<string, unknown>;
  const str = (k: string) => {
    if (typeof o[k] !== 'string' || !(o[k] as string).trim()) throw bad(`"${k}" must be a non-empty string`);
    return o[k] as string;
  };
  str('id');
  str('question');
  if (typeof o.ontology !== 'string') throw bad('"ontology" must be a string');
  if (o.derivedFrom !== undefined && typeof o.derivedFrom !== 'string') throw bad('"derivedFrom" must be a string');
  const evidence = o.evidence === undefined ? [] : o.evidence;
  if (!Array.isArray(evidence) || !evidence.every(isEvidence))
    throw bad('"evidence" must be a list of {kind: "axiom", subject, relation, filler} or {kind: "card", iri}');
  if (o.kind === 'mcq') {
    const opts = o.options;
    if (!Array.isArray(opts) || opts.length < 2 || opts.length > 26) throw bad('an MCQ needs 2 to 26 "options"');
    // Scoring compares keys ignoring case (scoreMcq), so the check does too: options "A" and "a" would be one answer.
    const keys = new Map<string, string>();
    for (const opt of opts as unknown[]) {
      const x = opt as Record<string, unknown>;
      if (!x || typeof x.key !== 'string' || typeof x.name !== 'string' || typeof x.iri !== 'string')
        throw bad('every option needs "key", "iri" and "name"');
      const seen = keys.get(optionKey(x.key));
      if (seen !== undefined)
        throw bad(
          seen === x.key
            ? `option key "${x.key}" is used twice`
            : `option keys "${seen}" and "${x.key}" differ only in case (keys are compared ignoring case)`,
        );
      keys.set(optionKey(x.key), x.key);
    }
    const isKey = (k: unknown): k is string => typeof k === 'string' && keys.has(optionKey(k));
    if (!Array.isArray(o.gold) || !o.gold.every(isKey)) throw bad('"gold" must list option keys');
    const gold = new Set((o.gold as string[]).map(optionKey));
    if (
      o.unsure !== undefined &&
      (!Array.isArray(o.unsure) || !o.unsure.every((k) => isKey(k) && !gold.has(optionKey(k))))
    )
      throw bad('"unsure" must list option keys that are not gold');
    if (!['subject', 'relation', 'filler'].includes(String(o.slot)))
      throw bad('"slot" must be subject, relation or filler');
    const ax = o.axiom as Record<string, unknown> | undefined;
    if (!ax || typeof ax.subject !== 'string' || typeof ax.relation !== 'string' || typeof ax.filler !== 'string')
      throw bad('"axiom" needs "subject", "relation" and "filler"');
    return { ...(o as unknown as McqItem), evidence: evidence as EvidenceRef[] };
  }
  if (o.kind === 'oq') {
    str('root');
    const conds = o.conditions;
    if (
      !Array.isArray(conds) ||
      !conds.length ||
      !conds.every((c) => c && typeof c.relation === 'string' && typeof c.filler === 'string')
    ) {
      throw bad('"conditions" must be a non-empty list of {relation, filler}');
    }
    if (
      !Array.isArray(o.answers) ||
      !o.answers.every((a) => a && typeof a.iri === 'string' && typeof a.name === 'string')
    )
      throw bad('"answers" must be a list of {iri, name}');
    if (
      o.unsure !== undefined &&
      (!Array.isArray(o.unsure) || !o.unsure.every((a) => a && typeof a.iri === 'string' && typeof a.name === 'string'))
    )
      throw bad('"unsure" must be a list of {iri, name}');
    return {
      ...(o as unknown as OqItem),
      n: typeof o.n === 'number' ? o.n : conds.length,
      evidence: evidence as EvidenceRef[],
    };
  }
  throw bad('"kind" must be "mcq" or "oq"');
}

function isEvidence(e: unknown): e is EvidenceRef {
  const x = e as Record<string, unknown> | null;
  if (!x || typeof x !== 'object') return false;
  if (x.kind === 'axiom')
    return typeof x.subject === 'string' && typeof x.relation === 'string' && typeof x.filler === 'string';
  if (x.kind === 'card') return typeof x.iri === 'string';
  return false;
}
