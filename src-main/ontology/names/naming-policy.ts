import { compareCodeUnits } from '../../core/compare';
import { normaliseLanguages } from '../../core/language-tag';
import type { Ann } from '../dump/dump-types';
import { iriFragment, oboCurie } from './normalize';
import { OBO, OBO_IN_OWL, OWL_DEPRECATED, RDFS, RDFS_COMMENT, RDFS_LABEL, SKOS } from './vocabulary';

/**
 * The one naming policy: how an entity, an annotation property or a label-less IRI is named for
 * people and models. Cards, linking, generation, revision and the UI all read names the cache
 * built with it, so an ontology reads the same everywhere.
 *
 * An entity's name is, best first:
 * 1. its rdfs:label in a preferred language (in the order of the preference);
 * 2. its skos:prefLabel in a preferred language;
 * 3. its IRI's last segment in words, when that segment is words (`hasTopping` → "has topping");
 * 4. a label or prefLabel in another language;
 * 5. its OBO CURIE (`UBERON:0001062`), else the IRI's last segment as it is.
 */

export interface NamingOptions {
  /** Language tags in order of preference; '' stands for a literal without a language tag. */
  languages: readonly string[];
}

export const DEFAULT_NAME_LANGUAGES: readonly string[] = ['en', ''];
export const DEFAULT_NAMING: NamingOptions = { languages: DEFAULT_NAME_LANGUAGES };

/** Where a name came from; 'id' names tell a reader nothing beyond the identifier. */
export type NameSource = 'label' | 'prefLabel' | 'fragment' | 'other-language' | 'id';

export interface BestName {
  name: string;
  from: NameSource;
  /** The annotation the name was taken from, if any (a card does not repeat it). */
  source?: { p: string; v: string };
}

const SKOS_PREF_LABEL = SKOS + 'prefLabel';

/**
 * The position of a literal's language in the preference, or -1. A preferred `en` also takes
 * `en-GB`; '' takes only untagged literals.
 */
export function languageRank(lang: string | undefined, languages: readonly string[]): number {
  const tag = (lang ?? '').toLowerCase();
  for (let i = 0; i < languages.length; i++) {
    const want = languages[i].toLowerCase();
    if (want === '' ? tag === '' : tag === want || tag.startsWith(want + '-')) return i;
  }
  return -1;
}

export function bestName(iri: string, anns: readonly Ann[], naming: NamingOptions = DEFAULT_NAMING): BestName {
  const langs = naming.languages.length ? naming.languages : DEFAULT_NAME_LANGUAGES;
  const n = langs.length;
  const fragment = fragmentName(iri);
  let best: { rank: number; a: Ann; v: string } | undefined;
  for (const a of anns) {
    if (a.ref || (a.p !== RDFS_LABEL && a.p !== SKOS_PREF_LABEL)) continue;
    const v = a.v.trim();
    if (!v) continue;
    const lr = languageRank(a.lang, langs);
    const pref = a.p === SKOS_PREF_LABEL ? 1 : 0;
    // A readable IRI segment (rank 2n) beats a label in a language the user did not ask for.
    const rank = lr >= 0 ? pref * n + lr : 2 * n + 1 + pref;
    // Ties go to the smallest text: the bridge lists annotations in hash order, which changes between
    // JVM runs, and names must not (envo.obo gives RO_0002211 both "regulates" and "regulates (processual)").
    if (
      !best ||
      rank < best.rank ||
      (rank === best.rank &&
        (compareCodeUnits(v, best.v) ||
          compareCodeUnits(a.lang ?? '', best.a.lang ?? '') ||
          compareCodeUnits(a.p, best.a.p)) < 0)
    )
      best = { rank, a, v };
  }
  if (best && (best.rank < 2 * n || !fragment.readable)) {
    const from: NameSource = best.rank >= 2 * n ? 'other-language' : best.a.p === RDFS_LABEL ? 'label' : 'prefLabel';
    return { name: best.v, from, source: { p: best.a.p, v: best.a.v } };
  }
  return { name: fragment.name, from: fragment.readable ? 'fragment' : 'id' };
}

/**
 * The name an IRI gives by itself: its last segment in words when that segment is made of words,
 * else its OBO CURIE, else the segment as it is.
 */
export function fragmentName(iri: string): { name: string; readable: boolean } {
  const fragment = iriFragment(iri);
  if (isOpaqueId(fragment)) return { name: oboCurie(iri) ?? fragment, readable: false };
  const words = fragmentWords(fragment);
  return words ? { name: words, readable: true } : { name: fragment, readable: false };
}

/**
 * Identifiers that carry no words: `GO_0005634`, `NCBITaxon_9606`, `RO_0002211`, `ABC123`, `0042`,
 * UUIDs and hashes.
 */
export function isOpaqueId(fragment: string): boolean {
  return (
    /^[A-Za-z][A-Za-z0-9]*[_:.-]?\d+$/.test(fragment) ||
    /^\d[\d_.:-]*$/.test(fragment) ||
    /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/.test(fragment) ||
    (/^[0-9a-fA-F]{16,}$/.test(fragment) && /\d/.test(fragment)) ||
    !/\p{L}{2}/u.test(fragment)
  );
}

/**
 * A CamelCase or snake_case segment in words: `hasTopping` → "has topping", `NamedPizza` → "named
 * pizza", `part_of` → "part of". Acronyms keep their capitals (`DNABinding` → "DNA binding").
 * Returns '' when nothing word-like is left.
 */
export function fragmentWords(fragment: string): string {
  let s: string;
  try {
    s = decodeURIComponent(fragment);
  } catch {
    s = fragment;
  }
  return splitCamelCase(s.replace(/[_+]+/g, ' '))
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

/** `hasTopping` → `has Topping`, `HTTPServer2Node` → `HTTP Server2 Node`; other names are returned as they are. */
export function splitCamelCase(name: string): string {
  return name.replace(/(\p{Ll}|\p{N})(?=\p{Lu})/gu, '$1 ').replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, '$1 ');
}

/** Names for annotation properties people meet on every OBO card, whatever the file declares. */
export const PROPERTY_NAMES: Record<string, string> = {
  [RDFS_LABEL]: 'label',
  [RDFS_COMMENT]: 'comment',
  [RDFS + 'seeAlso']: 'see also',
  [RDFS + 'isDefinedBy']: 'defined by',
  [OWL_DEPRECATED]: 'obsolete',
  [OBO + 'IAO_0000115']: 'definition',
  [SKOS + 'definition']: 'definition',
  [SKOS_PREF_LABEL]: 'preferred label',
  [SKOS + 'altLabel']: 'alternative label',
  [OBO + 'IAO_0000118']: 'alternative term',
  [OBO + 'IAO_0000111']: 'editor preferred term',
  [OBO + 'IAO_0000112']: 'example of usage',
  [OBO + 'IAO_0000116']: 'editor note',
  [OBO + 'IAO_0000117']: 'term editor',
  [OBO + 'IAO_0000119']: 'definition source',
  [OBO + 'IAO_0000231']: 'obsolescence reason',
  [OBO + 'IAO_0000232']: 'curator note',
  [OBO + 'IAO_0000233']: 'term tracker item',
  [OBO + 'IAO_0000412']: 'imported from',
  [OBO + 'IAO_0000424']: 'expand expression to',
  [OBO + 'IAO_0000589']: 'OBO Foundry unique label',
  [OBO + 'IAO_0100001']: 'replaced by',
  [OBO + 'IAO_0000227']: 'terms merged',
  [OBO + 'IAO_0000103']: 'failed exploratory term',
  [OBO + 'IAO_0000229']: 'term split',
  [OBO + 'RO_0002161']: 'never in taxon',
  [OBO + 'RO_0002175']: 'present in taxon',
  [OBO_IN_OWL + 'hasExactSynonym']: 'exact synonym',
  [OBO_IN_OWL + 'hasRelatedSynonym']: 'related synonym',
  [OBO_IN_OWL + 'hasBroadSynonym']: 'broad synonym',
  [OBO_IN_OWL + 'hasNarrowSynonym']: 'narrow synonym',
  [OBO_IN_OWL + 'hasSynonym']: 'synonym',
  [OBO_IN_OWL + 'hasDbXref']: 'cross-reference',
  [OBO_IN_OWL + 'hasOBONamespace']: 'namespace',
  [OBO_IN_OWL + 'id']: 'ID',
  [OBO_IN_OWL + 'hasAlternativeId']: 'alternative ID',
  [OBO_IN_OWL + 'inSubset']: 'subset',
  [OBO_IN_OWL + 'consider']: 'consider',
  [OBO_IN_OWL + 'created_by']: 'created by',
  [OBO_IN_OWL + 'creation_date']: 'creation date',
  [OBO_IN_OWL + 'hasSynonymType']: 'synonym type',
  [OBO_IN_OWL + 'shorthand']: 'shorthand',
  [OBO_IN_OWL + 'is_metadata_tag']: 'metadata tag',
  [OBO_IN_OWL + 'is_class_level']: 'class level',
  [OBO_IN_OWL + 'source']: 'source',
  ['http://purl.org/dc/elements/1.1/creator']: 'creator',
  ['http://purl.org/dc/elements/1.1/date']: 'date',
  ['http://purl.org/dc/elements/1.1/source']: 'source',
  ['http://purl.org/dc/terms/creator']: 'creator',
  ['http://purl.org/dc/terms/contributor']: 'contributor',
  ['http://purl.org/dc/terms/date']: 'date',
  ['http://purl.org/dc/terms/source']: 'source',
  ['http://purl.org/dc/terms/description']: 'description',
  ['http://purl.org/dc/terms/license']: 'license',
};

/**
 * A readable name for an annotation property: the well-known name, else the property's own label
 * (underscores read as spaces: "has_obo_format_version" → "has obo format version"), else its IRI
 * in words.
 */
export function propertyName(iri: string, ownLabel?: string | null): string {
  const known = PROPERTY_NAMES[iri];
  if (known) return known;
  const label = ownLabel?.trim();
  if (label) return label.replace(/_+/g, ' ');
  return fragmentName(iri).name;
}

/** What a cache built under these options must be keyed by: another preference gives other names. */
export function namingStamp(naming: NamingOptions): string {
  // Spellings that name alike (case, repeats, `en` then `en-GB`) share one stamp, so one cache entry.
  return `names ${normaliseLanguages(naming.languages)
    .map((l) => l.toLowerCase() || '-')
    .join(',')}`;
}
