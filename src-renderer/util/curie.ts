const OBO = 'http://purl.obolibrary.org/obo/';

/**
 * The CURIE of an OBO PURL (`…/obo/GO_0005634` → `GO:0005634`), or null for any other IRI. The same
 * rule as the main side's oboCurie (names/normalize.ts); the renderer may import only the contract,
 * so this display copy lives here.
 */
export function curieOf(iri: string | null | undefined): string | null {
  if (!iri?.startsWith(OBO)) return null;
  const m = /^([A-Za-z][A-Za-z0-9]*)_([A-Za-z0-9_]+)$/.exec(iri.slice(OBO.length));
  return m ? `${m[1]}:${m[2]}` : null;
}
