import type { OntologyHandle } from '../../ontology/ontology-handle';
import { normalizeName } from '../../ontology/names/normalize';

/** The names a grammar may offer for the concept and the relation slots of a query. */
export interface AgentVocabulary {
  concepts: string[];
  relations: string[];
}

/** Names the dialect can write without escapes and a JSON string can hold as they are. */
function writable(s: string): boolean {
  if (s.length === 0 || s.length > 200 || s !== s.trim()) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x22 || c === 0x5c || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}

/**
 * Labels and exact synonyms (and the spaced CamelCase fragment of label-less entities) of the live
 * classes and properties. A name that links to more than one live entity is left out: offering it
 * would let the model write a query that can only come back ambiguous.
 */
export function agentVocabulary(h: OntologyHandle): AgentVocabulary {
  const rows = h.names.readableNames();
  const owners = h.names.owners();
  const concepts = new Set<string>();
  const relations = new Set<string>(['is a']);
  for (const r of rows) {
    if (r.kind === 'fragment' && !/\s/.test(r.text)) continue;
    if (!writable(r.text) || (owners.get(r.norm)?.size ?? 0) > 1) continue;
    (r.ekind === 'class' ? concepts : relations).add(r.text);
  }
  // Two spellings that normalise alike are one name to the linker; keep the first.
  return { concepts: dedupe(concepts), relations: dedupe(relations) };
}

function dedupe(names: Set<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of [...names].sort()) {
    const k = normalizeName(n);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(n);
  }
  return out;
}
