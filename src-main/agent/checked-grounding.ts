import { normalizeName } from '../ontology/names/normalize';
import { isSubclassRelation, parseQuery, quoteName, type DialectQuery } from '../query/dialect';
import type { LinkResult } from '../query/linking/link-types';
import type { QueryResult } from '../query/exec/query-result';
import type { Evidence, TrajectoryStep } from './agent-record';
import type { AgentAnswer, AgentQuestion } from './question';
import type { CheckedLevel, CheckedOption, CheckedGrounding } from './agent-types';
export type { CheckedLevel, CheckedOption, CheckedGrounding } from './agent-types';

export const CHECKED_LEVELS: readonly CheckedLevel[] = ['entailed', 'not-entailed', 'unchecked'];

/** The statement an MCQ's options fill in: the option goes in `slot`, the other two places are fixed names. */
export interface OptionTemplate {
  slot: 'subject' | 'relation' | 'filler';
  subject: string;
  relation: string;
  filler: string;
}

export interface CheckerDeps {
  /** Runs a dialect query against the ontology the answer is about. */
  query: (text: string) => Promise<QueryResult>;
  linkConcept: (text: string) => LinkResult;
  linkRelation: (text: string) => LinkResult;
  /** Every name (label, synonyms) of an entity. */
  namesOf: (iri: string) => string[];
}

/** What is checked: the answer with the evidence and steps that produced it. */
export interface CheckInput {
  question: AgentQuestion;
  answer: AgentAnswer | null;
  /** The cited evidence. */
  evidence: Evidence[];
  digest: Evidence[];
  trajectory?: TrajectoryStep[];
}

/** For dataset items the statement behind the question is known and need not be inferred from the agent's queries. */
export interface CheckTarget {
  options?: OptionTemplate;
  /** OQ: a SELECT ?x query whose answer set is the reasoner's answer. */
  select?: string;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * The reasoner's check of an answer, by question kind:
 * - MCQ / single choice: each option fills the question's statement and is put to ASK; `entailed` iff
 *   every chosen option is entailed and no entailed option was left out (an empty choice is unchecked).
 * - OQ: the named concepts are checked against the conditions (a SELECT restricted to them); `entailed`
 *   iff every named concept meets them. Precision and recall against the full answer set are reported.
 * - Free text: `entailed` only if a cited observation carries an ENTAILED verdict whose subject, relation
 *   and object all appear (by one of their names) in a non-negated answer; otherwise `unchecked`.
 * Never throws for odd input: what cannot be checked is `unchecked`, with the reason.
 */
export async function checkGrounding(
  input: CheckInput,
  deps: CheckerDeps,
  target: CheckTarget = {},
): Promise<CheckedGrounding> {
  if (input.answer === null) return { level: 'unchecked', reason: 'There is no answer to check.' };
  try {
    switch (input.question.kind) {
      case 'mcq':
      case 'single':
        return await checkOptions(input, deps, target.options ?? inferTemplate(input, deps));
      case 'oq':
        return await checkOpen(input, deps, target.select ?? inferSelect(input));
      case 'free':
        return await checkFree(input, deps);
    }
  } catch (e) {
    // A failed check must not cost the user the answer: it is shown as unchecked, with why.
    return {
      level: 'unchecked',
      reason: `The reasoner check could not be run: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

async function checkOptions(input: CheckInput, deps: CheckerDeps, t: OptionTemplate | null): Promise<CheckedGrounding> {
  const opts = input.question.options ?? [];
  if (!t)
    return {
      level: 'unchecked',
      reason: 'No ASK statement could be formed from the options (the agent asked nothing about them).',
    };
  const chosen = new Set(
    (Array.isArray(input.answer) ? input.answer : [input.answer]).map((k) => String(k).toUpperCase()),
  );
  const options: CheckedOption[] = [];
  for (const o of opts) {
    const parts = { ...t, [t.slot]: o.name };
    const query = `ASK { ${quoteName(parts.subject)} ${quoteName(parts.relation)} ${quoteName(parts.filler)} }`;
    let verdict: CheckedOption['verdict'] = 'ERROR';
    try {
      const r = await deps.query(query);
      verdict = r.verdict ?? 'ERROR';
    } catch {
      verdict = 'ERROR';
    }
    options.push({ key: o.key, name: o.name, chosen: chosen.has(o.key.toUpperCase()), query, verdict });
  }
  const failed = options.filter((o) => o.chosen !== (o.verdict === 'ENTAILED')).map((o) => o.key);
  const statement = `"${t.subject}" "${t.relation}" "${t.filler}" with each option as the ${t.slot}`;
  // Choosing nothing claims that no option holds; NOT ENTAILED means only that the ontology does not
  // say so (open world), so the reasoner cannot confirm such an answer.
  if (!failed.length && !chosen.size) {
    return {
      level: 'unchecked',
      reason: `No option was chosen and the reasoner entails none (${statement}); it cannot confirm that none holds.`,
      options,
      failed,
    };
  }
  if (!failed.length)
    return {
      level: 'entailed',
      reason: `The reasoner entails exactly the chosen options (${statement}).`,
      options,
      failed,
    };
  const wrongChosen = options.filter((o) => o.chosen && o.verdict !== 'ENTAILED').map((o) => o.key);
  const missed = options.filter((o) => !o.chosen && o.verdict === 'ENTAILED').map((o) => o.key);
  const parts = [
    wrongChosen.length ? `chosen but not entailed: ${wrongChosen.join(', ')}` : '',
    missed.length ? `entailed but not chosen: ${missed.join(', ')}` : '',
  ].filter(Boolean);
  return {
    level: 'not-entailed',
    reason: `The reasoner disagrees (${parts.join('; ')}), checking ${statement}.`,
    options,
    failed,
  };
}

/**
 * For a user's choice question the statement is not given: it is the ASK the agent itself put about
 * the options. The template that the most options fit (the other two places equal) wins.
 */
export function inferTemplate(
  input: CheckInput,
  deps: Pick<CheckerDeps, 'linkConcept' | 'linkRelation'>,
): OptionTemplate | null {
  const opts = input.question.options ?? [];
  const asked = statementQueries(input);
  const optionIds = opts.map((o) => ({
    norm: normalizeName(o.name),
    concept: linkedIri(deps.linkConcept(o.name)),
    relation: linkedIri(deps.linkRelation(o.name)),
  }));
  const tally = new Map<string, { t: OptionTemplate; keys: Set<number> }>();
  for (const q of asked) {
    for (const slot of ['subject', 'relation', 'filler'] as const) {
      const term = q[slot];
      const norm = normalizeName(term);
      const iri = slot === 'relation' ? linkedIri(deps.linkRelation(term)) : linkedIri(deps.linkConcept(term));
      const hit = optionIds.findIndex(
        (o) => o.norm === norm || (iri !== null && iri === (slot === 'relation' ? o.relation : o.concept)),
      );
      if (hit < 0) continue;
      const t: OptionTemplate = { slot, subject: q.subject, relation: q.relation, filler: q.filler };
      const key = [
        slot,
        ...(['subject', 'relation', 'filler'] as const).filter((s) => s !== slot).map((s) => normalizeName(q[s])),
      ].join('\u0000');
      const entry = tally.get(key) ?? { t, keys: new Set<number>() };
      entry.keys.add(hit);
      tally.set(key, entry);
    }
  }
  let best: { t: OptionTemplate; keys: Set<number> } | null = null;
  for (const e of tally.values()) if (!best || e.keys.size > best.keys.size) best = e;
  return best ? best.t : null;
}

async function checkOpen(input: CheckInput, deps: CheckerDeps, select: string | null): Promise<CheckedGrounding> {
  if (!select)
    return { level: 'unchecked', reason: 'No conditions to check against: the agent ran no SELECT over them.' };
  const parsed = parseQuery(select);
  if (!parsed.ok || parsed.query.form !== 'select-subjects')
    return { level: 'unchecked', reason: `The conditions' query could not be read: ${select}` };
  const names = (Array.isArray(input.answer) ? input.answer : [input.answer])
    .map((x) => String(x).trim())
    .filter(Boolean);
  if (!names.length) return { level: 'unchecked', reason: 'The answer names no concept.', select };
  const all = await deps.query(select);
  if (all.kind === 'error')
    return {
      level: 'unchecked',
      reason: `The reasoner could not answer the conditions' query: ${all.observation.split('\n')[0]}`,
      select,
    };
  const q = parsed.query;
  const within = await deps.query(
    `SELECT ?${q.variable} WHERE { VALUES ?${q.variable} { ${names.map(quoteName).join(' ')} } ${q.conditions.map((c) => `?${q.variable} ${quoteName(c.relation)} ${quoteName(c.filler)}`).join(' . ')} }`,
  );
  const inSet = new Set(within.kind === 'error' ? [] : within.results.map((r) => r.iri));
  const outside: string[] = [];
  let hits = 0;
  for (const n of names) {
    const l = deps.linkConcept(n);
    const ok =
      l.status === 'ok'
        ? inSet.has(l.entity.iri)
        : l.status === 'ambiguous' && l.candidates.some((c) => inSet.has(c.iri));
    if (ok) hits++;
    else outside.push(n);
  }
  const precision = round(hits / names.length);
  const recall = all.total ? round(Math.min(1, inSet.size / all.total)) : null;
  const base = { select, precision, recall, outside };
  if (!outside.length)
    return {
      ...base,
      level: 'entailed',
      reason: `Every named concept meets the conditions (recall ${recall === null ? '–' : `${Math.round(recall * 100)}%`} of ${all.total}).`,
    };
  return {
    ...base,
    level: 'not-entailed',
    reason: `${outside.length} of ${names.length} named concepts do not meet the conditions: ${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}.`,
  };
}

/** The SELECT the agent cited last, else the last one it ran. */
function inferSelect(input: CheckInput): string | null {
  const isSelect = (q: string) => {
    const p = parseQuery(q);
    return p.ok && p.query.form === 'select-subjects' && !p.query.values;
  };
  const cited = input.evidence.filter((e) => isSelect(e.query));
  if (cited.length) return cited[cited.length - 1].query;
  const dug = input.digest.filter((e) => isSelect(e.query));
  return dug.length ? dug[dug.length - 1].query : null;
}

const NEGATION = /\b(no|not|never|none|neither|nor|cannot|isn't|aren't|doesn't|don't|wasn't|weren't)\b|n't\b/i;

async function checkFree(input: CheckInput, deps: CheckerDeps): Promise<CheckedGrounding> {
  const text = ` ${normalizeName(String(input.answer))
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')} `;
  const entailed = input.evidence.filter((e) => e.verdict === 'ENTAILED');
  if (!entailed.length)
    return {
      level: 'unchecked',
      reason: "No cited observation carries an ENTAILED verdict; the grounding level is the model's claim.",
    };
  if (NEGATION.test(String(input.answer))) {
    return {
      level: 'unchecked',
      reason:
        "The answer is negated; the reasoner confirms only positive statements, so the grounding level is the model's claim.",
    };
  }
  for (const e of entailed) {
    const q = statementOf(e.query);
    if (!q) continue;
    const said = (names: string[]) =>
      names.some((n) => {
        const w = normalizeName(n)
          .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        return w.length > 0 && text.includes(` ${w} `);
      });
    const subject = said(namesFor(q.subject, deps.linkConcept(q.subject), deps));
    const filler = said(namesFor(q.filler, deps.linkConcept(q.filler), deps));
    const relation = isSubclassRelation(q.relation)
      ? said([q.relation, 'is a', 'is an', 'a kind of', 'a type of', 'subclass of'])
      : said(namesFor(q.relation, deps.linkRelation(q.relation), deps));
    if (subject && relation && filler) {
      return {
        level: 'entailed',
        reason: `The answer states ${e.id} (${e.query}), which the reasoner entails.`,
        confirmedBy: e.id,
      };
    }
  }
  return {
    level: 'unchecked',
    reason:
      "No cited ENTAILED statement is what the answer says (its subject, relation and object do not all appear in it); the grounding level is the model's claim.",
  };
}

function namesFor(text: string, link: LinkResult, deps: Pick<CheckerDeps, 'namesOf'>): string[] {
  return link.status === 'ok' ? [text, ...deps.namesOf(link.entity.iri)] : [text];
}

function linkedIri(l: LinkResult): string | null {
  return l.status === 'ok' ? l.entity.iri : null;
}

type Statement = { subject: string; relation: string; filler: string };

function statementOf(query: string): Statement | null {
  const p = parseQuery(query);
  if (!p.ok) return null;
  const q: DialectQuery = p.query;
  return q.form === 'ask' || q.form === 'explain'
    ? { subject: q.subject, relation: q.relation, filler: q.filler }
    : null;
}

/** ASK/EXPLAIN statements the agent put, from its actions (all of them, cited or not). */
function statementQueries(input: CheckInput): Statement[] {
  const texts = [
    ...(input.trajectory ?? []).flatMap((s) => (s.type === 'action' ? [s.query] : [])),
    ...input.digest.map((d) => d.query),
  ];
  const out: Statement[] = [];
  const seen = new Set<string>();
  for (const t of texts) {
    const s = statementOf(t);
    if (!s) continue;
    const k = `${s.subject}\u0000${s.relation}\u0000${s.filler}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}
