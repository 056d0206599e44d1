import { describe, expect, it } from 'vitest';
import { inNamespaces, namespacePrefixes } from '../../../src-main/diff/namespace-filter';

describe('namespacePrefixes', () => {
  it('reads a CURIE prefix as the OBO PURLs of that ontology, with or without its colon', () => {
    expect(namespacePrefixes(['GO'])).toEqual(['http://purl.obolibrary.org/obo/GO_']);
    expect(namespacePrefixes(['PO:', 'PO'])).toEqual(['http://purl.obolibrary.org/obo/PO_']);
  });

  it('keeps IRI prefixes as they are, sorted and without duplicates', () => {
    expect(namespacePrefixes(['http://example.org/b#', 'urn:x:', 'http://example.org/b#', 'GO'])).toEqual([
      'http://example.org/b#',
      'http://purl.obolibrary.org/obo/GO_',
      'urn:x:',
    ]);
  });

  it('refuses what is neither, with a usage error that says what is expected', () => {
    expect(() => namespacePrefixes(['GO:0005634'])).toThrow(/neither an IRI prefix .* nor a CURIE prefix/);
    expect(() => namespacePrefixes(['  '])).toThrow(/empty/);
    let code: string | undefined;
    try {
      namespacePrefixes(['a b']);
    } catch (e) {
      code = (e as { code: string }).code;
    }
    expect(code).toBe('usage');
  });
});

describe('inNamespaces', () => {
  it('keeps everything without prefixes, else only IRIs that start with one', () => {
    expect(inNamespaces('http://x/a', [])).toBe(true);
    expect(inNamespaces('http://purl.obolibrary.org/obo/GO_1', ['http://purl.obolibrary.org/obo/GO_'])).toBe(true);
    expect(inNamespaces('http://purl.obolibrary.org/obo/GOX_1', ['http://purl.obolibrary.org/obo/GO_'])).toBe(false);
  });
});
