/**
 * Defensive readers for benchmark task results. Their producers are built elsewhere, so every field
 * is optional here: a missing or oddly shaped field becomes an empty value, never an exception.
 */

export interface DatasetOption {
  key: string;
  iri: string | null;
  name: string;
}

export interface DatasetItem {
  id: string;
  kind: string;
  question: string;
  options: DatasetOption[];
  gold: string[];
  slot: string | null;
  axiom: string | null;
  root: string | null;
  answers: { iri: string | null; name: string }[];
  raw: unknown;
}

export interface GenerateResult {
  items: DatasetItem[];
  path: string | null;
  warnings: string[];
}

export interface RevisionChange {
  iri: string | null;
  name: string;
  removed: string[];
  added: string[];
}

export interface ReviseResult {
  revisedPath: string | null;
  test2Path: string | null;
  changes: RevisionChange[];
  counts: { key: string; value: string }[];
  excluded: { id: string; reason: string }[];
}

export interface AccuracyRow {
  key: string;
  accuracy: number | null;
  n: number | null;
}

export interface LevelRow {
  level: string;
  count: number;
  accuracy: number | null;
}

export interface EvidenceRow {
  key: string;
  n: number | null;
  retrieved: { full: number | null; partial: number | null; none: number | null };
  citedFull: number | null;
  retrievedCitedFully: number | null;
}

export interface EvaluateResult {
  accuracy: number | null;
  n: number | null;
  byKind: AccuracyRow[];
  bySlot: AccuracyRow[];
  /** MCQs by number of correct options. */
  byGoldCount: AccuracyRow[];
  /** OQs by number of conditions. */
  byN: AccuracyRow[];
  /** The level the model claimed (paper Figure 3). */
  grounding: LevelRow[];
  /** The reasoner's check of each prediction. */
  checked: LevelRow[];
  /** Claimed level (rows) against checked level (columns). */
  confusion: { columns: string[]; rows: { claimed: string; counts: number[] }[] };
  evidence: EvidenceRow[];
  /** Items answered in this run and items reused from earlier runs with the same key. */
  run: { answered: number | null; reused: number | null; seconds: number | null };
  warnings: string[];
  runId: string | null;
  key: { ontology: string | null; model: string | null; protocol: string | null; promptVersion: number | null };
  cost: { calls: number | null; inputTokens: number | null; outputTokens: number | null };
  reportPath: string | null;
  markdown: string | null;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string | null => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : null);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strings = (x: unknown): string[] =>
  arr(x).map((v) =>
    typeof v === 'string' ? v : isObj(v) ? (str(v.text) ?? str(v.name) ?? JSON.stringify(v)) : String(v),
  );

function nameOf(x: unknown): { iri: string | null; name: string } {
  if (typeof x === 'string') return { iri: null, name: x };
  if (isObj(x)) return { iri: str(x.iri), name: str(x.name) ?? str(x.label) ?? str(x.iri) ?? '' };
  return { iri: null, name: String(x ?? '') };
}

export function readDatasetItem(x: unknown, i: number): DatasetItem {
  const o = isObj(x) ? x : {};
  const options = arr(o.options).map((opt, j) => {
    const n = nameOf(opt);
    return { key: (isObj(opt) ? str(opt.key) : null) ?? String.fromCharCode(65 + j), iri: n.iri, name: n.name };
  });
  const gold = Array.isArray(o.gold) ? strings(o.gold) : typeof o.gold === 'string' ? [o.gold] : [];
  return {
    id: str(o.id) ?? `#${i + 1}`,
    kind: str(o.kind) ?? (options.length ? 'mcq' : 'oq'),
    question: str(o.question) ?? '',
    options,
    gold,
    slot: str(o.slot),
    axiom: str(o.axiom) ?? (isObj(o.axiom) ? JSON.stringify(o.axiom) : null),
    root: str(o.root) ?? (isObj(o.root) ? nameOf(o.root).name : null),
    answers: arr(o.answers).map(nameOf),
    raw: x,
  };
}

export function readGenerateResult(x: unknown): GenerateResult {
  const o = isObj(x) ? x : {};
  const items = Array.isArray(x) ? x : arr(o.items ?? o.dataset);
  return { items: items.map(readDatasetItem), path: str(o.path), warnings: strings(o.warnings) };
}

/** Items as JSONL, exactly as received (one JSON object per line). */
export function itemsToJsonl(items: DatasetItem[]): string {
  return items.map((it) => JSON.stringify(it.raw)).join('\n') + (items.length ? '\n' : '');
}

export function readReviseResult(x: unknown): ReviseResult {
  const o = isObj(x) ? x : {};
  const report = isObj(o.report) ? o.report : {};
  const counts = isObj(report.counts)
    ? Object.entries(report.counts).map(([key, v]) => ({
        key,
        value: typeof v === 'object' ? JSON.stringify(v) : String(v),
      }))
    : [];
  return {
    revisedPath: str(o.revisedPath),
    test2Path: str(o.test2Path),
    changes: arr(o.changes).map((c) => {
      const co = isObj(c) ? c : {};
      const n = nameOf(c);
      return {
        iri: n.iri,
        name: n.name || (n.iri ?? '(unnamed)'),
        removed: strings(co.removed),
        added: strings(co.added),
      };
    }),
    counts,
    excluded: arr(report.excluded).map((e) =>
      isObj(e) ? { id: str(e.id) ?? '?', reason: str(e.reason) ?? '' } : { id: String(e), reason: '' },
    ),
  };
}

function readRows(x: unknown): AccuracyRow[] {
  const row = (key: string, v: unknown): AccuracyRow => {
    if (typeof v === 'number') return { key, accuracy: v, n: null };
    const o = isObj(v) ? v : {};
    const n = num(o.n) ?? num(o.count) ?? num(o.total);
    const acc = num(o.accuracy) ?? (num(o.correct) !== null && n ? (o.correct as number) / n : null);
    return { key, accuracy: acc, n };
  };
  if (Array.isArray(x)) {
    return x.map((v, i) =>
      row(
        isObj(v) ? (str(v.key) ?? str(v.name) ?? str(v.slot) ?? str(v.kind) ?? str(v.n) ?? `#${i + 1}`) : `#${i + 1}`,
        v,
      ),
    );
  }
  return isObj(x) ? Object.entries(x).map(([k, v]) => row(k, v)) : [];
}

export const GROUNDING_ORDER = ['entailed', 'supported', 'related', 'unrelated'];

const CHECKED_ORDER = ['entailed', 'not-entailed', 'unchecked'];

function readLevels(dist: unknown, accs: unknown, order: string[]): LevelRow[] {
  const d = isObj(dist) ? dist : {};
  const a = isObj(accs) ? accs : {};
  return [...new Set([...order, ...Object.keys(d)])]
    .map((level) => {
      const v = isObj(d[level]) ? (d[level] as Obj) : {};
      const acc = isObj(a[level]) ? (a[level] as Obj) : {};
      return { level, count: num(v.count) ?? 0, accuracy: num(acc.accuracy) };
    })
    .filter((r) => order.includes(r.level) || r.count > 0);
}

export function readEvaluateResult(x: unknown): EvaluateResult {
  const o = isObj(x) ? x : {};
  const checked = isObj(o.checked) ? o.checked : {};
  const checkedRows = readLevels(checked.distribution, checked.accuracy, CHECKED_ORDER);
  const conf = isObj(checked.confusion) ? checked.confusion : {};
  const columns = checkedRows.map((r) => r.level);
  const confusionRows = Object.entries(conf)
    .map(([claimed, v]) => ({ claimed, counts: columns.map((c) => (isObj(v) ? (num(v[c]) ?? 0) : 0)) }))
    .filter((r) => r.counts.some((n) => n > 0));
  const ev = isObj(o.evidence) ? o.evidence : {};
  const evidence = Object.entries(ev).map(([key, v]) => {
    const e = isObj(v) ? v : {};
    const r = isObj(e.retrieved) ? e.retrieved : {};
    const c = isObj(e.cited) ? e.cited : null;
    return {
      key,
      n: num(e.n),
      retrieved: { full: num(r.full), partial: num(r.partial), none: num(r.none) },
      citedFull: c ? num(c.full) : null,
      retrievedCitedFully: num(e.retrievedCitedFully),
    };
  });
  const run = isObj(o.run) ? o.run : {};
  const key = isObj(o.key) ? o.key : {};
  const g = isObj(o.grounding) ? o.grounding : {};
  const levels = [...new Set([...GROUNDING_ORDER, ...Object.keys(g)])];
  const grounding = levels
    .map((level) => {
      const v = g[level];
      if (typeof v === 'number') return { level, count: v, accuracy: null };
      const lo = isObj(v) ? v : {};
      return { level, count: num(lo.count) ?? num(lo.n) ?? 0, accuracy: num(lo.accuracy) };
    })
    .filter((r) => GROUNDING_ORDER.includes(r.level) || r.count > 0);
  const cost = isObj(o.cost) ? o.cost : {};
  return {
    accuracy: num(o.accuracy),
    n: num(o.n),
    byKind: readRows(o.byKind),
    bySlot: readRows(o.bySlot),
    byGoldCount: readRows(o.byGoldCount),
    byN: readRows(o.byN ?? o.byConditions),
    grounding,
    checked: checkedRows,
    confusion: { columns, rows: confusionRows },
    evidence,
    run: { answered: num(run.answered), reused: num(run.reused), seconds: num(run.seconds) },
    warnings: strings(o.warnings),
    runId: str(o.runId),
    key: {
      ontology: str(key.ontology),
      model: str(key.model),
      protocol: str(key.protocol),
      promptVersion: num(key.promptVersion),
    },
    cost: { calls: num(cost.calls), inputTokens: num(cost.inputTokens), outputTokens: num(cost.outputTokens) },
    reportPath: str(o.reportPath),
    markdown: str(o.markdown),
  };
}
