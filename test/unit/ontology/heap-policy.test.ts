import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HEAP_FLOOR_MB,
  heapAfterOutOfMemory,
  heapCapMb,
  heapForFile,
  heapForInput,
  sniffFormat,
} from '../../../src-main/ontology/bridge/heap-policy';
import { tempDir } from '../../support/temp-dir';

const MB = 2 ** 20;

describe('the JVM heap policy', () => {
  it('recognises each format by its first bytes, not its name', () => {
    expect(sniffFormat('format-version: 1.2\nontology: go\n\n[Term]\nid: GO:1')).toBe('obo');
    expect(sniffFormat('Prefix(:=<http://x#>)\nOntology(<http://x>\n')).toBe('functional');
    expect(sniffFormat('@prefix owl: <http://www.w3.org/2002/07/owl#> .\n')).toBe('turtle');
    expect(
      sniffFormat('<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'),
    ).toBe('rdfxml');
    expect(
      sniffFormat('<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="x">'),
    ).toBe('owlxml');
    expect(sniffFormat('hello world')).toBe('unknown');
  });

  it('grows with the input, by format, between the floor and the cap', () => {
    expect(heapForInput(0, 'obo', 8192)).toBe(HEAP_FLOOR_MB);
    // Synthetic GO 50k is 32 MiB of functional syntax: about 1.3 GiB, far below the old fixed 8 GiB.
    const go = heapForInput(32 * MB, 'functional', 16_384);
    expect(go).toBeGreaterThan(1000);
    expect(go).toBeLessThan(1600);
    // The same size in OBO carries more axioms per byte than RDF/XML.
    expect(heapForInput(32 * MB, 'obo', 16_384)).toBeGreaterThan(heapForInput(32 * MB, 'rdfxml', 16_384));
    expect(heapForInput(10_000 * MB, 'functional', 4096)).toBe(4096);
  });

  it('caps at half the machine, at most 16 GiB, never below the floor', () => {
    expect(heapCapMb(24 * 1024 * MB)).toBe(12 * 1024);
    expect(heapCapMb(64 * 1024 * MB)).toBe(16 * 1024);
    expect(heapCapMb(512 * MB)).toBe(HEAP_FLOOR_MB);
  });

  it('doubles after running out, up to the cap, and then gives up', () => {
    expect(heapAfterOutOfMemory(24, 4096)).toBe(HEAP_FLOOR_MB);
    expect(heapAfterOutOfMemory(1000, 4096)).toBe(2000);
    expect(heapAfterOutOfMemory(3000, 4096)).toBe(4096);
    expect(heapAfterOutOfMemory(4096, 4096)).toBeNull();
  });

  const dir = tempDir('oarag-heap-');
  afterAll(() => dir.cleanup());

  it('sizes a file from its size and format; UTF-16 counts as the UTF-8 it would be', () => {
    const body = 'format-version: 1.2\n' + '[Term]\nid: X:1\nname: a term with a long enough name\n\n'.repeat(200_000);
    const utf8 = join(dir.path, 'a.obo');
    const utf16 = join(dir.path, 'b.obo');
    writeFileSync(utf8, body);
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]));
    const a = heapForFile(utf8, 16_384);
    const b = heapForFile(utf16, 16_384);
    expect(a.format).toBe('obo');
    expect(b.format).toBe('obo');
    expect(a.mb).toBeGreaterThan(HEAP_FLOOR_MB);
    expect(Math.abs(a.mb - b.mb)).toBeLessThanOrEqual(1);
    expect(heapForFile(join(dir.path, 'missing.owl'), 16_384)).toEqual({
      mb: HEAP_FLOOR_MB,
      format: 'unknown',
      bytes: 0,
    });
  });
});
