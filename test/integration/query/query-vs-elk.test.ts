import { describe, expect, it } from 'vitest';
import { cacheDb } from '../../support/cache-db';
import type { ClosureIndex } from '../../../src-main/ontology/closure/closure-index';
import { QueryService } from '../../../src-main/query/exec/query-service';
import { DEFAULT_DIALECT_LIMITS } from '../../../src-main/query/dialect';
import { EntailmentSampler, type Condition, type StatedRow } from '../../support/entailment-sampler';
import { REAL_FILES, sharedOntology } from '../../support/shared-ontologies';
import { useOntologyService } from '../../support/ontology-service';
import { UniqueNames } from '../../support/unique-names';

/*
 * The dialect's verdicts against ELK's own, through the same QueryService.run the agent and the
 * CLI call, on every shared ontology.
 *
 * Unsatisfiable classes: ASK with an unsatisfiable subject is ENTAILED, as ELK's isEntailed says
 * (⊥ is below everything). SELECT ?x lists satisfiable classes only, and so does the bridge's
 * `subclasses`: an unsatisfiable class meets every condition, so listing it would add the same
 * noise to every answer without saying anything about the condition.
 */

const ASKS = 360;
const SELECTS = 60;
const service = useOntologyService();

describe.each(REAL_FILES)('dialect answers equal ELK on %s', (file) => {
  const path = sharedOntology(file);

  it.skipIf(!path)('ASK verdicts and full SELECT ?x answer sets', async () => {
    const h = await service.open(path!);
    // A fresh cache means a cold load, so the bridge session holds this ontology now.
    const bridge = service.bridge();
    const ix = h.closure;
    const qs = new QueryService(h, { maxResults: Number.MAX_SAFE_INTEGER, timeLimitMs: 60_000 });
    const names = new UniqueNames(qs.names, ix);
    const stated = cacheDb(h).prepare('SELECT s, r, f FROM stated WHERE f IS NOT NULL').all() as StatedRow[];
    const sampler = new EntailmentSampler(ix, stated, (id) => names.of(id) !== null, 17);

    const asks = sampler.asks(ASKS);
    const queries = asks.map((c) => ({ sub: ix.iri(c.a), r: c.r === null ? null : ix.iri(c.r), sup: ix.iri(c.b) }));
    const elk = (await bridge.request<{ answers: boolean[] }>('entailed', { queries })).answers;
    const askMismatches: string[] = [];
    for (const [i, c] of asks.entries()) {
      const text = `ASK { ${names.quoted(c.a)} ${c.r === null ? '"is a"' : names.quoted(c.r)} ${names.quoted(c.b)} }`;
      const res = await qs.run(text);
      expect(res.form, `${text}: ${res.observation}`).toBe('ask');
      expect(res.entities).toEqual([queries[i].sub, queries[i].r ?? SUBCLASS, queries[i].sup]);
      const ours = res.verdict === 'ENTAILED';
      if (ours !== elk[i]) askMismatches.push(`${text} [${c.how}]: ours ${res.verdict}, ELK ${elk[i]}`);
    }
    const positives = asks.filter((_, i) => elk[i]);
    const inferred = positives.filter((c) => !c.told && c.how !== 'unsat-subject');
    const existential = inferred.filter((c) => c.r !== null).length;
    console.log(
      `${file}: ASK ${asks.length} = ${positives.length} positive (${inferred.length} inferred: ${existential} existential, ` +
        `${inferred.length - existential} is-a) + ${asks.length - positives.length} negative; ${askMismatches.length} differ from ELK ` +
        `(${sampler.unsat.length} unsatisfiable, ${sampler.unnamed} classes without a unique name)`,
    );
    expect(askMismatches).toEqual([]);
    expect(asks.length).toBeGreaterThanOrEqual(300);
    expect(positives.length).toBeGreaterThanOrEqual(60);
    expect(asks.length - positives.length).toBeGreaterThanOrEqual(60);
    expect(inferred.length).toBeGreaterThanOrEqual(positives.length / 3);
    if (sampler.props.length) expect(existential).toBeGreaterThanOrEqual(20);

    const conjunctions = sampler.conjunctions(SELECTS);
    const answers = (
      await bridge.request<{ answers: string[][] }>('subclasses', {
        queries: conjunctions.map((c) => ({
          and: c.conds.map((x) => ({ r: x.r === null ? null : ix.iri(x.r), sup: ix.iri(x.b) })),
        })),
      })
    ).answers;
    const selectMismatches: string[] = [];
    let nonEmpty = 0;
    let largest = 0;
    for (const [i, c] of conjunctions.entries()) {
      const text = selectText(names, c.conds);
      const res = await qs.run(text);
      expect(res.form, `${text}: ${res.observation}`).toBe('select');
      expect(res.truncated).toBe(false);
      const ours = res.fallback ? [] : res.results.map((r) => r.iri).sort();
      if (!res.fallback) expect(res.total).toBe(ours.length);
      const theirs = [...answers[i]].sort();
      if (theirs.length) nonEmpty++;
      largest = Math.max(largest, theirs.length);
      if (ours.join('\n') !== theirs.join('\n')) selectMismatches.push(describeDiff(ix, text, c.how, ours, theirs));
    }
    console.log(
      `${file}: SELECT ${conjunctions.length} conjunctions of 2–4 conditions, ${nonEmpty} with answers (largest ${largest}), ` +
        `${conjunctions.length - nonEmpty} empty; ${selectMismatches.length} differ from ELK`,
    );
    expect(selectMismatches).toEqual([]);
    expect(conjunctions.length).toBeGreaterThanOrEqual(50);
    expect(conjunctions.every((c) => c.conds.length >= 2 && c.conds.length <= 4)).toBe(true);
    expect(nonEmpty).toBeGreaterThanOrEqual(conjunctions.length * 0.6);
    expect(conjunctions.length - nonEmpty).toBeGreaterThanOrEqual(3);
  });
});

const SUBCLASS = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

function selectText(names: UniqueNames, conds: Condition[]): string {
  const build = (short: boolean) =>
    `SELECT ?x WHERE { ${conds.map((c) => `?x ${c.r === null ? '"is a"' : names.quoted(c.r, short)} ${names.quoted(c.b, short)}`).join(' . ')} }`;
  const text = build(false);
  return text.length <= DEFAULT_DIALECT_LIMITS.maxQueryLength ? text : build(true);
}

function describeDiff(ix: ClosureIndex, text: string, how: string, ours: string[], theirs: string[]): string {
  const mine = new Set(ours);
  const elk = new Set(theirs);
  const only = (xs: string[], other: Set<string>) =>
    xs
      .filter((x) => !other.has(x))
      .slice(0, 5)
      .map((x) => {
        const id = ix.id(x);
        return id === undefined ? `<${x}>` : `${ix.nameOf(id)} <${x}>`;
      });
  return `${text} [${how}]: ${ours.length} vs ELK ${theirs.length}; only ours: ${only(ours, elk).join(', ')}; only ELK: ${only(theirs, mine).join(', ')}`;
}
