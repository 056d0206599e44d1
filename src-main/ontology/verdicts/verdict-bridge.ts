/** A statement A ⊑ ∃r.B by IRIs (r is rdfs:subClassOf for "is a"). */
export interface BridgeStatement {
  subject: string;
  relation: string;
  filler: string;
}

/** What the bridge reports of the ontology's ⊥: stated disjoint pairs of named classes, and whether anything else can make a class unsatisfiable. */
export interface BottomFacts {
  disjointPairs: [string, string][];
  otherBottom: boolean;
}

/** One module check: its size, whether ELK reads all of it, and the DL reasoner's outcome when one ran. */
export interface DlCheckResult {
  moduleAxioms: number;
  el: boolean;
  reasoner?: string;
  settled?: boolean;
  entailed?: boolean;
  satisfiable?: boolean;
  timedOut?: boolean;
  error?: string;
  ms?: number;
}

export interface ContradictionProof {
  found: boolean;
  axioms: { functional: string; text: string }[];
}

/**
 * The bridge steps a verdict may need, each over the ontology the handle was loaded from. The ontology
 * service makes one per handle (OntologyService.verdictBridge); the policy of when to call which is the decider's.
 */
export interface VerdictBridge {
  bottomFacts(signal?: AbortSignal): Promise<BottomFacts>;
  elkSatisfiable(s: BridgeStatement, signal?: AbortSignal): Promise<boolean>;
  /** The statement's STAR module; with `reasoner`, a DL reasoner decides on it when it leaves EL. */
  dlCheck(
    s: BridgeStatement,
    o: { reasoner: 'hermit' | null; deadlineMs: number; signal?: AbortSignal; always?: boolean },
  ): Promise<DlCheckResult>;
  explainContradiction(
    s: BridgeStatement,
    o: { elk: boolean; deadlineMs: number; signal?: AbortSignal; entailed?: boolean },
  ): Promise<ContradictionProof>;
}

const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
/** Time the bridge gets beyond a DL deadline (module extraction, a first ELK classification) before it is stopped. */
const GRACE_MS = 60_000;

type Requester = <T>(
  cmd: string,
  args: Record<string, unknown>,
  o: { signal?: AbortSignal; timeoutMs: number },
) => Promise<T>;

/** The bridge steps over one loaded ontology; `request` sends to the bridge holding it. */
export function bridgeVerdicts(request: Requester): VerdictBridge {
  const args = (s: BridgeStatement) => ({
    sub: s.subject,
    r: s.relation === SUBCLASS_OF ? null : s.relation,
    sup: s.filler,
  });
  return {
    bottomFacts: (signal) => request<BottomFacts>('bottomFacts', {}, { signal, timeoutMs: GRACE_MS }),
    elkSatisfiable: async (s, signal) =>
      (await request<{ satisfiable: boolean }>('elkSatisfiable', args(s), { signal, timeoutMs: 2 * GRACE_MS }))
        .satisfiable,
    dlCheck: (s, o) =>
      request<DlCheckResult>(
        'dlCheck',
        { ...args(s), reasoner: o.reasoner ?? 'none', deadlineMs: o.deadlineMs, always: o.always === true },
        { signal: o.signal, timeoutMs: o.deadlineMs + GRACE_MS },
      ),
    explainContradiction: (s, o) =>
      request<ContradictionProof>(
        'explainContradiction',
        { ...args(s), elk: o.elk, deadlineMs: o.deadlineMs, entailed: o.entailed === true },
        { signal: o.signal, timeoutMs: o.deadlineMs + GRACE_MS },
      ),
  };
}
