import { normalizeName } from '../../ontology/names/normalize';
import type { QueryResult } from '../../query/query-types';
import type { AgentQuestion } from '../question';
import type { AgentVocabulary } from './vocabulary';

const MAX_WORDS = 8;
const MAX_FOCUS = 24;

/** A lookup from normalised name to the vocabulary's spelling, built once per vocabulary. */
const lookups = new WeakMap<AgentVocabulary, { concepts: Map<string, string>; relations: Map<string, string> }>();

function lookupOf(v: AgentVocabulary) {
  let l = lookups.get(v);
  if (!l) {
    l = {
      concepts: new Map(v.concepts.map((n) => [normalizeName(n), n])),
      relations: new Map(v.relations.map((n) => [normalizeName(n), n])),
    };
    lookups.set(v, l);
  }
  return l;
}

/**
 * The ontology names a question mentions: its quoted names, its option names and any run of up to
 * eight words that is a name. Listed in the step prompt, they tell a weak model which names the
 * question is about; the grammar still allows every name of the vocabulary.
 */
export function focusNames(q: AgentQuestion, v: AgentVocabulary): AgentVocabulary {
  const l = lookupOf(v);
  const concepts: string[] = [];
  const relations: string[] = [];
  const add = (text: string) => {
    const k = normalizeName(text);
    const c = l.concepts.get(k);
    if (c && !concepts.includes(c)) concepts.push(c);
    const r = l.relations.get(k);
    if (r && r !== 'is a' && !relations.includes(r)) relations.push(r);
  };
  for (const m of q.question.matchAll(/"([^"]{1,200})"/g)) add(m[1]);
  for (const o of q.options ?? []) add(o.name);
  const words = q.question
    .replace(/"/g, ' ')
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  for (let len = Math.min(MAX_WORDS, words.length); len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) add(words.slice(i, i + len).join(' '));
  }
  return { concepts: concepts.slice(0, MAX_FOCUS), relations: relations.slice(0, MAX_FOCUS) };
}

/** Names an observation mentions (results, verdicts, suggestions, a card's neighbours): where the model may go next. */
export function observedNames(r: QueryResult): string[] {
  const out = [...r.results, ...r.relations, ...r.verdicts, ...r.candidates].map((e) => e.name);
  if (r.card) {
    out.push(r.card.name, ...r.card.parents.map((p) => p.name), ...r.card.children.map((c) => c.name));
    for (const s of r.card.statedRelations) out.push(s.relation.name, s.filler.name);
  }
  return out;
}

/**
 * The names a step grammar offers under the 'question' scope: the question's own names plus every
 * name the observations so far have shown, all kept to the vocabulary. A weak model then writes
 * queries about the question instead of about whatever name it finds likeliest; it can still move
 * on through what DESCRIBE and SELECT show it. Falls back to the whole vocabulary when the question
 * names nothing the ontology knows.
 */
export class NameScope {
  private readonly concepts: string[];
  private readonly relations: string[];

  constructor(
    private readonly vocabulary: AgentVocabulary,
    question: AgentQuestion,
  ) {
    const f = focusNames(question, vocabulary);
    this.concepts = f.concepts;
    this.relations = f.relations;
  }

  get focus(): AgentVocabulary {
    return { concepts: [...this.concepts], relations: [...this.relations] };
  }

  observe(r: QueryResult): void {
    const l = lookupOf(this.vocabulary);
    for (const n of observedNames(r)) {
      const k = normalizeName(n);
      const c = l.concepts.get(k);
      if (c && !this.concepts.includes(c)) this.concepts.push(c);
      const rel = l.relations.get(k);
      if (rel && !this.relations.includes(rel)) this.relations.push(rel);
    }
  }

  /** The grammar's names now: never empty in either slot. */
  current(): AgentVocabulary {
    if (!this.concepts.length) return this.vocabulary;
    return { concepts: this.concepts, relations: [...new Set(['is a', ...this.relations])] };
  }
}
