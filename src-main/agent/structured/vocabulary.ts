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
  const rows = h.db
    .prepare(
      `SELECT n.text, n.norm, n.kind AS nk, e.id, e.kind FROM name n JOIN entity e ON e.id = n.entity
       WHERE e.deprecated = 0 AND e.kind IN ('class', 'property') AND n.kind IN ('label', 'exact', 'fragment')`,
    )
    .all() as { text: string; norm: string; nk: string; id: number; kind: string }[];
  const owners = new Map<string, Set<number>>();
  for (const r of h.db
    .prepare(`SELECT n.norm, e.id FROM name n JOIN entity e ON e.id = n.entity WHERE e.deprecated = 0`)
    .iterate() as Iterable<{
    norm: string;
    id: number;
  }>) {
    let s = owners.get(r.norm);
    if (!s) owners.set(r.norm, (s = new Set()));
    s.add(r.id);
  }
  const concepts = new Set<string>();
  const relations = new Set<string>(['is a']);
  for (const r of rows) {
    if (r.nk === 'fragment' && !/\s/.test(r.text)) continue;
    if (!writable(r.text) || (owners.get(r.norm)?.size ?? 0) > 1) continue;
    (r.kind === 'class' ? concepts : relations).add(r.text);
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
