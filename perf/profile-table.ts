import type { LoadProfile, LoadStage } from '../src-main/ontology/ontology-types';

export interface ProfiledRun {
  file: string;
  cold: number;
  stages: Partial<Record<LoadStage, number>>;
  profile?: LoadProfile;
}

const STAGES: LoadStage[] = ['check', 'parse', 'classify', 'closure', 'write', 'index', 'store'];
/** The bridge's timers in pipeline order; keys it does not report (yet) print as a dash. */
const BRIDGE = ['parse', 'elk', 'taxonomy', 'classify', 'closure', 'write'];
/**
 * Steps inside Node in pipeline order; keys a build no longer has print as a dash, new ones are
 * appended. `writer.*` steps ran in the cache writer's own thread, beside the others; `overlapped` is
 * the part of dumpParse and rows done while the bridge was still writing the dump.
 */
const NODE = [
  'dumpParse',
  'rows',
  'overlapped',
  'nameFts',
  'cardAnnotations',
  'entityRows',
  'cardBuild',
  'cardJson',
  'cardRows',
  'cardPost',
  'cardFts',
  'ftsBuild',
  'indexes',
  'commit',
  'analyze',
  'post',
  'writer.sqlRows',
  'writer.indexes',
  'writer.ftsBuild',
  'writer.cardRows',
  'writer.cardFts',
  'writer.commit',
  'writer.analyze',
  'writerWait',
  'graphWrite',
  'storeLoad',
  'integrity',
];

function keys(order: string[], seen: Iterable<string>): string[] {
  const extra = [...new Set(seen)].filter((k) => !order.includes(k)).sort();
  return [...order, ...extra];
}

const fmt = (x: number | null | undefined, digits = 2) => (x === null || x === undefined ? '—' : x.toFixed(digits));

/** One Markdown table, one column per ontology, one row per stage and step (seconds), then the JVM's memory. */
export function profileTable(runs: ProfiledRun[]): string {
  if (!runs.length) return '(no ontology was measured: check --only)';
  const head = `| step | ${runs.map((r) => r.file).join(' | ')} |`;
  const rule = `|---|${runs.map(() => '---:').join('|')}|`;
  const rows: string[] = [head, rule];
  const row = (label: string, cells: string[]) => rows.push(`| ${label} | ${cells.join(' | ')} |`);
  row(
    '**cold (s)**',
    runs.map((r) => `**${fmt(r.cold)}**`),
  );
  for (const s of STAGES)
    row(
      `stage ${s}`,
      runs.map((r) => fmt(r.stages[s])),
    );
  for (const k of keys(
    BRIDGE,
    runs.flatMap((r) => Object.keys(r.profile?.bridge ?? {})),
  ))
    row(
      `bridge ${k}`,
      runs.map((r) => fmt(r.profile?.bridge[k])),
    );
  for (const k of keys(
    NODE,
    runs.flatMap((r) => Object.keys(r.profile?.node ?? {})),
  ))
    row(
      `node ${k}`,
      runs.map((r) => fmt(r.profile?.node[k])),
    );
  row(
    'JVM heap (MiB)',
    runs.map((r) => fmt(r.profile?.jvm.heapMb, 0)),
  );
  row(
    'JVM peak RSS (MiB)',
    runs.map((r) => fmt(r.profile?.jvm.peakRssMb, 0)),
  );
  return rows.join('\n');
}
