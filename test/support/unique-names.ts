import type { ClosureIndex } from '../../src-main/ontology/closure/closure-index';
import { iriFragment, oboCurie } from '../../src-main/ontology/names/normalize';
import { parseQuery, quoteName } from '../../src-main/query/dialect';
import type { NameLinker } from '../../src-main/query/linking/name-linker';

/**
 * The name a test writes for an entity in a dialect query: its label when that links back to it
 * alone, else its CURIE or IRI fragment. Checking through the real linker means a shared label or
 * a label shadowed by another entity's ID can never silently turn a query into a different one.
 */
export class UniqueNames {
  private readonly memo = new Map<number, string | null>();

  constructor(
    private readonly linker: NameLinker,
    private readonly ix: ClosureIndex,
  ) {}

  /** A name for a class or property, or null when none links to it alone. */
  of(id: number): string | null {
    const hit = this.memo.get(id);
    if (hit !== undefined) return hit;
    const found = this.candidates(id).find((n) => this.linksTo(n, id)) ?? null;
    this.memo.set(id, found);
    return found;
  }

  /** The shortest unique name, for queries that would otherwise exceed the dialect's length cap. */
  short(id: number): string | null {
    const ok = this.candidates(id).filter((n) => this.linksTo(n, id));
    return ok.sort((x, y) => x.length - y.length)[0] ?? null;
  }

  quoted(id: number, short = false): string {
    const n = short ? this.short(id) : this.of(id);
    if (n === null) throw new Error(`no unique name for ${this.ix.iri(id)}`);
    return quoteName(n);
  }

  private candidates(id: number): string[] {
    const iri = this.ix.iri(id);
    return [this.ix.nameOf(id), oboCurie(iri), iriFragment(iri)].filter((n): n is string => !!n);
  }

  private linksTo(name: string, id: number): boolean {
    // The dialect refuses some names outright (IRIs, line breaks, over-long names).
    if (!parseQuery(`DESCRIBE ${quoteName(name)}`).ok) return false;
    const r = this.ix.kindOf[id] === 'property' ? this.linker.linkRelation(name) : this.linker.linkConcept(name);
    return r.status === 'ok' && r.entity.id === id;
  }
}
