const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The key under which a name is looked up: case, Unicode forms, underscores, hyphens and runs of
 * white space do not distinguish names, so "Mitotic_chromosome-condensation" finds the label.
 */
export function normalizeName(name: string): string {
  // NFKC leaves printable ASCII as it is, and most names are nothing else.
  return (PRINTABLE_ASCII.test(name) ? name : name.normalize('NFKC'))
    .toLowerCase()
    .replace(/[_\-\u2010-\u2015]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const OBO_PREFIX = 'http://purl.obolibrary.org/obo/';

/** `http://purl.obolibrary.org/obo/GO_0007076` → `GO:0007076`; anything else has no CURIE. */
export function oboCurie(iri: string): string | null {
  if (!iri.startsWith(OBO_PREFIX)) return null;
  const local = iri.slice(OBO_PREFIX.length);
  const m = /^([A-Za-z][A-Za-z0-9]*)_([A-Za-z0-9_]+)$/.exec(local);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** `GO:0005635` or `GO_0005635` → `http://purl.obolibrary.org/obo/GO_0005635`; null for anything else. */
export function oboIri(id: string): string | null {
  const m = /^([A-Za-z][A-Za-z0-9]*)[:_]([A-Za-z0-9_]+)$/.exec(id.trim());
  return m ? `${OBO_PREFIX}${m[1]}_${m[2]}` : null;
}

/** The last segment of an IRI, after '#' or '/'. */
export function iriFragment(iri: string): string {
  const hash = iri.lastIndexOf('#');
  if (hash >= 0 && hash < iri.length - 1) return iri.slice(hash + 1);
  const slash = iri.replace(/\/+$/, '').lastIndexOf('/');
  return slash >= 0 ? iri.slice(slash + 1) : iri;
}
