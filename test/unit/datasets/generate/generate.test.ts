import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, type GeneratedDataset } from '../../../../src-main/datasets/generate/generate-dataset';
import { parseDataset, toJsonl, type McqItem, type OqItem } from '../../../../src-main/datasets/generate/dataset';
import { UserError } from '../../../../src-main/core/errors';
import { TaskCancelledError } from '../../../../src-main/core/task';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import { EX, handleFromDump, label } from '../../../support/dump-fixture';
import { benchDump, NEVER_USED } from './dataset-fixture';

let h: OntologyHandle;
let cleanup: () => void;
let base: GeneratedDataset;

beforeAll(async () => {
  ({ handle: h, cleanup } = await handleFromDump(benchDump()));
  base = await generateDataset(h, { mcq: 60, oq: 30, seed: 7 });
});
afterAll(() => cleanup());

const mcqs = (r: GeneratedDataset) => r.items.filter((i): i is McqItem => i.kind === 'mcq');
const oqs = (r: GeneratedDataset) => r.items.filter((i): i is OqItem => i.kind === 'oq');

function id(iri: string): number {
  const x = h.closure.id(iri);
  if (x === undefined) throw new Error(`unknown ${iri}`);
  return x;
}

/** Is the MCQ statement with this option in the masked slot entailed? */
function optionEntailed(q: McqItem, iri: string): boolean {
  const ix = h.closure;
  const a = q.slot === 'subject' ? iri : q.axiom.subject;
  const r = q.slot === 'relation' ? iri : q.axiom.relation;
  const b = q.slot === 'filler' ? iri : q.axiom.filler;
  return ix.isEntailed(id(a), id(r), id(b));
}

describe('dataset generation', () => {
  it('produces the requested counts with the default slot mix and condition counts', () => {
    expect(base.warnings).toEqual([]);
    expect(mcqs(base)).toHaveLength(60);
    expect(oqs(base)).toHaveLength(30);
    expect(base.stats.mcq.bySlot).toEqual({ subject: 20, relation: 20, filler: 20 });
    expect(base.stats.oq.byConditions).toEqual({ 2: 10, 3: 10, 4: 10 });
    expect(base.stats.oq.root?.name).toBe('process');
  });

  it('is reproducible for a seed and differs for another seed', async () => {
    const again = await generateDataset(h, { mcq: 60, oq: 30, seed: 7 });
    expect(toJsonl(again.items)).toBe(toJsonl(base.items));
    const other = await generateDataset(h, { mcq: 60, oq: 30, seed: 8 });
    expect(toJsonl(other.items)).not.toBe(toJsonl(base.items));
  });

  it('does not depend on the order the bridge lists properties, parents, hierarchy records and links in', async () => {
    // The bridge lists them in hash order, which differs from one JVM run to the next: po.obo and
    // envo.obo gave two different datasets for seed 1 before generation stopped relying on it.
    // Property records come first, so their order gives them other ids; class ids stay.
    const dump = benchDump();
    const isHierOrLink = (r: DumpRecord) => r.t === 'hier' || r.t === 'link';
    // Multiple parents, so that the order of a parents list matters.
    const extra: DumpRecord[] = [
      { t: 'class', iri: EX + 'multi', annotations: [label('multi organ tissue')], deprecated: false },
      { t: 'hier', c: EX + 'multi', parents: [EX + 'organ1', EX + 'tissue2', EX + 'organ3'], equivalents: [] },
      { t: 'stated', s: EX + 'multi', r: EX + 'partOf', f: EX + 'organ2a', text: 'organ2a', kind: 'sub' },
      { t: 'link', s: EX + 'multi', r: EX + 'partOf', f: EX + 'organ2a' },
    ];
    const plain = [
      ...dump.filter((r) => !isHierOrLink(r)),
      ...extra.filter((r) => !isHierOrLink(r)),
      ...dump.filter(isHierOrLink),
      ...extra.filter(isHierOrLink),
    ];
    const moved = [
      ...plain.filter((r) => r.t === 'property').reverse(),
      ...plain.filter((r) => r.t !== 'property' && !isHierOrLink(r)),
    ];
    const reordered = [
      ...moved,
      ...plain
        .filter(isHierOrLink)
        .reverse()
        .map((r) => (r.t === 'hier' ? { ...r, parents: r.parents.slice().reverse() } : r)),
    ];
    const a = await handleFromDump(plain);
    const b = await handleFromDump(reordered);
    try {
      const x = await generateDataset(a.handle, { mcq: 60, oq: 30, seed: 7 });
      const y = await generateDataset(b.handle, { mcq: 60, oq: 30, seed: 7 });
      expect(y.items.length).toBe(90);
      expect(toJsonl(y.items)).toBe(toJsonl(x.items));
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });

  it('writes JSONL that reads back with the exact schema', () => {
    const back = parseDataset(toJsonl(base.items));
    expect(back).toEqual(base.items);
    const m = mcqs(base)[0];
    expect(Object.keys(m)).toEqual([
      'id',
      'ontology',
      'kind',
      'question',
      'options',
      'gold',
      'slot',
      'axiom',
      'evidence',
    ]);
    expect(Object.keys(m.options[0])).toEqual(['key', 'iri', 'name']);
    const o = oqs(base)[0];
    expect(Object.keys(o)).toEqual([
      'id',
      'ontology',
      'kind',
      'question',
      'root',
      'conditions',
      'n',
      'answers',
      'evidence',
      'complete',
    ]);
    expect(o.complete).toBe(true);
    expect(m.id).toBe('fixture-mcq-0001');
    expect(m.ontology).toBe('fixture');
    expect(new Set(base.items.map((i) => i.id)).size).toBe(base.items.length);
  });

  it('reports progress and stops when cancelled', async () => {
    const seen: { stage: string; fraction: number }[] = [];
    await generateDataset(h, { mcq: 10, oq: 5, onProgress: (p) => seen.push(p) });
    expect(seen[0]).toEqual({ stage: 'mcq', fraction: 0 });
    expect(seen.some((p) => p.stage === 'oq')).toBe(true);
    expect(seen.at(-1)).toEqual({ stage: 'done', fraction: 1 });
    const ac = new AbortController();
    ac.abort();
    await expect(generateDataset(h, { mcq: 10, oq: 5, signal: ac.signal })).rejects.toBeInstanceOf(TaskCancelledError);
  });

  it('follows a configured slot mix', async () => {
    const r = await generateDataset(h, { mcq: 30, oq: 0, seed: 3, slots: { subject: 2, relation: 0, filler: 1 } });
    expect(r.stats.mcq.bySlot).toEqual({ subject: 20, relation: 0, filler: 10 });
    expect(mcqs(r).every((q) => q.slot !== 'relation')).toBe(true);
  });
});

describe('MCQs', () => {
  it('have six distinct options with keys A-F, masked slot in the question', () => {
    for (const q of mcqs(base)) {
      expect(q.options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
      expect(new Set(q.options.map((o) => o.iri)).size).toBe(6);
      expect(new Set(q.options.map((o) => o.name.toLowerCase())).size).toBe(6);
      expect(q.question).toContain('[?]');
      expect(q.gold.length).toBeGreaterThanOrEqual(1);
      expect(q.gold.length).toBeLessThanOrEqual(3);
    }
  });

  it('have gold = exactly the options the closure entails', () => {
    for (const q of mcqs(base)) {
      const entailed = q.options.filter((o) => optionEntailed(q, o.iri)).map((o) => o.key);
      expect(q.gold, q.id).toEqual(entailed);
    }
  });

  it('include the masked part of the source axiom among the gold options', () => {
    for (const q of mcqs(base)) {
      const masked = q.slot === 'subject' ? q.axiom.subject : q.slot === 'relation' ? q.axiom.relation : q.axiom.filler;
      const opt = q.options.find((o) => o.iri === masked);
      expect(opt, q.id).toBeTruthy();
      expect(q.gold).toContain(opt!.key);
    }
  });

  it('take 1-3 correct concepts, the extra ones within distance 2 (descendants of A, ancestors of B)', () => {
    const ix = h.closure;
    expect(Object.keys(base.stats.mcq.byGoldCount).sort()).toEqual(['1', '2', '3']);
    const within2 = (x: number, y: number) =>
      x === y || (ix.parents[x] ?? []).some((p) => p === y || (ix.parents[p] ?? []).includes(y));
    let near = 0;
    for (const q of mcqs(base).filter((x) => x.slot !== 'relation')) {
      const masked = id(q.slot === 'subject' ? q.axiom.subject : q.axiom.filler);
      for (const k of q.gold) {
        const o = id(q.options.find((x) => x.key === k)!.iri);
        if (o !== masked && (q.slot === 'subject' ? within2(o, masked) : within2(masked, o))) near++;
      }
    }
    expect(near).toBeGreaterThan(5);
  });

  it('give relation questions relation options only', () => {
    const ix = h.closure;
    for (const q of mcqs(base).filter((x) => x.slot === 'relation')) {
      for (const o of q.options) expect(ix.kindOf[id(o.iri)]).toBe('property');
    }
  });

  it('never use obsolete, unsatisfiable, ambiguously named or root classes', () => {
    const roots = [EX + 'Proc', EX + 'Anat'];
    for (const q of mcqs(base)) {
      for (const o of q.options) {
        expect(NEVER_USED).not.toContain(o.iri);
        expect(roots).not.toContain(o.iri);
      }
      expect(NEVER_USED).not.toContain(q.axiom.subject);
      expect(NEVER_USED).not.toContain(q.axiom.filler);
    }
  });

  it('list one entailed axiom per gold option as evidence', () => {
    const ix = h.closure;
    for (const q of mcqs(base)) {
      expect(q.evidence).toHaveLength(q.gold.length);
      for (const e of q.evidence) {
        expect(e.kind).toBe('axiom');
        if (e.kind === 'axiom') expect(ix.isEntailed(id(e.subject), id(e.relation), id(e.filler))).toBe(true);
      }
    }
  });
});

describe('OQs', () => {
  const members = () => {
    const ix = h.closure;
    return (root: string) => {
      const r = id(root);
      const out: number[] = [];
      for (let x = 1; x < ix.kindOf.length; x++) {
        if (ix.kindOf[x] === 'class' && !ix.unsat.has(x) && !ix.deprecated.has(x) && ix.isSubClassOf(x, r)) out.push(x);
      }
      return out;
    };
  };

  it('have answer sets equal to a brute-force check of every branch member', () => {
    const ix = h.closure;
    const branch = members();
    for (const q of oqs(base)) {
      const brute = branch(q.root).filter((x) =>
        q.conditions.every((c) => ix.isEntailed(x, id(c.relation), id(c.filler))),
      );
      expect(q.answers.map((a) => a.iri).sort(), q.id).toEqual(brute.map((x) => ix.iri(x)).sort());
      expect(q.answers.length).toBeGreaterThan(0);
    }
  });

  it('have n mutually non-subsuming conditions', () => {
    const ix = h.closure;
    for (const q of oqs(base)) {
      expect(q.conditions).toHaveLength(q.n);
      for (const c1 of q.conditions) {
        for (const c2 of q.conditions) {
          if (c1 === c2) continue;
          const sub =
            ix.superProperties(id(c1.relation)).has(id(c2.relation)) && ix.isSubClassOf(id(c1.filler), id(c2.filler));
          expect(sub, `${q.id}: ${c1.filler} ⊑ ${c2.filler}`).toBe(false);
        }
      }
      expect(new Set(q.conditions.map((c) => `${c.relation} ${c.filler}`)).size).toBe(q.n);
    }
  });

  it('are never repeated, name the conditions in the question and keep unusable classes out', () => {
    const keys = oqs(base).map((q) =>
      q.conditions
        .map((c) => `${c.relation} ${c.filler}`)
        .sort()
        .join('|'),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const q of oqs(base)) {
      for (const c of q.conditions) {
        expect(q.question).toContain(`"${h.closure.nameOf(id(c.filler))}"`);
        expect(NEVER_USED).not.toContain(c.filler);
      }
      for (const a of q.answers) expect(NEVER_USED).not.toContain(a.iri);
    }
  });

  it("give the seed concept's entailments as evidence", () => {
    const ix = h.closure;
    for (const q of oqs(base)) {
      expect(q.evidence).toHaveLength(q.n);
      const seeds = new Set(q.evidence.map((e) => (e.kind === 'axiom' ? e.subject : '')));
      expect(seeds.size).toBe(1);
      expect(q.answers.map((a) => a.iri)).toContain([...seeds][0]);
      for (const e of q.evidence)
        if (e.kind === 'axiom') expect(ix.isEntailed(id(e.subject), id(e.relation), id(e.filler))).toBe(true);
    }
  });

  it('use a configured root by name and respect an answer limit', async () => {
    const r = await generateDataset(h, { mcq: 0, oq: 6, seed: 2, root: 'biological regulation', maxAnswers: 5 });
    expect(r.stats.oq.root?.iri).toBe(EX + 'Reg');
    for (const q of oqs(r)) {
      expect(q.root).toBe(EX + 'Reg');
      expect(q.answers.length).toBeLessThanOrEqual(5);
      for (const a of q.answers) expect(h.closure.isSubClassOf(id(a.iri), id(EX + 'Reg'))).toBe(true);
    }
  });
});

describe('degenerate input', () => {
  async function expectUserError(p: Promise<unknown>, code: string, message: RegExp) {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).code).toBe(code);
    expect((e as UserError).message).toMatch(message);
  }

  it('an ontology without existential restrictions', async () => {
    const dump = benchDump().filter((r) => r.t !== 'stated' && r.t !== 'link');
    const f = await handleFromDump(dump);
    try {
      await expectUserError(
        generateDataset(f.handle, { mcq: 10, oq: 10 }),
        'no-existentials',
        /no existential restriction/,
      );
    } finally {
      f.cleanup();
    }
  });

  it('too few concepts for six options', async () => {
    const dump = [
      ...['A', 'B', 'C', 'D'].map((x) => ({
        t: 'class' as const,
        iri: EX + x,
        annotations: [{ p: 'http://www.w3.org/2000/01/rdf-schema#label', v: x }],
        deprecated: false,
      })),
      {
        t: 'property' as const,
        iri: EX + 'r',
        annotations: [],
        deprecated: false,
        transitive: false,
        reflexive: false,
        parents: [],
        chains: [],
      },
      { t: 'hier' as const, c: EX + 'A', parents: [], equivalents: [] },
      ...['B', 'C', 'D'].map((x) => ({ t: 'hier' as const, c: EX + x, parents: [EX + 'A'], equivalents: [] })),
      { t: 'stated' as const, s: EX + 'B', r: EX + 'r', f: EX + 'C', text: 'C', kind: 'sub' as const },
      { t: 'link' as const, s: EX + 'B', r: EX + 'r', f: EX + 'C' },
    ];
    const f = await handleFromDump(dump);
    try {
      await expectUserError(generateDataset(f.handle, { mcq: 5, oq: 0 }), 'too-few-concepts', /only 3 usable concepts/);
    } finally {
      f.cleanup();
    }
  });

  it('a branch root that does not exist, with close names', async () => {
    await expectUserError(
      generateDataset(h, { mcq: 0, oq: 5, root: 'biological regulaton' }),
      'unknown-root',
      /closest names are: "biological regulation"/,
    );
  });

  it('an obsolete or ambiguous branch root', async () => {
    await expectUserError(generateDataset(h, { mcq: 0, oq: 5, root: EX + 'Old' }), 'bad-root', /obsolete/);
    await expectUserError(generateDataset(h, { mcq: 0, oq: 5, root: 'junction' }), 'ambiguous-root', /names 2 classes/);
  });

  it('more conditions than any concept has', async () => {
    await expectUserError(
      generateDataset(h, { mcq: 0, oq: 5, conditions: [9] }),
      'too-few-conditions',
      /9 mutually non-subsuming conditions \(the most found is \d\)/,
    );
  });

  it('a root whose branch has no conditions at all', async () => {
    await expectUserError(
      generateDataset(h, { mcq: 0, oq: 5, root: 'organ type 2' }),
      'too-few-conditions',
      /no concept under "organ type 2" has 2/,
    );
  });

  it('fewer possible items than requested: generates what exists and warns', async () => {
    const r = await generateDataset(h, { mcq: 2000, oq: 2000, seed: 1 });
    expect(mcqs(r).length).toBeGreaterThan(60);
    expect(mcqs(r).length).toBeLessThan(2000);
    expect(oqs(r).length).toBeLessThan(2000);
    expect(r.warnings.some((w) => /Only \d+ of the 2000 requested MCQs/.test(w))).toBe(true);
    expect(r.warnings.some((w) => /Only \d+ of the 2000 requested open questions/.test(w))).toBe(true);
    // Still every (axiom, slot) pair at most once.
    const pairs = mcqs(r).map((q) => `${q.slot} ${q.axiom.subject} ${q.axiom.relation} ${q.axiom.filler}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('without siblings, distractors come from random concepts', async () => {
    // A chain: no class has a sibling.
    const names = ['top', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'];
    const dump = [
      {
        t: 'property' as const,
        iri: EX + 'r',
        annotations: [{ p: 'http://www.w3.org/2000/01/rdf-schema#label', v: 'r' }],
        deprecated: false,
        transitive: false,
        reflexive: false,
        parents: [],
        chains: [],
      },
      ...names.map((x) => ({
        t: 'class' as const,
        iri: EX + x,
        annotations: [{ p: 'http://www.w3.org/2000/01/rdf-schema#label', v: x }],
        deprecated: false,
      })),
      ...names.map((x, i) => ({
        t: 'hier' as const,
        c: EX + x,
        parents: i ? [EX + names[i - 1]] : [],
        equivalents: [],
      })),
      { t: 'stated' as const, s: EX + 'c9', r: EX + 'r', f: EX + 'c1', text: 'c1', kind: 'sub' as const },
      { t: 'link' as const, s: EX + 'c9', r: EX + 'r', f: EX + 'c1' },
    ];
    const f = await handleFromDump(dump);
    try {
      const r = await generateDataset(f.handle, { mcq: 2, oq: 0, slots: { subject: 1, relation: 0, filler: 1 } });
      const qs = mcqs(r);
      expect(qs.length).toBe(2);
      for (const q of qs) expect(q.options).toHaveLength(6);
      expect(r.warnings).toEqual([]);
    } finally {
      f.cleanup();
    }
  });

  it('too few siblings and other concepts for wrong options: a clear error, not an empty dataset', async () => {
    // Six siblings, each part of every other: whatever is masked, every candidate option is entailed.
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const dump: DumpRecord[] = [
      {
        t: 'property',
        iri: EX + 'r',
        annotations: [label('part of')],
        deprecated: false,
        transitive: false,
        reflexive: false,
        parents: [],
        chains: [],
      },
      { t: 'class', iri: EX + 'top', annotations: [label('top')], deprecated: false },
      { t: 'hier', c: EX + 'top', parents: [], equivalents: [] },
      ...names.flatMap((x): DumpRecord[] => [
        { t: 'class', iri: EX + x, annotations: [label(`part ${x}`)], deprecated: false },
        { t: 'hier', c: EX + x, parents: [EX + 'top'], equivalents: [] },
      ]),
      ...names.flatMap((x) =>
        names
          .filter((y) => y !== x)
          .flatMap((y): DumpRecord[] => [
            { t: 'stated', s: EX + x, r: EX + 'r', f: EX + y, text: y, kind: 'sub' },
            { t: 'link', s: EX + x, r: EX + 'r', f: EX + y },
          ]),
      ),
    ];
    const f = await handleFromDump(dump);
    try {
      await expectUserError(
        generateDataset(f.handle, { mcq: 10, oq: 0 }),
        'no-mcq',
        /^no multiple-choice question could be built from the 30 source axioms: only 1 relation has an unambiguous name.*; 30 lack wrong options: too few siblings/,
      );
      await expectUserError(
        generateDataset(f.handle, { mcq: 10, oq: 0, slots: { subject: 1, filler: 1, relation: 0 } }),
        'no-mcq',
        /: 30 lack wrong options[^;]*\.$/,
      );
    } finally {
      f.cleanup();
    }
  });

  it('more conditions than the branch offers, with the default counts: the others fill in, with a warning', async () => {
    const most = await generateDataset(h, { mcq: 0, oq: 5, root: 'biological regulation', conditions: [9] }).then(
      () => -1,
      (e: UserError) => Number(/the most found is (\d+)/.exec(e.message)?.[1]),
    );
    expect(most).toBe(3);
    const r = await generateDataset(h, { mcq: 0, oq: 9, seed: 5, root: 'biological regulation' });
    expect(oqs(r)).toHaveLength(9);
    expect(oqs(r).every((q) => q.n <= 3)).toBe(true);
    expect(r.stats.oq.byConditions[4]).toBeUndefined();
    expect(r.warnings).toContain(
      'Only 0 of the 3 requested open questions with 4 conditions could be built under "biological regulation".',
    );
  });

  it('fewer than six relations: no relation questions, with a warning, the others fill the count', async () => {
    const dump = benchDump().filter(
      (r) =>
        !(r.t === 'property' && /(hasPart|locatedIn|resultsIn|hasInput)$/.test(r.iri)) &&
        !((r.t === 'stated' || r.t === 'link') && /(hasPart|locatedIn|resultsIn|hasInput)$/.test(r.r)),
    );
    const f = await handleFromDump(dump);
    try {
      const r = await generateDataset(f.handle, { mcq: 30, oq: 0, seed: 4 });
      expect(r.stats.mcq.bySlot.relation).toBe(0);
      expect(mcqs(r)).toHaveLength(30);
      expect(r.warnings.join(' ')).toMatch(/Only 5 relations can be named unambiguously/);
    } finally {
      f.cleanup();
    }
  });

  it('bad options are usage errors', async () => {
    await expectUserError(generateDataset(h, { mcq: -1 }), 'usage', /whole number/);
    await expectUserError(
      generateDataset(h, { mcq: 5, slots: { subject: 0, relation: 0, filler: 0 } }),
      'usage',
      /slot weight must be positive/,
    );
    await expectUserError(generateDataset(h, { oq: 5, conditions: [1] }), 'usage', /2 to 10 conditions/);
  });
});
