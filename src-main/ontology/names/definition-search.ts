import type { OntologyHandle } from '../ontology-handle';
import { DEFINITION_PROPS } from './vocabulary';

export interface DefinitionHit {
  id: number;
  /** The part of the definition around the match, and where the match is in it. */
  snippet: string;
  start: number;
  length: number;
}

const BEFORE = 40;
const AFTER = 70;

/**
 * Classes whose definition contains the text, for the search results below the name and synonym
 * matches: the definition around the match, so the view can mark it. Texts under 3 characters
 * would match most definitions and are not looked for.
 */
export function definitionHits(
  h: OntologyHandle,
  text: string,
  limit: number,
  opts: { skip: Set<number>; includeObsolete?: boolean },
): DefinitionHit[] {
  const q = text.trim();
  if (q.length < 3 || limit <= 0) return [];
  const ix = h.closure;
  const out: DefinitionHit[] = [];
  const lower = q.toLowerCase();
  for (const [id, value] of h.annotationContaining(DEFINITION_PROPS, q, limit * 4 + opts.skip.size)) {
    if (out.length >= limit) break;
    if (opts.skip.has(id) || ix.kindOf[id] !== 'class' || (!opts.includeObsolete && ix.deprecated.has(id))) continue;
    const flat = value.replace(/\s+/g, ' ');
    const at = flat.toLowerCase().indexOf(lower);
    if (at < 0) continue;
    const from = Math.max(0, at - BEFORE);
    const to = Math.min(flat.length, at + q.length + AFTER);
    const head = from > 0 ? '…' : '';
    out.push({
      id,
      snippet: `${head}${flat.slice(from, to)}${to < flat.length ? '…' : ''}`,
      start: head.length + at - from,
      length: q.length,
    });
    opts.skip.add(id);
  }
  return out;
}
