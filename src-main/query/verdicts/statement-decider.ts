import type { ClosureIndex } from '../../ontology/closure/closure-index';
import { holds } from '../exec/closure-queries';
import { SUBCLASS_OF, type IriStatement } from '../exec/closure-facts';
import type { StatementVerdict } from '../query-types';
import type { BottomFacts, VerdictBridge } from '../../ontology/verdicts/verdict-bridge';
import type { VerdictStore } from '../../ontology/verdicts/verdict-store';

/** How long a DL reasoner may take on one statement's module: interactive checks, and dataset generation. */
export const DL_DEADLINE_MS = { interactive: 2000, generation: 10_000 } as const;

export interface DeciderOntology {
  readonly closure: ClosureIndex;
  /** Whether ELK reads every axiom whole (no construct outside EL at all): its NOT ENTAILED is then complete. */
  allEl(): boolean;
  unloadedImports(): string[];
}

export interface DecideOptions {
  deadlineMs?: number;
  /** false: no DL reasoner, so a module outside EL leaves the statement UNKNOWN. */
  dl?: boolean;
  signal?: AbortSignal;
}

const BOTTOM_KEY = 'bottomFacts';

/**
 * Three-valued verdicts in order of cost: the closure (ENTAILED), stated disjointness of ancestors and
 * ELK's satisfiability of A ⊓ ∃r.B (CONTRADICTED), an ontology or module ELK reads whole (NOT ENTAILED,
 * complete), then a DL reasoner on the statement's STAR module within a deadline. What no reasoner
 * settled is UNKNOWN with the reason. Every verdict a bridge gave is stored, so a re-check is free.
 */
export class StatementDecider {
  private bottom: BottomFacts | null = null;
  private disjoint: Map<number, Set<number>> | null = null;

  constructor(
    private readonly o: DeciderOntology,
    private readonly store: VerdictStore,
    private readonly bridge: VerdictBridge | null,
    private readonly defaults: { deadlineMs: number } = { deadlineMs: DL_DEADLINE_MS.interactive },
  ) {
    const raw = store.getMeta(BOTTOM_KEY);
    if (raw) this.setBottom(JSON.parse(raw) as BottomFacts);
  }

  /** The verdict as far as it is known without the bridge; null when a bridge step is still needed. */
  known(s: IriStatement, o: DecideOptions = {}): StatementVerdict | null {
    const ids = this.ids(s);
    if (!ids) return null;
    const [a, r, b] = ids;
    const ix = this.o.closure;
    if (ix.unsat.has(a) || holds(ix, a, { r, b })) return { verdict: 'ENTAILED', reasoner: 'elk' };
    if (r === 'isa' && this.disjointAncestors(a, b)) return { verdict: 'CONTRADICTED', reasoner: 'elk' };
    const deadline = o.deadlineMs ?? this.defaults.deadlineMs;
    const stored = this.store.get(s);
    const v = stored ? (JSON.parse(stored.value) as StatementVerdict) : null;
    if (v && stored && (v.verdict !== 'UNKNOWN' || stored.deadlineMs >= deadline || o.dl === false)) return v;
    if (!this.mayContradict(b)) {
      const c = this.completeness();
      return c.verdict === 'UNKNOWN' && c.unknownReason === 'outside-el' ? null : c;
    }
    return null;
  }

  async decide(s: IriStatement, o: DecideOptions = {}): Promise<StatementVerdict> {
    const known = this.known(s, o);
    if (known) return known;
    const ids = this.ids(s);
    if (!ids) throw new Error('the statement names something this ontology does not have');
    if (!this.bridge) return known ?? { verdict: 'UNKNOWN', reasoner: 'elk', unknownReason: 'outside-el' };
    const deadlineMs = o.deadlineMs ?? this.defaults.deadlineMs;
    await this.loadBottom(o.signal);
    let v: StatementVerdict | null = null;
    if (this.mayContradict(ids[2]) && !(await this.bridge.elkSatisfiable(s, o.signal)))
      v = { verdict: 'CONTRADICTED', reasoner: 'elk' };
    v ??= this.completeness();
    if (v.verdict === 'UNKNOWN' && v.unknownReason === 'outside-el') v = await this.onModule(s, deadlineMs, o);
    if (v.unknownReason !== 'error') this.store.put(s, { value: JSON.stringify(v), deadlineMs });
    return v;
  }

  /** Decides a batch, one at a time (the bridge answers in turn), so that `known` answers them after. */
  async prefetch(statements: IriStatement[], o: DecideOptions = {}): Promise<void> {
    for (const s of statements) {
      o.signal?.throwIfAborted();
      if (this.ids(s)) await this.decide(s, o);
    }
  }

  /**
   * For EXPLAIN: the axioms that make A ⊓ ∃r.B unsatisfiable (CONTRADICTED), or that entail a statement
   * only the DL reasoner found entailed (ELK's justifications cannot give those).
   */
  async explainContradiction(s: IriStatement, v: StatementVerdict, o: DecideOptions = {}) {
    if (!this.bridge) return { found: false, axioms: [] };
    return this.bridge.explainContradiction(s, {
      elk: v.reasoner === 'elk',
      entailed: v.verdict === 'ENTAILED',
      deadlineMs: Math.max(o.deadlineMs ?? this.defaults.deadlineMs, 10_000),
      signal: o.signal,
    });
  }

  /** NOT ENTAILED when ELK is complete for the whole ontology; else what is still open, as UNKNOWN. */
  private completeness(): StatementVerdict {
    if (this.o.unloadedImports().length) return { verdict: 'UNKNOWN', reasoner: 'elk', unknownReason: 'imports' };
    if (this.o.allEl()) return { verdict: 'NOT ENTAILED', reasoner: 'elk' };
    return { verdict: 'UNKNOWN', reasoner: 'elk', unknownReason: 'outside-el' };
  }

  private async onModule(s: IriStatement, deadlineMs: number, o: DecideOptions): Promise<StatementVerdict> {
    const dl = o.dl !== false;
    const m = await this.bridge!.dlCheck(s, { reasoner: dl ? 'hermit' : null, deadlineMs, signal: o.signal });
    const base = { moduleAxioms: m.moduleAxioms };
    if (m.el) return { verdict: 'NOT ENTAILED', reasoner: 'elk', ...base };
    if (!dl || m.settled === undefined)
      return { verdict: 'UNKNOWN', reasoner: 'elk', unknownReason: 'outside-el', ...base };
    const by = { reasoner: 'dl' as const, dlReasoner: m.reasoner, ...base };
    if (!m.settled) return { verdict: 'UNKNOWN', ...by, unknownReason: m.error ? 'error' : 'deadline' };
    if (m.entailed) return { verdict: 'ENTAILED', ...by };
    return { verdict: m.satisfiable ? 'NOT ENTAILED' : 'CONTRADICTED', ...by };
  }

  private async loadBottom(signal?: AbortSignal): Promise<void> {
    if (this.bottom || !this.bridge) return;
    const b = await this.bridge.bottomFacts(signal);
    this.store.putMeta(BOTTOM_KEY, JSON.stringify(b));
    this.setBottom(b);
  }

  private setBottom(b: BottomFacts): void {
    this.bottom = b;
    const ix = this.o.closure;
    const d = new Map<number, Set<number>>();
    const add = (x: number, y: number) => (d.get(x) ?? d.set(x, new Set()).get(x)!).add(y);
    for (const [p, q] of b.disjointPairs) {
      const x = ix.id(p);
      const y = ix.id(q);
      if (x === undefined || y === undefined) continue;
      add(x, y);
      add(y, x);
    }
    this.disjoint = d;
  }

  /**
   * Whether ELK might find A ⊓ ∃r.B unsatisfiable. Known only once the bottom facts are in: an
   * ontology with no disjointness and no owl:Nothing makes no conjunction of satisfiable classes
   * unsatisfiable in what ELK reads, so the bridge is not asked (GO, most OBO files).
   */
  private mayContradict(b: number): boolean {
    if (!this.bottom) return true;
    if (this.o.closure.unsat.has(b)) return true;
    return this.bottom.otherBottom || this.bottom.disjointPairs.length > 0;
  }

  /** A and B under two classes stated disjoint: A ⊓ B is unsatisfiable, without asking ELK. */
  private disjointAncestors(a: number, b: number): boolean {
    if (!this.disjoint?.size) return false;
    const ix = this.o.closure;
    const up = (x: number) => new Set([x, ...ix.ancestors(x)]);
    const bs = up(b);
    for (const x of up(a)) {
      const d = this.disjoint.get(x);
      if (d) for (const y of d) if (bs.has(y)) return true;
    }
    return false;
  }

  private ids(s: IriStatement): [number, number | 'isa', number] | null {
    const ix = this.o.closure;
    const a = ix.id(s.subject);
    const b = ix.id(s.filler);
    const r = s.relation === SUBCLASS_OF ? 'isa' : ix.id(s.relation);
    if (a === undefined || b === undefined || r === undefined) return null;
    return [a, r, b];
  }
}
