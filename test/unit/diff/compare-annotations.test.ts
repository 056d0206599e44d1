import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffMarkdown } from '../../../src-main/diff/diff-markdown';
import { diffHandles } from '../../../src-main/diff/diff-service';
import { ANNOTATION_CHANGE_KINDS, CHANGE_KINDS } from '../../../src-main/diff/diff-types';
import type { Ann, DumpRecord } from '../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump, label } from '../../support/dump-fixture';

const OIO = 'http://www.geneontology.org/formats/oboInOwl#';
const DEF = 'http://purl.obolibrary.org/obo/IAO_0000115';
const COMMENT = 'http://www.w3.org/2000/01/rdf-schema#comment';
const cls = (id: string, anns: Ann[]): DumpRecord => ({
  t: 'class',
  iri: EX + id,
  annotations: [label(id.toLowerCase()), ...anns],
  deprecated: false,
});

// A: definition rewritten (as a Test-2 revision does), an exact synonym becomes related, an xref goes.
// B: gains a definition and a comment. C: loses its definition. D only in the new version (no annotation changes).
const v1 = [
  cls('A', [
    { p: DEF, v: 'A part of a plant.' },
    { p: OIO + 'hasExactSynonym', v: 'alpha' },
    { p: OIO + 'hasDbXref', v: 'PO:0000001' },
  ]),
  cls('B', []),
  cls('C', [{ p: DEF, v: 'Gone soon.' }]),
];
const v2 = [
  cls('A', [
    { p: DEF, v: 'A part of a plant. It is part of some shoot.' },
    { p: OIO + 'hasRelatedSynonym', v: 'alpha', lang: 'en' },
  ]),
  cls('B', [
    { p: DEF, v: 'New.' },
    { p: COMMENT, v: 'see also A' },
  ]),
  cls('C', []),
  cls('D', [{ p: DEF, v: 'Added with its class.' }]),
];

let a: { handle: OntologyHandle; cleanup: () => void };
let b: { handle: OntologyHandle; cleanup: () => void };
beforeAll(async () => {
  a = await handleFromDump(v1);
  b = await handleFromDump(v2);
});
afterAll(() => (a.cleanup(), b.cleanup()));

describe('annotation diff (--annotations)', () => {
  it('is off by default: no annotation kinds are counted, as none were compared', async () => {
    const r = await diffHandles(a.handle, b.handle);
    expect(r.annotations).toBe(false);
    expect(Object.keys(r.counts)).toEqual([...CHANGE_KINDS]);
  });

  it('lists definitions, synonyms by scope, xrefs and other annotations of the classes both versions have', async () => {
    const r = await diffHandles(a.handle, b.handle, { annotations: true });
    expect(r.annotations).toBe(true);
    expect(Object.keys(r.counts)).toEqual([...CHANGE_KINDS, ...ANNOTATION_CHANGE_KINDS]);
    const notes = r.changes
      .filter((c) => (ANNOTATION_CHANGE_KINDS as readonly string[]).includes(c.kind))
      .map((c) => {
        switch (c.kind) {
          case 'definition-added':
          case 'definition-removed':
          case 'definition-changed':
            return `${c.kind} ${c.class.name}: ${c.old} -> ${c.new}`;
          case 'synonym-added':
          case 'synonym-removed':
            return `${c.kind} ${c.class.name}: ${c.synonym} ${c.scope} ${c.lang}`;
          case 'xref-added':
          case 'xref-removed':
            return `${c.kind} ${c.class.name}: ${c.xref}`;
          case 'annotation-added':
          case 'annotation-removed':
            return `${c.kind} ${c.class.name}: ${c.property.name} ${c.value}`;
          default:
            return c.kind;
        }
      });
    expect(notes).toEqual([
      'definition-added b: null -> New.',
      'definition-removed c: Gone soon. -> null',
      'definition-changed a: A part of a plant. -> A part of a plant. It is part of some shoot.',
      'synonym-added a: alpha related en',
      'synonym-removed a: alpha exact null',
      'xref-removed a: PO:0000001',
      'annotation-added b: comment see also A',
    ]);
    expect(r.counts['definition-changed']).toBe(1);
    expect(r.changes.map((c) => c.kind)[0]).toBe('class-added');
  });

  it('keeps only the namespaces asked for, and writes release notes for each kind', async () => {
    const r = await diffHandles(a.handle, b.handle, { annotations: true, namespaces: [EX + 'A'] });
    expect(r.changes.every((c) => c.class.iri === EX + 'A')).toBe(true);
    const md = diffMarkdown(r);
    expect(md).toContain('| Definitions changed | 1 |');
    expect(md).toContain('## Definitions changed (1)');
    expect(md).toContain(
      '- a (<http://example.org/t#A>): “A part of a plant.” → “A part of a plant. It is part of some shoot.”',
    );
    expect(md).toContain('- a (<http://example.org/t#A>): “alpha” (related, en)');
  });
});
