/**
 * Relation names with a built-in meaning. `"is a"` and `"subclass of"` (and
 * their spelling variants) ask about classification (A ⊑ B) rather than an
 * existential restriction (A ⊑ ∃r.B).
 */

/** The canonical spellings, after `normalizeRelationText`. */
const SUBCLASS_SPELLINGS: ReadonlySet<string> = new Set([
  'is a',
  'isa',
  'subclass of',
  'subclassof',
  'sub class of',
  'is subclass of',
  'is a subclass of',
  'rdfs:subclassof',
]);

/** Lower-case; underscores and hyphens become spaces; whitespace collapsed and trimmed. */
export function normalizeRelationText(name: string): string {
  return name
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ')
    .trim();
}

/**
 * True when `name` is one of the spellings of the classification relation:
 * "is a", "isa", "is_a", "is-a", "subclass of", "subClassOf", "sub_class_of",
 * "is subclass of", "is a subclass of", "rdfs:subClassOf" (any case, any
 * spacing). Anything else is an ordinary ontology relation name.
 */
export function isSubclassRelation(name: string): boolean {
  return SUBCLASS_SPELLINGS.has(normalizeRelationText(name));
}
