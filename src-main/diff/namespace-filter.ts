import { UserError } from '../core/errors';

const OBO_PREFIX = 'http://purl.obolibrary.org/obo/';

/**
 * `--namespace` values as IRI prefixes. An IRI prefix is taken as it is; a CURIE prefix (`GO`, `GO:`)
 * means the OBO PURLs of that ontology (`http://purl.obolibrary.org/obo/GO_`), which is how OBO
 * files spell their IDs. Duplicates are dropped and the result is sorted, so it can go in a report.
 */
export function namespacePrefixes(values: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of values) {
    const v = raw.trim();
    if (!v) throw new UserError('usage', 'a namespace is empty: give an IRI prefix or a CURIE prefix such as GO.');
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v) || v.startsWith('urn:')) out.add(v);
    else {
      const m = /^([A-Za-z][A-Za-z0-9]*)[:_]?$/.exec(v);
      if (!m) {
        throw new UserError(
          'usage',
          `"${v}" is neither an IRI prefix (http://…) nor a CURIE prefix such as GO or PO: (letters and digits).`,
        );
      }
      out.add(`${OBO_PREFIX}${m[1]}_`);
    }
  }
  return [...out].sort();
}

/** Keeps every IRI when there are no prefixes. */
export function inNamespaces(iri: string, prefixes: readonly string[]): boolean {
  return prefixes.length === 0 || prefixes.some((p) => iri.startsWith(p));
}
