import type { OntologyHandle } from '../../ontology/ontology-handle';
import { namedInText } from '../../ontology/names/named-in-text';
import { normalizeName } from '../../ontology/names/normalize';

/** Name kinds a reader takes as a concept's name inside running text (not IDs, IRIs or fragments). */
const READABLE = new Set(['label', 'exact', 'narrow', 'broad', 'related', 'synonym']);

/**
 * What a class's own definition says, read as a curator reads it: which concepts it names, by
 * label or exact or narrow synonym, as whole words and not inside another concept's longer name.
 * Parents' names and cross-references on the card are not the definition and are not read.
 */
export class DefinitionReader {
  private readonly isName = new Map<string, boolean>();
  private readonly namesCache = new Map<string, string[]>();

  constructor(private readonly h: Pick<OntologyHandle, 'card' | 'names'>) {}

  /** The definition text of a class's card ('' when it has none). */
  definition(iri: string): string {
    return this.h.card(iri)?.definition ?? '';
  }

  /** The names that count as naming a class: its label and its exact and narrow synonyms. */
  namesOf(iri: string): string[] {
    let names = this.namesCache.get(iri);
    if (!names) {
      const card = this.h.card(iri);
      names = card
        ? [
            card.name,
            ...card.annotations.filter((a) => a.scope === 'exact' || a.scope === 'narrow').map((a) => a.value),
          ]
        : [];
      this.namesCache.set(iri, names);
    }
    return names;
  }

  /** Whether `text` names the class `iri` (see namedInText). */
  names(text: string, iri: string): boolean {
    return namedInText(text, this.namesOf(iri), (p) => this.isClassName(p));
  }

  /** Whether the definition of `subject` names the class `iri`. */
  definitionNames(subject: string, iri: string): boolean {
    return this.names(this.definition(subject), iri);
  }

  private isClassName(phrase: string): boolean {
    const norm = normalizeName(phrase);
    let known = this.isName.get(norm);
    if (known === undefined) {
      known = this.h.names.exact(norm).some((r) => r.ekind === 'class' && !r.deprecated && READABLE.has(r.kind));
      this.isName.set(norm, known);
    }
    return known;
  }
}
