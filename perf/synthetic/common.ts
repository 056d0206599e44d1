import type { ChunkWriter } from './sink';
import type { Prng } from './prng';

export const PREFIXES: Record<string, string> = {
  owl: 'http://www.w3.org/2002/07/owl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  obo: 'http://purl.obolibrary.org/obo/',
  oboInOwl: 'http://www.geneontology.org/formats/oboInOwl#',
};

/** A quoted OWL functional-syntax literal. */
export function lit(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

export function cap(s: string): string {
  return s.length ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Lower-cases the first letter unless the first word looks like an acronym or a name (e.g. "RNA", "T cell"). */
export function lc(s: string): string {
  if (s.length < 2) return s.toLowerCase();
  const first = s.split(' ', 1)[0];
  if (first.length > 1 && first === first.toUpperCase()) return s;
  return s[0].toLowerCase() + s.slice(1);
}

export function wordCount(s: string): number {
  let n = 1;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 32) n++;
  return n;
}

/** Keeps labels unique: a repeated label gets " 2", " 3", ... */
export class LabelRegistry {
  private readonly next = new Map<string, number>();
  numbered = 0;

  unique(label: string): string {
    const k = this.next.get(label);
    if (k === undefined) {
      this.next.set(label, 2);
      return label;
    }
    this.numbered++;
    let n = k;
    let candidate = `${label} ${n}`;
    while (this.next.has(candidate)) candidate = `${label} ${++n}`;
    this.next.set(label, n + 1);
    this.next.set(candidate, 2);
    return candidate;
  }

  has(label: string): boolean {
    return this.next.has(label);
  }
}

export function article(word: string): string {
  return /^[aeiouAEIOU]/.test(word) ? 'An' : 'A';
}

/** A definition of about `min`..`max` words: start, then "<verb> <noun> <circumstance>" clauses. */
export function definitionText(
  rand: Prng,
  start: string,
  verbs: readonly string[],
  nouns: readonly string[],
  circumstances: readonly string[],
  min: number,
  max: number,
): string {
  const target = rand.range(min, max);
  let text = `${start} ${rand.pick(verbs)} ${rand.pick(nouns)}`;
  let clauses = 0;
  while (wordCount(text) < target) {
    if (clauses % 2 === 0) text += ' ' + rand.pick(circumstances);
    else text += `, which ${rand.pick(verbs)} ${rand.pick(nouns)}`;
    clauses++;
  }
  return text + '.';
}

export interface GeneratorStats {
  shape: string;
  seed: number;
  classes: number;
  objectProperties: number;
  roots: number;
  maxDepth: number;
  /** Mean number of told named parents per non-root class (SubClassOf and definition genus). */
  meanParents: number;
  subClassOfNamed: number;
  subClassOfExistential: number;
  equivalentClasses: number;
  classesWithExistentials: number;
  deprecated: number;
  synonyms: number;
  definitions: number;
  /** Labels that needed a number to stay unique. */
  numberedLabels: number;
  chars: number;
  seconds: number;
}

export function newStats(shape: string, seed: number): GeneratorStats {
  return {
    shape,
    seed,
    classes: 0,
    objectProperties: 0,
    roots: 0,
    maxDepth: 0,
    meanParents: 0,
    subClassOfNamed: 0,
    subClassOfExistential: 0,
    equivalentClasses: 0,
    classesWithExistentials: 0,
    deprecated: 0,
    synonyms: 0,
    definitions: 0,
    numberedLabels: 0,
    chars: 0,
    seconds: 0,
  };
}

export function writePrefixes(w: ChunkWriter, extra: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(extra)) w.push(`Prefix(${k}:=<${v}>)\n`);
  for (const [k, v] of Object.entries(PREFIXES)) w.push(`Prefix(${k}:=<${v}>)\n`);
  w.push('\n');
}

export interface PropertySpec {
  /** Abbreviated IRI, e.g. obo:BFO_0000050. */
  id: string;
  label: string;
  parents?: string[];
  transitive?: boolean;
}

export function writeProperties(
  w: ChunkWriter,
  props: readonly PropertySpec[],
  chains: readonly [string[], string][],
  lang = '',
): void {
  for (const p of props) {
    w.push(`Declaration(ObjectProperty(${p.id}))\n`);
    w.push(`AnnotationAssertion(rdfs:label ${p.id} ${lit(p.label)}${lang})\n`);
    for (const sup of p.parents ?? []) w.push(`SubObjectPropertyOf(${p.id} ${sup})\n`);
    if (p.transitive) w.push(`TransitiveObjectProperty(${p.id})\n`);
  }
  for (const [chain, sup] of chains) w.push(`SubObjectPropertyOf(ObjectPropertyChain(${chain.join(' ')}) ${sup})\n`);
  w.push('\n');
}
