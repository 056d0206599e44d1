/** Small, dependency-free formatting helpers for the views. */

export function fmtInt(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–';
}

export function fmtPct(x: number | null | undefined, digits = 1): string {
  return typeof x === 'number' && Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : '–';
}

/** "1 axiom", "3 axioms", "1,204 queries": a count with its noun in the right number. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${fmtInt(n)} ${n === 1 ? singular : plural}`;
}

/**
 * A duration: "850 ms", "1 s", "1.25 s", "12.5 s", "4 min 32 s". No trailing zeros (1.00 s claims a
 * precision nobody measured), and a negative value (clocks a few ms apart) is shown as 0 ms.
 */
export function fmtSeconds(s: number | null | undefined): string {
  if (typeof s !== 'number' || !Number.isFinite(s)) return '–';
  if (s < 1) return `${Math.max(0, Math.round(s * 1000))} ms`;
  if (s < 90) return `${Number(s.toFixed(s < 10 ? 2 : 1))} s`;
  const m = Math.floor(s / 60);
  return m < 90 ? `${m} min ${Math.round(s % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function fmtBytes(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '–';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

export function fmtWhen(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The last path segment, for labels; works for / and \ paths. */
export function baseName(p: string | null | undefined): string {
  if (!p) return '';
  const parts = p.split(/[\\/]/);
  return parts[parts.length - 1] || p;
}

/** A short local name for an IRI (after # or the last /). */
export function localName(iri: string): string {
  const m = /[#/]([^#/]+)$/.exec(iri);
  return m ? decodeURIComponent(m[1]) : iri;
}

/** Option keys A, B, …, Z. */
export function optionKey(i: number): string {
  return String.fromCharCode(65 + (i % 26));
}

/** A parameter count: "7.6 B" for 7615616512; text passes through unchanged. */
export function fmtParams(p: string | number | null | undefined): string {
  if (p === null || p === undefined || p === '') return '–';
  const n = typeof p === 'number' ? p : /^\d+$/.test(p) ? Number(p) : NaN;
  if (!Number.isFinite(n)) return String(p);
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} B`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} K`;
  return String(n);
}

/** An import's short name, its IRI's last path segment: `ro_import.owl`. */
export function importName(iri: string): string {
  return (
    iri
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() || iri
  );
}
