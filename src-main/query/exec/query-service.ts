import type { OntologyHandle } from '../../ontology/ontology-handle';
import { UserError, errorMessage } from '../../core/errors';
import { DEFAULT_DIALECT_LIMITS, formatQuery, parseQuery, quoteName, type DialectQuery } from '../dialect';
import { ClosureFacts, type IriStatement } from './closure-facts';
import type { LinkResult, NameCandidate } from '../linking/link-types';
import { NameLinker } from '../linking/name-linker';
import {
  fillersOf,
  relationsBetween,
  sortSpecificFirst,
  subjectsOf,
  subjectsOfAll,
  type LinkedCondition,
} from './closure-queries';
import { ambiguousNameText, gapText, listText, statement, unknownNameText, verdictLine } from './observation-text';
import type { ResultEntity, QueryResult, StatementVerdict, Verdict } from '../query-types';
import { contradictedText, explained, type FoundJustifications } from './justification-text';
import { emptyResult } from './empty-result';
import type { StatementDecider } from '../verdicts/statement-decider';
import { combineVerdicts, unknownText } from '../verdicts/verdict-text';
import { DefinitionReader } from './definition-reader';

export interface QueryOptions {
  /** Names shown in a result list; the total is always reported. */
  maxResults?: number;
  timeLimitMs?: number;
  fallbackK?: number;
  /** Justifications of an entailment: up to `limit`, each minimal (`axioms` is the first). */
  explain?: (a: string, r: string | null, b: string, limit: number) => Promise<FoundJustifications>;
  /** How many justifications EXPLAIN asks for unless a call says otherwise (default 1). */
  justificationLimit?: number;
  /** Three-valued verdicts (ELK, then a DL reasoner on the module); without it ASK reads the closure alone. */
  decider?: StatementDecider;
  /** The DL reasoner's deadline per statement for dialect queries (default: the decider's). */
  dlDeadlineMs?: number;
}

const DEFAULTS = { maxResults: 50, timeLimitMs: 2000, fallbackK: 5 };

/** Per call: how many justifications EXPLAIN gives at most (default: QueryOptions.justificationLimit). */
export interface RunOptions {
  justifications?: number;
}

type Linked =
  | { ok: true; id: number; iri: string; name: string }
  | { ok: false; result: LinkResult & { status: 'ambiguous' | 'unknown' }; kind: 'concept' | 'relation' };

/**
 * Runs dialect queries over one opened ontology: exact answers from the closure, cards for
 * DESCRIBE, name linking with suggestions, and the BM25 fallback for empty SELECTs.
 */
export class QueryService {
  private readonly linker: NameLinker;

  constructor(
    private readonly h: OntologyHandle,
    private readonly opts: QueryOptions = {},
  ) {
    this.linker = new NameLinker(h.names, h.closure);
  }

  get names(): NameLinker {
    return this.linker;
  }

  /** The three-valued decider the checks read their verdicts from (absent: the closure alone). */
  get decider(): StatementDecider | undefined {
    return this.opts.decider;
  }

  private definitions_: DefinitionReader | undefined;
  /** Reads what each class's own definition names (the policy's "card names it"). */
  get definitions(): DefinitionReader {
    return (this.definitions_ ??= new DefinitionReader(this.h));
  }

  /** Runs a query written as text: parsed first, a parse error is the observation. */
  async run(text: string, o: RunOptions = {}): Promise<QueryResult> {
    const parsed = parseQuery(text);
    if (parsed.ok) return this.execute(parsed.query, text, o);
    const result = emptyResult(text, 'error', 'error');
    result.observation = `ERROR: ${parsed.error}\n${parsed.hint}`;
    return result;
  }

  /**
   * Runs a query its caller already holds in parts (MCP tools, the console's typed forms): nothing is
   * written out and parsed again. `text` is how the result names the query (default: the canonical form).
   */
  async execute(q: DialectQuery, text = formatQuery(q), o: RunOptions = {}): Promise<QueryResult> {
    // The parser owns the length limit; a query too long for it gets the parser's error.
    if (text.length > DEFAULT_DIALECT_LIMITS.maxQueryLength) return this.run(text);
    const t0 = performance.now();
    let result: QueryResult;
    try {
      result = await this.dispatch(text, q, o);
    } catch (e) {
      result = emptyResult(text, 'error', 'error');
      result.observation = `ERROR: ${e instanceof UserError ? e.message : `the query could not be run (${errorMessage(e)}).`}`;
    }
    result.elapsedMs = Math.round((performance.now() - t0) * 100) / 100;
    return result;
  }

  /** ASK by IRIs (a question frame's statement): nothing is linked by name, so no label can be misread. */
  askIri(st: IriStatement): QueryResult {
    const isa = st.relation === SUBCLASS;
    const [a, r, b] = [this.ix.id(st.subject), isa ? -1 : this.ix.id(st.relation), this.ix.id(st.filler)];
    const name = (id: number | undefined, iri: string) =>
      id === undefined ? iri : id === -1 ? 'is a' : this.ix.nameOf(id);
    const text = `ASK { ${[name(a, st.subject), name(r, st.relation), name(b, st.filler)].map(quoteName).join(' ')} }`;
    if (a === undefined || r === undefined || b === undefined) {
      const res = emptyResult(text, 'ask', 'error');
      res.observation = 'ERROR: the statement names something this ontology does not have.';
      return res;
    }
    return this.ask(
      text,
      { ok: true, id: a, iri: st.subject, name: name(a, st.subject) },
      { ok: true, id: r, iri: st.relation, name: name(r, st.relation) },
      { ok: true, id: b, iri: st.filler, name: name(b, st.filler) },
    );
  }

  /** ASK by IRIs with the decider's whole verdict: a DL reasoner may run on the statement's module. */
  async askIriDecided(st: IriStatement, o: { deadlineMs?: number; signal?: AbortSignal } = {}): Promise<QueryResult> {
    const first = this.askIri(st);
    if (first.kind === 'error' || !this.opts.decider) return first;
    const t0 = performance.now();
    const v = await this.opts.decider.decide(st, {
      deadlineMs: o.deadlineMs ?? this.opts.dlDeadlineMs,
      signal: o.signal,
    });
    const ix = this.ix;
    const isa = st.relation === SUBCLASS;
    const part = (iri: string, id: number) => ({ ok: true as const, id, iri, name: ix.nameOf(id) });
    const res = this.ask(
      first.query,
      part(st.subject, ix.id(st.subject)!),
      isa ? { ok: true, id: -1, iri: SUBCLASS, name: 'is a' } : part(st.relation, ix.id(st.relation)!),
      part(st.filler, ix.id(st.filler)!),
      v,
    );
    res.elapsedMs = Math.round((performance.now() - t0) * 100) / 100;
    return res;
  }

  /** DESCRIBE by IRI: the concept card. */
  describeIri(iri: string): QueryResult {
    const id = this.ix.id(iri);
    if (id === undefined) {
      const res = emptyResult(`DESCRIBE <${iri}>`, 'error', 'error');
      res.observation = `ERROR: ${iri} is not in this ontology.`;
      return res;
    }
    return this.describe(`DESCRIBE ${quoteName(this.ix.nameOf(id))}`, this.ix.nameOf(id), iri);
  }

  /** SELECT by IRIs: the classes under `root` (any, when null) meeting every condition, as the agent reads them. */
  selectIri(root: string | null, conditions: { relation: string; filler: string }[]): QueryResult {
    const conds: LinkedCondition[] = [];
    const parts: string[] = [];
    for (const c of [...(root ? [{ relation: SUBCLASS, filler: root }] : []), ...conditions]) {
      const b = this.ix.id(c.filler);
      const r = c.relation === SUBCLASS ? 'isa' : this.ix.id(c.relation);
      if (b === undefined || r === undefined) {
        const res = emptyResult('SELECT', 'error', 'error');
        res.observation = 'ERROR: the conditions name something this ontology does not have.';
        return res;
      }
      conds.push({ r, b });
      parts.push(`?x ${quoteName(r === 'isa' ? 'is a' : this.ix.nameOf(r))} ${quoteName(this.ix.nameOf(b))}`);
    }
    const text = `SELECT ?x WHERE { ${parts.join(' . ')} }`;
    const header = `concepts ?x such that ${conds
      .map((c) =>
        statement('?x', c.r === 'isa' ? 'isa' : this.ix.nameOf(c.r), this.ix.nameOf(c.b)).replace(/^every /, ''),
      )
      .join(', and ')}`;
    const ids = subjectsOfAll(this.ix, conds, performance.now() + (this.opts.timeLimitMs ?? DEFAULTS.timeLimitMs));
    return this.list(text, header, ids, []);
  }

  /** SELECT ?o by IRIs: the fillers B with subject ⊑ ∃relation.B (superclasses for "is a"). */
  fillersIri(subject: string, relation: string): QueryResult {
    const a = this.ix.id(subject);
    const r = relation === SUBCLASS ? 'isa' : this.ix.id(relation);
    if (a === undefined || r === undefined) {
      const res = emptyResult('SELECT', 'error', 'error');
      res.observation = 'ERROR: the statement names something this ontology does not have.';
      return res;
    }
    const rel = r === 'isa' ? 'is a' : this.ix.nameOf(r);
    const text = `SELECT ?o WHERE { ${quoteName(this.ix.nameOf(a))} ${quoteName(rel)} ?o }`;
    const header =
      r === 'isa'
        ? `superclasses of ${this.ix.nameOf(a)}`
        : `concepts ?o such that every ${this.ix.nameOf(a)} is related by ${rel} to some ?o`;
    return this.list(text, header, fillersOf(this.ix, a, r), [subject, ...(r === 'isa' ? [] : [relation])]);
  }

  /** Live classes whose definition contains the phrase (the card index's stemmed words, in order). */
  definitionsNaming(phrase: string, limit: number): string[] {
    return this.h.cardSearch.definitionsNaming(
      phrase
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
      limit,
    );
  }

  /** Live classes whose cards best match the words (BM25), best first: candidates the reasoner could not give. */
  textCandidates(words: string[], k: number): ResultEntity[] {
    const unique = [...new Set(words.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)))].filter(
      (w) => w.length > 1 && !STOP.has(w),
    );
    if (!unique.length) return [];
    const match = unique.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
    return this.h.cardSearch.matching(match, k).map(({ iri, name }) => ({ iri, name }));
  }

  private async dispatch(text: string, q: DialectQuery, o: RunOptions): Promise<QueryResult> {
    const deadline = performance.now() + (this.opts.timeLimitMs ?? DEFAULTS.timeLimitMs);
    switch (q.form) {
      case 'describe':
        return this.describe(text, q.name);
      case 'ask':
      case 'explain': {
        const a = this.concept(q.subject);
        const r = this.relation(q.relation);
        const b = this.concept(q.filler);
        const bad = unknowns(text, q.form === 'ask' ? 'ask' : 'explain', [a, r, b]);
        if (bad) return bad;
        const v = await this.decided(ok(a), ok(r), ok(b));
        if (q.form === 'ask') return this.ask(text, ok(a), ok(r), ok(b), v);
        return this.explain(text, ok(a), ok(r), ok(b), v, o.justifications ?? this.opts.justificationLimit ?? 1);
      }
      case 'select-subjects': {
        const linked = q.conditions.map((c) => ({ r: this.relation(c.relation), b: this.concept(c.filler) }));
        const values = q.values?.map((v) => ({ text: v, link: this.concept(v) }));
        const bad = unknowns(
          text,
          'select',
          linked.flatMap((c) => [c.r, c.b]),
        );
        if (bad) return bad;
        const conds: LinkedCondition[] = linked.map((c) => ({
          r: ok(c.r).iri === SUBCLASS ? 'isa' : ok(c.r).id,
          b: ok(c.b).id,
        }));
        const header = `concepts ?${q.variable} such that ${linked
          .map((c) =>
            statement(`?${q.variable}`, ok(c.r).iri === SUBCLASS ? 'isa' : ok(c.r).name, ok(c.b).name).replace(
              /^every /,
              '',
            ),
          )
          .join(', and ')}`;
        if (values)
          return this.selectValues(
            text,
            header,
            linked.map((c) => ({ r: ok(c.r), b: ok(c.b) })),
            values,
          );
        return this.selectSubjects(text, header, conds, q, deadline);
      }
      case 'select-fillers': {
        const a = this.concept(q.subject);
        const r = this.relation(q.relation);
        const bad = unknowns(text, 'select', [a, r]);
        if (bad) return bad;
        const isa = ok(r).iri === SUBCLASS;
        const ids = fillersOf(this.ix, ok(a).id, isa ? 'isa' : ok(r).id);
        const header = isa
          ? `superclasses of ${ok(a).name}`
          : `concepts ?o such that every ${ok(a).name} is related by ${ok(r).name} to some ?o`;
        return this.list(text, header, ids, [ok(a).iri, ok(r).iri]);
      }
      case 'select-relations': {
        const a = this.concept(q.subject);
        const b = this.concept(q.filler);
        const bad = unknowns(text, 'select', [a, b]);
        if (bad) return bad;
        const { props, isa } = relationsBetween(this.ix, ok(a).id, ok(b).id);
        const rels: ResultEntity[] = sortSpecificPropsFirst(this.ix, props).map((id) => this.ref(id));
        if (isa) rels.unshift({ iri: SUBCLASS, name: 'is a' });
        const res = emptyResult(text, 'select', 'closure');
        res.relations = rels;
        res.total = rels.length;
        res.entities = [ok(a).iri, ok(b).iri, ...rels.map((r) => r.iri)];
        res.observation = rels.length
          ? `relations ?r such that every ${ok(a).name} is related by ?r to some ${ok(b).name} (${rels.length}): ${rels.map((r) => r.name).join('; ')}`
          : `relations ?r such that every ${ok(a).name} is related by ?r to some ${ok(b).name}: none entailed (the ontology links them by no relation it can prove)`;
        return res;
      }
    }
  }

  /** The closure by IRI, made once: ASK asks it what the reasoner may not have read. */
  private get facts(): ClosureFacts {
    return (this.facts_ ??= new ClosureFacts(this.ix));
  }

  private facts_: ClosureFacts | undefined;

  private get ix() {
    return this.h.closure;
  }

  private concept(text: string): Linked {
    return toLinked(this.linker.linkConcept(text), 'concept');
  }

  private relation(text: string): Linked {
    return toLinked(this.linker.linkRelation(text), 'relation');
  }

  private ref(id: number): ResultEntity {
    return { iri: this.ix.iri(id), name: this.ix.nameOf(id) };
  }

  private describe(text: string, name: string, iri?: string): QueryResult {
    const a: Linked = iri ? { ok: true, id: this.ix.id(iri)!, iri, name } : this.concept(name);
    if (!a.ok) {
      const r = this.linker.linkRelation(name);
      if (r.status === 'ok' && r.entity.id > 0) return this.describeRelation(text, r.entity.id);
      return unknowns(text, 'describe', [a])!;
    }
    const card = this.h.card(a.iri);
    const res = emptyResult(text, 'describe', 'card');
    res.card = card ?? undefined;
    res.entities = [a.iri];
    res.results = [{ iri: a.iri, name: a.name }];
    res.total = 1;
    res.observation = card ? card.text : `name: ${a.name}`;
    return res;
  }

  private describeRelation(text: string, id: number): QueryResult {
    const ix = this.ix;
    const lines = [`relation: ${ix.nameOf(id)}`];
    const parents = [...ix.superProperties(id)].filter((p) => p !== id).map((p) => ix.nameOf(p));
    const children = [...ix.subProperties(id)].filter((p) => p !== id).map((p) => ix.nameOf(p));
    if (parents.length) lines.push(`sub-relation of: ${parents.join('; ')}`);
    if (children.length) lines.push(`sub-relations: ${children.join('; ')}`);
    if (ix.transitive.has(id)) lines.push('transitive: true');
    if (ix.reflexive.has(id)) lines.push('reflexive: true');
    const res = emptyResult(text, 'describe', 'card');
    res.entities = [ix.iri(id)];
    res.results = [this.ref(id)];
    res.total = 1;
    res.observation = lines.join('\n');
    return res;
  }

  /** The decider's verdict when it has a bridge (a DL reasoner may run); otherwise none, and ASK reads the closure. */
  private async decided(a: LinkedOk, r: LinkedOk, b: LinkedOk): Promise<StatementVerdict | undefined> {
    if (!this.opts.decider) return undefined;
    try {
      return await this.opts.decider.decide(
        { subject: a.iri, relation: r.iri, filler: b.iri },
        { deadlineMs: this.opts.dlDeadlineMs },
      );
    } catch {
      // No bridge here (no Java, the file changed on disk): the closure's two values, with their gap note.
      return undefined;
    }
  }

  /**
   * The verdict: the decider's when given or known without waiting, else the closure's two values as
   * before (NOT ENTAILED there is "not provable here", with the gap that may hide an entailment).
   */
  private verdictOf(a: LinkedOk, r: LinkedOk, b: LinkedOk): StatementVerdict & { legacy?: boolean } {
    const st = { subject: a.iri, relation: r.iri, filler: b.iri };
    const known = this.opts.decider?.known(st, { deadlineMs: this.opts.dlDeadlineMs });
    if (known) return known;
    const isa = r.iri === SUBCLASS;
    const entailed = isa ? this.ix.isSubClassOf(a.id, b.id) : this.ix.isEntailed(a.id, r.id, b.id);
    return { verdict: entailed ? 'ENTAILED' : 'NOT ENTAILED', reasoner: 'elk', legacy: !entailed };
  }

  private ask(text: string, a: LinkedOk, r: LinkedOk, b: LinkedOk, given?: StatementVerdict): QueryResult {
    const isa = r.iri === SUBCLASS;
    const v: StatementVerdict & { legacy?: boolean } = given ?? this.verdictOf(a, r, b);
    const res = emptyResult(text, 'ask', 'closure');
    res.verdict = v.verdict;
    res.reasoner = v.reasoner;
    if (v.unknownReason) res.unknownReason = v.unknownReason;
    res.entities = [a.iri, r.iri, b.iri];
    const gap =
      v.verdict === 'UNKNOWN'
        ? unknownText(v, this.opts.dlDeadlineMs)
        : v.legacy
          ? gapText(
              this.h.unloadedImports(),
              this.facts.outsideEl({ subject: a.iri, relation: r.iri, filler: b.iri }, this.h.outsideEl()),
            )
          : null;
    res.observation = verdictLine(a.name, isa ? 'isa' : r.name, b.name, v.verdict, this.ix.unsat.has(a.id), gap);
    if (v.reasoner === 'dl') res.observation += ` [decided by the DL reasoner on the statement's module]`;
    return res;
  }

  private async explain(
    text: string,
    a: LinkedOk,
    r: LinkedOk,
    b: LinkedOk,
    v: StatementVerdict | undefined,
    limit: number,
  ): Promise<QueryResult> {
    const res = this.ask(text, a, r, b, v);
    res.form = 'explain';
    if (res.verdict === 'CONTRADICTED' && this.opts.decider) return this.explainContradiction(res, a, r, b, v);
    if (res.verdict === 'ENTAILED' && v?.reasoner === 'dl' && this.opts.decider)
      return this.explainContradiction(res, a, r, b, v);
    if (res.verdict !== 'ENTAILED') {
      res.observation += '. There is nothing to explain.';
      return res;
    }
    if (!this.opts.explain)
      throw new UserError('explain-unavailable', 'EXPLAIN needs the reasoner, which is not available here.');
    const isa = r.iri === SUBCLASS;
    const j = await this.opts.explain(a.iri, isa ? null : r.iri, b.iri, Math.max(1, limit));
    const sets = j.justifications?.length ? j.justifications : [j.axioms];
    return explained(res, statement(a.name, isa ? 'isa' : r.name, b.name), sets, j.more === true);
  }

  /** EXPLAIN of a CONTRADICTED statement: the axioms under which nothing can be so related. */
  private async explainContradiction(
    res: QueryResult,
    a: LinkedOk,
    r: LinkedOk,
    b: LinkedOk,
    v: StatementVerdict | undefined,
  ): Promise<QueryResult> {
    const st = { subject: a.iri, relation: r.iri, filler: b.iri };
    const j = await this.opts.decider!.explainContradiction(st, v ?? { verdict: 'CONTRADICTED', reasoner: 'elk' });
    const isa = r.iri === SUBCLASS;
    const what = isa ? `${a.name} and ${b.name}` : `${a.name} related by ${r.name} to some ${b.name}`;
    if (!j.found) {
      res.observation += '. No justification was found in time.';
      return res;
    }
    // One set: the bridge's search for why a statement cannot hold (or why the DL reasoner entails it) gives one.
    const claim = statement(a.name, isa ? 'isa' : r.name, b.name);
    explained(res, claim, [j.axioms], false, res.verdict === 'ENTAILED' ? ' (by the DL reasoner)' : '');
    if (res.verdict !== 'ENTAILED') res.observation = contradictedText(claim, what, j.axioms);
    return res;
  }

  private async selectValues(
    text: string,
    header: string,
    conds: { r: LinkedOk; b: LinkedOk }[],
    values: { text: string; link: Linked }[],
  ): Promise<QueryResult> {
    const res = emptyResult(text, 'select', 'closure');
    const lines: string[] = [];
    for (const v of values) {
      if (!v.link.ok) {
        res.verdicts.push({ iri: '', name: v.text, verdict: 'UNKNOWN NAME' });
        res.candidates.push(...v.link.result.candidates.map((c) => ({ ...c, for: v.text })));
        lines.push(
          `${v.text}: UNKNOWN NAME${v.link.result.candidates.length ? ` (closest: ${v.link.result.candidates.map((c) => c.name).join('; ')})` : ''}`,
        );
        continue;
      }
      const subject = v.link;
      const each: StatementVerdict[] = [];
      for (const c of conds) {
        const given = await this.decided(subject, c.r, c.b);
        each.push(given ?? this.verdictOf(subject, c.r, c.b));
      }
      const one = combineVerdicts(each);
      const verdict: Verdict = one.verdict;
      res.verdicts.push({
        iri: v.link.iri,
        name: v.link.name,
        verdict,
        reasoner: one.reasoner,
        ...(one.unknownReason ? { unknownReason: one.unknownReason } : {}),
      });
      res.entities.push(v.link.iri);
      lines.push(`${v.link.name}: ${verdict}${one.reasoner === 'dl' ? ' (DL reasoner)' : ''}`);
    }
    res.total = values.length;
    res.results = res.verdicts.filter((v) => v.verdict === 'ENTAILED').map(({ iri, name }) => ({ iri, name }));
    const legend = this.opts.decider
      ? 'CONTRADICTED means the ontology rules it out; NOT ENTAILED means neither follows'
      : 'NOT ENTAILED means not provable here, not false';
    res.observation = `${header}; one verdict per candidate (${legend}):\n${lines.join('\n')}`;
    return res;
  }

  private selectSubjects(
    text: string,
    header: string,
    conds: LinkedCondition[],
    q: DialectQuery & { form: 'select-subjects' },
    deadline: number,
  ): QueryResult {
    const ids = conds.length === 1 ? subjectsOf(this.ix, conds[0], deadline) : subjectsOfAll(this.ix, conds, deadline);
    if (ids.size) return this.list(text, header, ids, []);
    const res = this.fallback(text, q);
    res.observation =
      `${header}: none entailed.` +
      (res.results.length
        ? ` Concepts whose cards best match the query words (found by text search, NOT verified by the reasoner; DESCRIBE them to check): ${res.results.map((r) => r.name).join('; ')}`
        : ' A text search of the concept cards found nothing either.');
    return res;
  }

  private fallback(text: string, q: DialectQuery & { form: 'select-subjects' }): QueryResult {
    const res = emptyResult(text, 'select', 'fallback');
    res.fallback = true;
    const words = q.conditions
      .flatMap((c) => `${c.relation} ${c.filler}`.split(/[^\p{L}\p{N}]+/u))
      .filter((w) => w.length > 1);
    const unique = [...new Set(words.map((w) => w.toLowerCase()))].filter((w) => !STOP.has(w));
    if (unique.length) {
      const match = unique.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
      const rows = this.h.cardSearch
        .matching(match, this.opts.fallbackK ?? DEFAULTS.fallbackK)
        .map(({ iri, name }) => ({ iri, name }));
      res.results = rows;
      res.total = rows.length;
      res.entities = rows.map((r) => r.iri);
    }
    return res;
  }

  private list(text: string, header: string, ids: Set<number>, about: string[]): QueryResult {
    const max = this.opts.maxResults ?? DEFAULTS.maxResults;
    const total = ids.size;
    const shown = sortSpecificFirst(this.ix, ids, max).map((id) => this.ref(id));
    const res = emptyResult(text, 'select', 'closure');
    res.results = shown;
    res.total = total;
    res.truncated = total > shown.length;
    res.entities = [...about, ...shown.map((r) => r.iri)];
    res.observation = total
      ? `${header} (${total}, most specific first): ${listText(
          shown.map((r) => r.name),
          total,
        )}`
      : `${header}: none entailed.`;
    return res;
  }
}

const SUBCLASS = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const STOP = new Set(['of', 'the', 'a', 'an', 'and', 'or', 'to', 'in', 'is', 'by', 'some', 'has', 'with', 'for']);

type LinkedOk = Extract<Linked, { ok: true }>;

function ok(l: Linked): LinkedOk {
  if (!l.ok) throw new Error('unlinked name');
  return l;
}

function toLinked(r: LinkResult, kind: 'concept' | 'relation'): Linked {
  return r.status === 'ok' ? { ok: true, ...r.entity } : { ok: false, result: r, kind };
}

function unknowns(text: string, form: 'ask' | 'select' | 'describe' | 'explain', links: Linked[]): QueryResult | null {
  const bad = links.filter((l): l is Extract<Linked, { ok: false }> => !l.ok);
  if (!bad.length) return null;
  const res = emptyResult(text, form, 'error');
  res.verdict = 'UNKNOWN NAME';
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const b of bad) {
    if (seen.has(b.result.text)) continue;
    seen.add(b.result.text);
    const cands: NameCandidate[] = b.result.candidates;
    res.candidates.push(...cands.map((c) => ({ ...c, for: b.result.text })));
    lines.push(
      b.result.status === 'ambiguous'
        ? ambiguousNameText(b.kind, b.result.text, cands)
        : unknownNameText(b.kind, b.result.text, cands),
    );
  }
  res.observation = lines.join('\n');
  return res;
}

function sortSpecificPropsFirst(
  ix: import('../../ontology/closure/closure-index').ClosureIndex,
  ids: Set<number>,
): number[] {
  return [...ids].sort(
    (x, y) => ix.superProperties(y).size - ix.superProperties(x).size || ix.nameOf(x).localeCompare(ix.nameOf(y)),
  );
}
