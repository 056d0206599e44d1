import { UserError } from '../../core/errors';
import type { ClosureIndex } from '../closure/closure-index';

/** The bridge's `toldParents` answer (docs/bridge-protocol.md): flattened [child, parent, kind] triples. */
export interface ToldParentsReply {
  iris: string[];
  edges: number[];
}

/** Edge kinds: a named conjunct of a told superclass, of a told complex equivalent, or a told named equivalent. */
const SUB = 0;
const DEFINED = 1;
const SAME = 2;

/**
 * The asserted hierarchy, in the closure's ids: the named classes each class is stated to be under (a
 * named conjunct of a told SubClassOf or of a told complex equivalence, as Protégé's asserted hierarchy
 * has them) and its told named equivalents. Classes the cache does not know are left out.
 */
export class ToldIndex {
  private readonly up = new Map<number, number[]>();
  private readonly down = new Map<number, number[]>();
  private readonly same = new Map<number, number[]>();

  static fromReply(ix: ClosureIndex, reply: ToldParentsReply): ToldIndex {
    const { iris, edges } = reply ?? ({} as ToldParentsReply);
    if (!Array.isArray(iris) || !Array.isArray(edges) || edges.length % 3 !== 0)
      throw new UserError('bridge-crashed', 'The ELK bridge sent a malformed list of stated parents.');
    const ids = iris.map((iri) => {
      const id = typeof iri === 'string' ? ix.id(iri) : undefined;
      return id !== undefined && ix.kindOf[id] === 'class' ? id : undefined;
    });
    const t = new ToldIndex();
    for (let i = 0; i < edges.length; i += 3) {
      const [a, b, kind] = [ids[edges[i]], ids[edges[i + 1]], edges[i + 2]];
      if (a === undefined || b === undefined || a === b) continue;
      if (kind === SAME) {
        add(t.same, a, b);
        add(t.same, b, a);
      } else if (kind === SUB || kind === DEFINED) {
        add(t.up, a, b);
        add(t.down, b, a);
      }
    }
    return t;
  }

  /** The classes `id` is stated to be under. */
  parentsOf(id: number): readonly number[] {
    return this.up.get(id) ?? [];
  }

  /** The classes stated to be under `id`. */
  childrenOf(id: number): readonly number[] {
    return this.down.get(id) ?? [];
  }

  /** Named classes a told EquivalentClasses makes `id` equivalent to. */
  equivalentsOf(id: number): readonly number[] {
    return this.same.get(id) ?? [];
  }
}

function add(map: Map<number, number[]>, k: number, v: number): void {
  const list = map.get(k);
  if (!list) map.set(k, [v]);
  else if (!list.includes(v)) list.push(v);
}
