import type { DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import { EX, label } from '../../support/dump-fixture';

/** Builders for hand-written bridge dumps: ids are local names under EX, fillers full URNs. */
export const d = {
  cls: (id: string, name = id, deprecated = false): DumpRecord => ({
    t: 'class',
    iri: EX + id,
    annotations: [label(name)],
    deprecated,
  }),
  prop: (id: string, parents: string[] = []): DumpRecord => ({
    t: 'property',
    iri: EX + id,
    annotations: [label(id)],
    deprecated: false,
    transitive: false,
    reflexive: false,
    parents: parents.map((p) => EX + p),
    chains: [],
  }),
  hier: (id: string, parents: string[], equivalents: string[] = []): DumpRecord => ({
    t: 'hier',
    c: EX + id,
    parents: parents.map((p) => EX + p),
    equivalents: equivalents.map((e) => EX + e),
  }),
  unsat: (id: string): DumpRecord => ({ t: 'unsat', c: EX + id }),
  filler: (n: number, parents: string[]): DumpRecord => ({
    t: 'filler',
    iri: `urn:oarag:filler:${n}`,
    text: `filler ${n}`,
    parents: parents.map((p) => EX + p),
  }),
  link: (s: string, r: string, f: string | number): DumpRecord => ({
    t: 'link',
    s: EX + s,
    r: EX + r,
    f: typeof f === 'number' ? `urn:oarag:filler:${f}` : EX + f,
  }),
};
