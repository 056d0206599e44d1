import type { OntologyInfo } from '../../src-main/api/contract';
import { fmtInt, fmtSeconds } from './format';

/**
 * One line on what a reload did, from its load result alone: the bridge's account of an edit
 * (axioms added and removed when it counted them, applied incrementally or loaded afresh and why), else how the content
 * was read (still open, from the cache, or classified afresh) and the time the summary gives.
 */
export function reloadLine(info: Pick<OntologyInfo, 'summary' | 'alreadyOpen'>): string {
  const s = info.summary;
  if (info.alreadyOpen) return 'Reloaded: this exact content was still open, so it was served without loading.';
  const took = `in ${fmtSeconds(s.seconds)}`;
  const r = s.reload;
  if (r) {
    // A full load counts no axioms: counts are shown only where the bridge counted them.
    const counts =
      r.added !== null && r.removed !== null
        ? `${fmtInt(r.added)} ${r.added === 1 ? 'axiom' : 'axioms'} added, ${fmtInt(r.removed)} removed, `
        : '';
    const patched = r.patched
      ? `, ${fmtInt(r.patched.cards)} ${r.patched.cards === 1 ? 'card' : 'cards'} written again`
      : '';
    if (r.incremental) return `Reloaded: ${counts}applied incrementally${patched} ${took}.`;
    return `Reloaded: ${counts}loaded afresh${r.reason ? ` (${reasonText(r.reason)})` : ''} ${took}.`;
  }
  return s.cache === 'hit' ? `Reloaded from the cache ${took}.` : `Reloaded: read and classified afresh ${took}.`;
}

/** The bridge's reason codes are UPPER_SNAKE or kebab-case; shown as words. */
function reasonText(code: string): string {
  return code.toLowerCase().replace(/[_-]+/g, ' ').trim() || code;
}
