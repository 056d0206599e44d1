import { z } from 'zod';
import { LOAD_WARNING_CODES, type LoadWarning, type LoadWarningCode } from './ontology-types';

/** One load warning as the API returns it (LoadSummary.warnings). */
export const LoadWarningSchema = z
  .object({
    code: z.enum(LOAD_WARNING_CODES),
    message: z.string().min(1),
    counts: z.record(z.string(), z.number()).optional(),
    iri: z.string().optional(),
  })
  .strict();

const KNOWN = new Set<string>(LOAD_WARNING_CODES);

export function isLoadWarningCode(x: unknown): x is LoadWarningCode {
  return typeof x === 'string' && KNOWN.has(x);
}

/**
 * The warnings of the bridge's load answer, each with a code of the union: a code this version does
 * not know becomes 'other' and keeps its message, so nothing the bridge said is lost; what is not a
 * warning at all (no message) is dropped.
 */
export function bridgeWarnings(raw: unknown): LoadWarning[] {
  if (!Array.isArray(raw)) return [];
  const out: LoadWarning[] = [];
  for (const w of raw as Record<string, unknown>[]) {
    if (!w || typeof w !== 'object' || typeof w.message !== 'string' || !w.message) continue;
    const warning: LoadWarning = { code: isLoadWarningCode(w.code) ? w.code : 'other', message: w.message };
    const counts = z.record(z.string(), z.number()).safeParse(w.counts);
    if (counts.success) warning.counts = counts.data;
    if (typeof w.iri === 'string') warning.iri = w.iri;
    out.push(warning);
  }
  return out;
}
