import type { OntologyInfo } from '../../src-main/api/contract';
import { fmtSeconds } from './format';

/**
 * One line on what a reload did, from its load result alone: how the content was read (still open,
 * from the cache, or classified afresh) and the time the summary gives.
 */
export function reloadLine(info: Pick<OntologyInfo, 'summary' | 'alreadyOpen'>): string {
  const s = info.summary;
  if (info.alreadyOpen) return 'Reloaded: this exact content was still open, so it was served without loading.';
  const took = `in ${fmtSeconds(s.seconds)}`;
  return s.cache === 'hit' ? `Reloaded from the cache ${took}.` : `Reloaded: read and classified afresh ${took}.`;
}
