/** Well-known annotation properties and how they feed names and cards. */

export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const OWL = 'http://www.w3.org/2002/07/owl#';
export const SKOS = 'http://www.w3.org/2004/02/skos/core#';
export const OBO_IN_OWL = 'http://www.geneontology.org/formats/oboInOwl#';
export const OBO = 'http://purl.obolibrary.org/obo/';

export const RDFS_LABEL = RDFS + 'label';
export const RDFS_COMMENT = RDFS + 'comment';
export const OWL_DEPRECATED = OWL + 'deprecated';

export const DEFINITION_PROPS = [OBO + 'IAO_0000115', SKOS + 'definition'];
export const LABEL_PROPS = [RDFS_LABEL, SKOS + 'prefLabel'];
export const COMMENT_PROPS = [RDFS_COMMENT];

export type NameKind =
  'label' | 'exact' | 'related' | 'broad' | 'narrow' | 'synonym' | 'id' | 'alt_id' | 'iri' | 'fragment';

export const SYNONYM_PROPS: Record<string, NameKind> = {
  [OBO_IN_OWL + 'hasExactSynonym']: 'exact',
  [OBO_IN_OWL + 'hasRelatedSynonym']: 'related',
  [OBO_IN_OWL + 'hasBroadSynonym']: 'broad',
  [OBO_IN_OWL + 'hasNarrowSynonym']: 'narrow',
  [OBO_IN_OWL + 'hasSynonym']: 'synonym',
  [SKOS + 'altLabel']: 'synonym',
  [SKOS + 'prefLabel']: 'label',
  [OBO + 'IAO_0000118']: 'synonym',
};

export const ID_PROPS: Record<string, NameKind> = {
  [OBO_IN_OWL + 'id']: 'id',
  [OBO_IN_OWL + 'hasAlternativeId']: 'alt_id',
};

/** Short keys for properties that usually come without an rdfs:label of their own. */
export const KNOWN_KEYS: Record<string, string> = {
  [RDFS_LABEL]: 'rdfs:label',
  [RDFS_COMMENT]: 'comment',
  [RDFS + 'seeAlso']: 'rdfs:seeAlso',
  [RDFS + 'isDefinedBy']: 'rdfs:isDefinedBy',
  [OWL_DEPRECATED]: 'deprecated',
  [OBO + 'IAO_0000115']: 'definition',
  [SKOS + 'definition']: 'definition',
  [SKOS + 'prefLabel']: 'skos:prefLabel',
  [SKOS + 'altLabel']: 'skos:altLabel',
  [OBO_IN_OWL + 'hasExactSynonym']: 'has_exact_synonym',
  [OBO_IN_OWL + 'hasRelatedSynonym']: 'has_related_synonym',
  [OBO_IN_OWL + 'hasBroadSynonym']: 'has_broad_synonym',
  [OBO_IN_OWL + 'hasNarrowSynonym']: 'has_narrow_synonym',
  [OBO_IN_OWL + 'hasDbXref']: 'database_cross_reference',
  [OBO_IN_OWL + 'hasOBONamespace']: 'has_obo_namespace',
  [OBO_IN_OWL + 'id']: 'id',
  [OBO_IN_OWL + 'hasAlternativeId']: 'has_alternative_id',
  [OBO_IN_OWL + 'inSubset']: 'in_subset',
  [OBO_IN_OWL + 'created_by']: 'created_by',
  [OBO_IN_OWL + 'creation_date']: 'creation_date',
  [OBO_IN_OWL + 'hasSynonymType']: 'has_synonym_type',
};
