import { UserError } from '../../core/errors';
import type { ElkBridge } from '../bridge/bridge-client';
import type { OntologyHandle } from '../ontology-handle';
import { OWL } from '../names/vocabulary';
import { sortClassAxioms, type ClassAxiomsReply } from './class-axioms';
import { markStatedInferred } from './class-marks';
import { namedEntity } from './entity-names';
import { lineageOf } from './lineage';
import { nameManchester } from './manchester-names';
import { ToldIndex, type ToldParentsReply } from './told-index';
import type { ClassAxioms, ClassLineage, StatedInferred, UnsatisfiableExplanation } from './stated-types';

export const OWL_NOTHING = OWL + 'Nothing';

/** How many justifications are asked for at most: of an unsatisfiable class, and of an EXPLAIN in the console, card and CLI. */
export const JUSTIFICATION_LIMIT = 10;

type BridgeAxiom = { functional: string; manchester?: string; entities?: string[] };

export interface StatedServiceDeps {
  /** The bridge with its session holding the content the handle was loaded from (OntologyService.bridgeHolding). */
  bridgeFor(h: OntologyHandle, signal?: AbortSignal): Promise<ElkBridge>;
  /** A justification from the bridge (OntologyService.explain). */
  explain(
    h: OntologyHandle,
    sub: string,
    r: string | null,
    sup: string,
    signal?: AbortSignal,
    opts?: { limit?: number },
  ): Promise<{
    entailed: boolean;
    axioms: BridgeAxiom[];
    justifications?: BridgeAxiom[][];
    more?: boolean;
  }>;
}

/**
 * What the ontology states, beside what the cache says ELK inferred: the asserted hierarchy, a class's
 * stated axioms and its uses, and why a class is unsatisfiable. The stated axioms live in the bridge's
 * session (the cache keeps only what the reasoner made of them), so the first question about an
 * ontology opened from the cache loads it into the JVM; the asserted hierarchy is then kept per handle.
 */
export class StatedService {
  private readonly told = new WeakMap<OntologyHandle, Promise<ToldIndex>>();
  /**
   * The bridge answers one request at a time, and a card asks several questions at once: in turn, the
   * first loads the file into the session and the others find it there, instead of each loading it.
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: StatedServiceDeps) {}

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private ask<T>(h: OntologyHandle, cmd: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    return this.inTurn(async () => {
      const bridge = await this.deps.bridgeFor(h, signal);
      return bridge.request<T>(cmd, args, { signal, timeoutMs: 300_000 });
    });
  }

  /** A command of the bridge's session for the handle, in turn with the card's questions (the DL query). */
  request<T>(h: OntologyHandle, cmd: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    return this.ask<T>(h, cmd, args, signal);
  }

  /** The asserted hierarchy of an ontology, asked of the bridge once per opened handle. */
  toldIndex(h: OntologyHandle, signal?: AbortSignal): Promise<ToldIndex> {
    let p = this.told.get(h);
    if (!p) {
      p = this.ask<ToldParentsReply>(h, 'toldParents', {}, signal).then((reply) =>
        ToldIndex.fromReply(h.closure, reply),
      );
      // A failure (a cancel, a file changed on disk) is not remembered: the next question asks again.
      p.catch(() => this.told.get(h) === p && this.told.delete(h));
      this.told.set(h, p);
    }
    return p;
  }

  async statedInferred(h: OntologyHandle, iri: string, signal?: AbortSignal): Promise<StatedInferred> {
    const card = h.card(iri);
    if (!card) throw unknownClass();
    return markStatedInferred(h.closure, await this.toldIndex(h, signal), card);
  }

  async lineage(h: OntologyHandle, iri: string, signal?: AbortSignal): Promise<ClassLineage> {
    const id = this.classId(h, iri);
    const told = h.closure.unsat.has(id) ? await this.toldIndex(h, signal) : null;
    return lineageOf(h.closure, told, id);
  }

  async classAxioms(h: OntologyHandle, iri: string, signal?: AbortSignal): Promise<ClassAxioms> {
    const id = this.classId(h, iri);
    const reply = await this.ask<ClassAxiomsReply>(h, 'classAxioms', { iri }, signal);
    const ix = h.closure;
    const { own, usages } = sortClassAxioms(iri, Array.isArray(reply.axioms) ? reply.axioms : [], (x) =>
      namedEntity(ix, x),
    );
    return {
      iri,
      name: ix.nameOf(id),
      own,
      usages,
      total: reply.total ?? own.length + usages.length,
      shown: own.length + usages.length,
    };
  }

  /** One justification of C ⊑ owl:Nothing; `unsatisfiable` false (and no axioms) when the class is satisfiable. */
  async whyUnsatisfiable(h: OntologyHandle, iri: string, signal?: AbortSignal): Promise<UnsatisfiableExplanation> {
    const id = this.classId(h, iri);
    const ix = h.closure;
    // Not in turn with the questions above: a justification runs in a JVM of its own, with a deadline.
    const j = await this.deps.explain(h, iri, null, OWL_NOTHING, signal, { limit: JUSTIFICATION_LIMIT });
    const named = (axioms: BridgeAxiom[]) =>
      axioms.map((a) => ({
        ...nameManchester(a.manchester ?? a.functional, a.entities ?? [], (x) => namedEntity(ix, x)),
        functional: a.functional,
      }));
    const all = (j.justifications ?? [j.axioms]).map(named);
    return {
      iri,
      name: ix.nameOf(id),
      unsatisfiable: j.entailed,
      axioms: all[0] ?? [],
      justifications: j.entailed ? all : [],
      more: j.more === true,
    };
  }

  private classId(h: OntologyHandle, iri: string): number {
    const id = h.closure.id(iri);
    if (id === undefined || h.closure.kindOf[id] !== 'class') throw unknownClass();
    return id;
  }
}

function unknownClass(): UserError {
  return new UserError('unknown-name', 'No class has that IRI in this ontology.');
}
