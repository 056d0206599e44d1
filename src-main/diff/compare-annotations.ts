import { compareCodeUnits } from '../core/compare';
import type { SynonymScope } from '../ontology/cards/card-types';
import { propertyName } from '../ontology/names/naming-policy';
import type { AnnotationSnapshot } from './annotation-snapshot';
import { minus } from './compare-versions';
import { ANNOTATION_CHANGE_KINDS, type DiffChange, type DiffEntity } from './diff-types';
import { inNamespaces } from './namespace-filter';
import { SEP } from './version-snapshot';

/**
 * The annotation changes of the classes both versions have, in the report's order (diff-types.ts):
 * definitions (added, removed, changed), synonyms by scope, cross-references, then any other
 * annotation. `ref` names a class as the closure changes name it.
 */
export function compareAnnotations(
  before: AnnotationSnapshot,
  after: AnnotationSnapshot,
  ref: (iri: string) => DiffEntity,
  prefixes: string[] = [],
): DiffChange[] {
  const shared = [...after.classes.keys()]
    .filter((iri) => before.classes.has(iri) && inNamespaces(iri, prefixes))
    .sort(compareCodeUnits);
  const byKind = new Map<DiffChange['kind'], DiffChange[]>();
  const push = (c: DiffChange) => {
    const list = byKind.get(c.kind);
    if (list) list.push(c);
    else byKind.set(c.kind, [c]);
  };
  const propName = (p: string) => after.propertyNames.get(p) ?? before.propertyNames.get(p) ?? propertyName(p);
  for (const iri of shared) {
    const a = before.classes.get(iri)!;
    const b = after.classes.get(iri)!;
    const cls = ref(iri);
    if (a.definition !== b.definition) {
      const kind =
        a.definition === null
          ? 'definition-added'
          : b.definition === null
            ? 'definition-removed'
            : 'definition-changed';
      push({ kind, class: cls, old: a.definition, new: b.definition });
    }
    const synonyms = (kind: 'synonym-added' | 'synonym-removed', keys: string[]) => {
      for (const k of keys) {
        const [scope, lang, synonym] = split3(k);
        push({ kind, class: cls, synonym, scope: scope as SynonymScope, lang: lang || null });
      }
    };
    synonyms('synonym-added', minus(b.synonyms, a.synonyms));
    synonyms('synonym-removed', minus(a.synonyms, b.synonyms));
    for (const xref of minus(b.xrefs, a.xrefs)) push({ kind: 'xref-added', class: cls, xref });
    for (const xref of minus(a.xrefs, b.xrefs)) push({ kind: 'xref-removed', class: cls, xref });
    const other = (kind: 'annotation-added' | 'annotation-removed', keys: string[]) => {
      for (const k of keys) {
        const [p, lang, value] = split3(k);
        push({ kind, class: cls, property: { iri: p, name: propName(p) }, value, lang: lang || null });
      }
    };
    other('annotation-added', minus(b.other, a.other));
    other('annotation-removed', minus(a.other, b.other));
  }
  return ANNOTATION_CHANGE_KINDS.flatMap((k) => byKind.get(k) ?? []);
}

/** `a \t b \t rest`: the value last, so a tab inside it stays. */
function split3(k: string): [string, string, string] {
  const i = k.indexOf(SEP);
  const j = k.indexOf(SEP, i + 1);
  return [k.slice(0, i), k.slice(i + 1, j), k.slice(j + 1)];
}
