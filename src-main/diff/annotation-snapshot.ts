import type { OntologyHandle } from '../ontology/ontology-handle';
import { compareCodeUnits } from '../core/compare';
import type { SynonymScope } from '../ontology/cards/card-types';
import { SYNONYM_SCOPES } from '../ontology/cards/card-builder';
import { propertyName } from '../ontology/names/naming-policy';
import { DEFINITION_PROPS, LABEL_PROPS, OBO_IN_OWL, OWL_DEPRECATED } from '../ontology/names/vocabulary';
import { SEP } from './version-snapshot';

/** What an annotation diff compares of one class; sets of tab-joined tuples, as the closure snapshot. */
export interface ClassAnnotations {
  /** Its definitions, sorted and joined by "; " (null: none). */
  definition: string | null;
  /** `scope \t lang \t text`. */
  synonyms: Set<string>;
  xrefs: Set<string>;
  /** `property IRI \t lang \t value`, for every annotation not compared otherwise. */
  other: Set<string>;
}

export interface AnnotationSnapshot {
  classes: Map<string, ClassAnnotations>;
  /** Readable names of the annotation properties used. */
  propertyNames: Map<string, string>;
}

const DEFINITIONS = new Set(DEFINITION_PROPS);
const XREF = OBO_IN_OWL + 'hasDbXref';
// Labels are compared as the class's name (label-changed) and owl:deprecated as obsoletion.
const ELSEWHERE = new Set([...LABEL_PROPS, OWL_DEPRECATED]);

/** Reads every named class's annotations from a version's cache (a class without any is there too). */
export function annotationSnapshot(
  h: Pick<OntologyHandle, 'classIris' | 'classAnnotations' | 'annotationProperties'>,
): AnnotationSnapshot {
  const classes = new Map<string, ClassAnnotations>();
  const definitions = new Map<string, string[]>();
  for (const iri of h.classIris())
    classes.set(iri, { definition: null, synonyms: new Set(), xrefs: new Set(), other: new Set() });
  const rows = h.classAnnotations();
  for (const [iri, prop, value, lang] of rows) {
    const c = classes.get(iri)!;
    const scope: SynonymScope | undefined = SYNONYM_SCOPES[prop];
    if (DEFINITIONS.has(prop)) {
      const list = definitions.get(iri);
      if (list) list.push(value);
      else definitions.set(iri, [value]);
    } else if (scope) c.synonyms.add(scope + SEP + (lang ?? '') + SEP + value);
    else if (prop === XREF) c.xrefs.add(value);
    else if (!ELSEWHERE.has(prop)) c.other.add(prop + SEP + (lang ?? '') + SEP + value);
  }
  for (const [iri, list] of definitions) classes.get(iri)!.definition = list.sort(compareCodeUnits).join('; ');
  const propertyNames = new Map<string, string>();
  for (const r of h.annotationProperties()) propertyNames.set(r.iri, propertyName(r.iri, r.label));
  return { classes, propertyNames };
}
