/** A class expression as the bridge reports removed restrictions (docs/bridge-protocol.md, `revise`). */
export type ClassExpr =
  | { t: 'class'; iri: string }
  | { t: 'some'; r: string; f: ClassExpr }
  | { t: 'and'; args: ClassExpr[] }
  | { t: 'other'; text: string };
