import { UserError } from '../../core/errors';
import type { OntologyHandle } from '../../ontology/ontology-handle';
import type { EntityRef } from '../../ontology/cards/card-types';
import type { DlQueryResult, DlReasonerName } from './dl-types';
import { resolveManchester, type NameResolver } from './manchester-names';

/** What a reasoner answers for a resolved expression (IRIs); `el: false` when ELK cannot take it. */
export interface ReasonerAnswer {
  el: boolean;
  satisfiable?: boolean;
  equivalents?: string[];
  superclasses?: string[];
  subclasses?: string[];
}

export interface DlQueryDeps {
  names: NameResolver;
  /** ELK in the bridge (the `dlQuery` command). */
  elk(resolved: string, signal?: AbortSignal): Promise<ReasonerAnswer>;
  /**
   * A DL reasoner for expressions outside EL, once the workbench has one; absent, such a query is
   * refused with `needs-dl-reasoner` and says so.
   */
  dl?(resolved: string, signal?: AbortSignal): Promise<ReasonerAnswer>;
}

const OWL_THING = 'http://www.w3.org/2002/07/owl#Thing';

/** A Manchester class expression's equivalents, direct superclasses, subclasses and satisfiability. */
export async function runDlQuery(
  h: OntologyHandle,
  expression: string,
  deps: DlQueryDeps,
  signal?: AbortSignal,
): Promise<DlQueryResult> {
  const t0 = performance.now();
  const resolved = resolveManchester(expression, deps.names);
  let reasoner: DlReasonerName = 'elk';
  let a = await deps.elk(resolved, signal);
  if (!a.el) {
    if (!deps.dl)
      throw new UserError(
        'needs-dl-reasoner',
        'This expression is outside OWL 2 EL (it uses or, not, only, a cardinality or an inverse), which ELK cannot answer; it needs a DL reasoner such as HermiT, which this workbench does not have yet. Queries with and, some and value are answered by ELK.',
      );
    reasoner = 'dl';
    a = await deps.dl(resolved, signal);
  }
  const ref = (iri: string): EntityRef => {
    if (iri === OWL_THING) return { iri, name: 'owl:Thing' };
    const id = h.closure.id(iri);
    return { iri, name: id === undefined ? iri : h.closure.nameOf(id) };
  };
  const refs = (xs: string[] | undefined) =>
    (xs ?? []).map(ref).sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }));
  return {
    expression,
    resolved,
    reasoner,
    satisfiable: a.satisfiable === true,
    equivalents: refs(a.equivalents),
    superclasses: refs(a.superclasses),
    subclasses: refs(a.subclasses),
    elapsedMs: Math.round(performance.now() - t0),
  };
}
