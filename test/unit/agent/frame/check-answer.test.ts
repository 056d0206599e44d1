import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../../src-main/agent/frame/check-answer';
import type { CheckDeps } from '../../../../src-main/agent/frame/check-deps';
import { frameContext, type FrameContext } from '../../../../src-main/agent/frame/frame-deps';
import type { StatementVerdict } from '../../../../src-main/query/query-types';
import type { FrameReading } from '../../../../src-main/agent/frame/frame-types';
import { itemFrame } from '../../../../src-main/agent/frame/item-frame';
import { optionTerm } from '../../../../src-main/agent/frame/read-choice';
import { readQuestion } from '../../../../src-main/agent/frame/read-question';
import { reviewerFrame } from '../../../../src-main/agent/frame/reviewer-frame';
import { SUBCLASS_OF } from '../../../../src-main/query/exec/closure-facts';
import { QueryService } from '../../../../src-main/query/exec/query-service';
import { clinicalDump, EX, handleFromDump, label } from '../../../support/dump-fixture';

let ctx: FrameContext;
let cleanup = () => {};
beforeAll(async () => {
  const f = await handleFromDump(clinicalDump());
  cleanup = f.cleanup;
  ctx = frameContext(f.handle, new QueryService(f.handle, { maxResults: 2 }).names);
});
afterAll(() => cleanup());

const nameOf = (iri: string) => ctx.facts.entity(iri)?.name ?? null;
const opts = (...names: string[]) => names.map((name, i) => ({ key: String.fromCharCode(65 + i), name }));

describe('checks of a choice question against its frame', () => {
  const question = {
    kind: 'mcq' as const,
    question: 'What is the finding site of myocarditis?',
    options: opts('myocardium', 'heart valve', 'virus'),
  };
  const choiceReading = (): FrameReading =>
    itemFrame(
      {
        kind: 'mcq',
        slot: 'filler',
        axiom: { subject: EX + 'Myocarditis', relation: EX + 'hasSite', filler: EX + 'Myocardium' },
        options: [
          { key: 'A', iri: EX + 'Myocardium', name: 'myocardium' },
          { key: 'B', iri: EX + 'Valve', name: 'heart valve' },
          { key: 'C', iri: EX + 'Virus', name: 'virus' },
        ],
      },
      nameOf,
    );
  let reading: FrameReading;
  beforeAll(() => {
    reading = choiceReading();
  });

  it('is entailed when exactly the entailed options are chosen, and says the statement in names', () => {
    const c = checkAnswer({ question, answer: ['A'], reading }, ctx.deps);
    expect(c.level).toBe('entailed');
    expect(c.statement).toBe('myocarditis — has finding site — ?');
    expect(c.options!.map((o) => o.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED', 'NOT ENTAILED']);
    expect(c.options!.map((o) => o.iri)).toEqual([EX + 'Myocardium', EX + 'Valve', EX + 'Virus']);
  });

  it('names a chosen option that fails and an entailed one left out', () => {
    const c = checkAnswer({ question, answer: ['B'], reading }, ctx.deps);
    expect(c.level).toBe('not-entailed');
    expect(c.failed).toEqual(['A', 'B']);
    expect(c.reason).toContain('chosen but not entailed: B');
    expect(c.reason).toContain('entailed but not chosen: A');
    expect(c.reason).toMatch(/^The reasoner disagrees/);
  });

  it('a chosen option it does not entail is unsupported, not called false', () => {
    const c = checkAnswer({ question, answer: ['A', 'B'], reading }, ctx.deps);
    expect(c.level).toBe('not-entailed');
    expect(c.failed).toEqual(['B']);
    expect(c.reason).toMatch(/^The reasoner does not back the answer \(not entailed is not false\)/);
  });

  it('cannot confirm an empty choice when nothing is entailed', () => {
    const none = itemFrame(
      {
        kind: 'mcq',
        slot: 'filler',
        axiom: { subject: EX + 'Myocarditis', relation: EX + 'causedBy', filler: EX + 'Virus' },
        options: [{ key: 'A', iri: EX + 'Heart', name: 'heart' }],
      },
      nameOf,
    );
    expect(checkAnswer({ question, answer: [], reading: none }, ctx.deps).level).toBe('unchecked');
  });

  it("without a frame the answer is unchecked with the reading's reason, whatever the model asked", () => {
    const c = checkAnswer(
      { question, answer: ['A'], reading: { frame: null, reason: 'it names no relation.' } },
      ctx.deps,
    );
    expect(c).toMatchObject({ level: 'unchecked' });
    expect(c.reason).toContain('it names no relation');
  });

  it('an option that is the statement\'s own concept under "is a" is never evidence', () => {
    const q = {
      kind: 'mcq' as const,
      question: 'Which of these is a kind of myocarditis?',
      options: opts('myocarditis', 'viral myocarditis', 'heart'),
    };
    const r = readQuestion(q, ctx.lexicon);
    expect(r.frame).toMatchObject({
      kind: 'choice',
      slot: 'subject',
      relation: { iri: SUBCLASS_OF },
      filler: { iri: EX + 'Myocarditis' },
    });
    const c = checkAnswer({ question: q, answer: ['A'], reading: r }, ctx.deps);
    expect(c.options!.map((o) => o.verdict)).toEqual(['SAME CONCEPT', 'ENTAILED', 'NOT ENTAILED']);
    expect(c.level).not.toBe('entailed');
    expect(checkAnswer({ question: q, answer: ['B'], reading: r }, ctx.deps).level).toBe('entailed');
  });
});

describe('a frame set by hand (4c)', () => {
  it('links the options it leaves unset by their words, as the automatic reading does', () => {
    const question = {
      kind: 'mcq' as const,
      question: 'Where does myocarditis happen?',
      options: opts('myocardium', 'virus', 'no such thing'),
    };
    const body = {
      kind: 'choice' as const,
      slot: 'filler' as const,
      subject: { iri: EX + 'Myocarditis', name: 'myocarditis', from: 'myocarditis' },
      relation: { iri: EX + 'hasSite', name: 'has finding site', from: 'has finding site' },
      filler: null,
      options: question.options.map((o) => ({ key: o.key, text: o.name, term: null })),
    };
    const entity = (iri: string) => ctx.facts.entity(iri);
    const reading = reviewerFrame(body, question, entity, (text, kind) => optionTerm(text, kind, ctx.lexicon));
    const c = checkAnswer({ question, answer: ['A'], reading }, ctx.deps);
    expect(c.options!.map((o) => o.verdict)).toEqual(['ENTAILED', 'NOT ENTAILED', 'UNLINKED']);
    // Without linking (today's hand frame before the fix) every option names nothing.
    const bare = checkAnswer({ question, answer: ['A'], reading: reviewerFrame(body, question, entity) }, ctx.deps);
    expect(bare.options!.map((o) => o.verdict)).toEqual(['UNLINKED', 'UNLINKED', 'UNLINKED']);
  });
});

describe('a negated choice question (the ontology\'s "no")', () => {
  // The positive statements: myocardium part of heart is ENTAILED; the decider is as the core's
  // StatementDecider would answer once it has ruled "virus part of heart" out (CONTRADICTED).
  const verdicts: Record<string, StatementVerdict> = {
    [EX + 'Virus']: { verdict: 'CONTRADICTED', reasoner: 'dl', dlReasoner: 'hermit' },
    [EX + 'Coxsackie']: { verdict: 'CONTRADICTED', reasoner: 'elk' },
    [EX + 'Organism']: { verdict: 'NOT ENTAILED', reasoner: 'dl' },
    [EX + 'Cold']: { verdict: 'UNKNOWN', reasoner: 'dl', unknownReason: 'deadline' },
  };
  const deps = (): CheckDeps => ({
    ...ctx.deps,
    verdict: (s) => (ctx.deps.holds(s) ? { verdict: 'ENTAILED', reasoner: 'elk' } : (verdicts[s.subject] ?? null)),
  });
  const check = (names: string[], answer: string[], kind: 'mcq' | 'single' = 'mcq') => {
    const q = { kind, question: 'Which of these is not part of the heart?', options: opts(...names) };
    return checkAnswer({ question: q, answer, reading: readQuestion(q, ctx.lexicon) }, deps());
  };

  it('choosing exactly the contradicted options is entailed; an entailed one chosen is refuted', () => {
    const ok = check(['myocardium', 'virus', 'coxsackievirus'], ['B', 'C']);
    expect(ok.level).toBe('entailed');
    expect(ok.statement).toBe('not ? — part of — heart');
    expect(ok.options!.map((o) => o.verdict)).toEqual(['ENTAILED', 'CONTRADICTED', 'CONTRADICTED']);
    expect(ok.options![1]).toMatchObject({ reasoner: 'dl' });
    const refuted = check(['myocardium', 'virus'], ['A', 'B']);
    expect(refuted).toMatchObject({ level: 'not-entailed', failed: ['A'] });
    const missed = check(['myocardium', 'virus', 'coxsackievirus'], ['B']);
    expect(missed).toMatchObject({ level: 'not-entailed', failed: ['C'] });
    expect(check(['myocardium', 'virus', 'coxsackievirus'], ['B'], 'single').level).toBe('entailed');
  });

  it('a NOT ENTAILED or UNKNOWN option stays open, never false', () => {
    const open = check(['myocardium', 'virus', 'organism'], ['B', 'C']);
    expect(open.level).toBe('unchecked');
    expect(open.reason).toContain('neither entails nor rules out option C');
    // Left out, it still leaves the answer undecided.
    expect(check(['myocardium', 'virus', 'cold'], ['B']).level).toBe('unchecked');
  });

  it('a yes/no question: "no" is checked when the statement is contradicted', () => {
    const yn = (answer: string) => {
      const q = { kind: 'free' as const, question: 'Is the virus part of the heart?' };
      return checkAnswer({ question: q, answer, reading: readQuestion(q, ctx.lexicon) }, deps());
    };
    expect(yn('No.').level).toBe('entailed');
    expect(yn('No.').reason).toContain('rules out');
    expect(yn('Yes, it is.').level).toBe('not-entailed');
    // Without the three-valued verdict a "no" stays open (open world).
    const q = { kind: 'free' as const, question: 'Is the virus part of the heart?' };
    expect(checkAnswer({ question: q, answer: 'No.', reading: readQuestion(q, ctx.lexicon) }, ctx.deps).level).toBe(
      'unchecked',
    );
  });
});

describe('checks of an open question against its frame', () => {
  const question = { kind: 'oq' as const, question: 'Which disorders have finding site heart?' };
  let reading: FrameReading;
  beforeAll(() => {
    reading = itemFrame(
      { kind: 'oq', root: EX + 'Disorder', conditions: [{ relation: EX + 'hasSite', filler: EX + 'Heart' }] },
      nameOf,
    );
  });

  it('is entailed when every named concept is in the whole answer set; recall is against all of it', () => {
    const c = checkAnswer({ question, answer: ['myocarditis', 'cardiac disease'], reading }, ctx.deps);
    expect(c.level).toBe('entailed');
    expect(c.precision).toBe(1);
    // heart disease, myocarditis, viral myocarditis, endocarditis: 2 of 4 named (the query service's cap of 2 plays no part).
    expect(c.answerSet).toBe(4);
    expect(c.recall).toBe(0.5);
  });

  it('is not entailed when a named concept is outside the set', () => {
    const c = checkAnswer({ question, answer: ['myocarditis', 'coxsackievirus'], reading }, ctx.deps);
    expect(c).toMatchObject({ level: 'not-entailed', precision: 0.5, outside: ['coxsackievirus'] });
  });

  it('takes the IRIs a method gives instead of linking names', () => {
    const c = checkAnswer(
      { question, answer: ['renamed A', 'renamed B'], reading, answerIris: [EX + 'Myocarditis', EX + 'Endocarditis'] },
      ctx.deps,
    );
    expect(c).toMatchObject({ level: 'entailed', precision: 1, recall: 0.5 });
  });
});

describe('checks of a free question against its frame', () => {
  const ask = (question: string, answer: string) => {
    const q = { kind: 'free' as const, question };
    return checkAnswer({ question: q, answer, reading: readQuestion(q, ctx.lexicon) }, ctx.deps);
  };

  it('a yes/no statement: polarity against the verdict, "no" to a non-entailed one stays open', () => {
    expect(ask('Is the myocardium part of the heart?', 'Yes, it is.').level).toBe('entailed');
    expect(ask('Is the myocardium part of the heart?', 'No.').level).toBe('not-entailed');
    expect(ask('Is the myocardium part of the heart valve?', 'Yes.').level).toBe('not-entailed');
    expect(ask('Is the myocardium part of the heart valve?', 'No, it is not.').level).toBe('unchecked');
  });

  it('an open place: the concepts the answer names are put in it', () => {
    const ok = ask('Where is viral myocarditis located?', 'In the heart muscle.');
    expect(ok).toMatchObject({ level: 'entailed', statement: 'viral myocarditis — located in — ?' });
    expect(ask('Where is viral myocarditis located?', 'In the heart valve.').level).toBe('not-entailed');
    expect(ask('Where is viral myocarditis located?', 'Somewhere in the body.').level).toBe('unchecked');
  });

  it('a question that states no relation leaves the answer unchecked', () => {
    expect(ask('Tell me about myocarditis.', 'It is an inflammation.').level).toBe('unchecked');
  });
});

describe('a single-choice question where the ontology entails more than one option', () => {
  const q = (kind: 'single' | 'mcq') => ({
    kind,
    question: 'Which of these is a kind of heart disease?',
    options: opts('myocarditis', 'endocarditis', 'virus'),
  });
  const check = (kind: 'single' | 'mcq', answer: string[]) =>
    checkAnswer({ question: q(kind), answer, reading: readQuestion(q(kind), ctx.lexicon) }, ctx.deps);

  it('an entailed pick is entailed, and the reason names the other entailed option', () => {
    const c = check('single', ['A']);
    expect(c.level).toBe('entailed');
    expect(c.reason).toContain('it entails B too, and the question asks for one');
    expect(c.failed).toEqual([]);
  });

  it('a pick the reasoner does not entail is still wrong, and a multiple choice still wants them all', () => {
    expect(check('single', ['C']).level).toBe('not-entailed');
    expect(check('mcq', ['A']).level).toBe('not-entailed');
  });
});

describe('a "not entailed" that rests on axioms ELK reads only in part', () => {
  // As if "heart disease" were defined with a union or a universal: ELK cannot see all it entails.
  let blind: FrameContext;
  let blindQueries: QueryService;
  let done = () => {};
  beforeAll(async () => {
    const f = await handleFromDump(clinicalDump(), undefined, { load: { outsideEl: [EX + 'HeartDisease'] } });
    done = f.cleanup;
    blindQueries = new QueryService(f.handle, { maxResults: 2 });
    blind = frameContext(f.handle, blindQueries.names);
  });

  it("the model's own ASK says the same: not entailed by what ELK reads, and why", async () => {
    const r = await blindQueries.run('ASK { "virus" "is a" "heart disease" }');
    expect(r.verdict).toBe('NOT ENTAILED');
    expect(r.observation).toContain('axioms about heart disease use constructs outside OWL 2 EL');
    const plain = await blindQueries.run('ASK { "virus" "is a" "organism" }');
    expect(plain.observation).toBe('every virus is a organism: ENTAILED');
  });
  afterAll(() => done());

  const kindQuestion = {
    kind: 'mcq' as const,
    question: 'Which of these is a kind of heart disease?',
    options: opts('myocarditis', 'virus'),
  };
  const check = (c: FrameContext, q: Parameters<typeof readQuestion>[0], answer: string | string[]) =>
    checkAnswer({ question: q, answer, reading: readQuestion(q, c.lexicon) }, c.deps);

  it('a chosen option ELK does not entail is unchecked, not wrong, and the option names the classes', () => {
    const c = check(blind, kindQuestion, ['A', 'B']);
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain('axioms about heart disease use constructs outside OWL 2 EL');
    expect(c.options![1]).toMatchObject({ verdict: 'NOT ENTAILED', outsideEl: ['heart disease'] });
    expect(c.options![0].outsideEl).toBeUndefined();
    // The same answer over an ontology ELK reads whole is a disagreement.
    expect(check(ctx, kindQuestion, ['A', 'B']).level).toBe('not-entailed');
  });

  it('leaving out an option ELK cannot rule out is not entailed: every option must be decided (4b)', () => {
    const c = check(blind, kindQuestion, ['A']);
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain('Option B was left out, but the reasoner cannot rule it out');
    expect(check(ctx, kindQuestion, ['A']).level).toBe('entailed');
    const single = { ...kindQuestion, kind: 'single' as const };
    expect(check(blind, single, ['A']).level).toBe('entailed');
  });

  it('an entailed option left out is still a disagreement: ELK\'s "entailed" is sound', () => {
    expect(check(blind, kindQuestion, ['B']).level).toBe('not-entailed');
  });

  it('a yes/no answer and an open answer ELK cannot confirm are unchecked', () => {
    const yes = check(blind, { kind: 'free', question: 'Is a virus a heart disease?' }, 'Yes.');
    expect(yes.level).toBe('unchecked');
    expect(yes.reason).toContain('outside OWL 2 EL');
    expect(check(ctx, { kind: 'free', question: 'Is a virus a heart disease?' }, 'Yes.').level).toBe('not-entailed');
    const open = check(blind, { kind: 'oq', question: 'Name the kinds of heart disease.' }, 'virus');
    expect(open.level).toBe('unchecked');
    expect(check(ctx, { kind: 'oq', question: 'Name the kinds of heart disease.' }, 'virus').level).toBe(
      'not-entailed',
    );
  });
});

describe('a statement about an unsatisfiable class', () => {
  // "impossible disorder" can have no instances: ELK puts it under everything.
  let ux: FrameContext;
  let done = () => {};
  beforeAll(async () => {
    const f = await handleFromDump([
      ...clinicalDump(),
      { t: 'class', iri: EX + 'Impossible', annotations: [label('impossible disorder')], deprecated: false },
      { t: 'hier', c: EX + 'Impossible', parents: [EX + 'Disorder'], equivalents: [] },
      { t: 'unsat', c: EX + 'Impossible' },
    ]);
    done = f.cleanup;
    ux = frameContext(f.handle, new QueryService(f.handle, { maxResults: 2 }).names);
  });
  afterAll(() => done());
  const check = (q: Parameters<typeof readQuestion>[0], answer: string | string[]) =>
    checkAnswer({ question: q, answer, reading: readQuestion(q, ux.lexicon) }, ux.deps);

  it('choosing it is no evidence, and leaving it out is no disagreement', () => {
    const q = {
      kind: 'mcq' as const,
      question: 'Which of these is a kind of heart disease?',
      options: opts('myocarditis', 'impossible disorder'),
    };
    const both = check(q, ['A', 'B']);
    expect(both.options!.map((o) => o.verdict)).toEqual(['ENTAILED', 'UNSATISFIABLE']);
    expect(both.level).toBe('unchecked');
    expect(both.reason).toContain('unsatisfiable class');
    expect(check(q, ['A']).level).toBe('entailed');
  });

  it('a yes/no question about it is unchecked, though ELK "entails" it', () => {
    const r = check({ kind: 'free', question: 'Is the impossible disorder part of the heart?' }, 'Yes.');
    expect(r.level).toBe('unchecked');
    expect(r.reason).toContain('impossible disorder is unsatisfiable');
  });
});

describe('an ontology whose import could not be loaded', () => {
  // Offline, an import is skipped: the closure lacks whatever it entails, about any class.
  let gap: FrameContext;
  let gapQueries: QueryService;
  let done = () => {};
  beforeAll(async () => {
    const f = await handleFromDump(clinicalDump(), undefined, {
      warnings: [
        {
          code: 'unresolved-import',
          message: 'The import http://example.org/more was not found locally and was skipped (no network access).',
          iri: 'http://example.org/more',
        },
      ],
    });
    done = f.cleanup;
    gapQueries = new QueryService(f.handle, { maxResults: 2 });
    gap = frameContext(f.handle, gapQueries.names);
  });
  afterAll(() => done());
  const q = {
    kind: 'mcq' as const,
    question: 'Which of these is a kind of heart disease?',
    options: opts('myocarditis', 'virus'),
  };

  it('a chosen option it does not entail is unchecked, naming the import; a left-out entailed one is still wrong', () => {
    const c = checkAnswer({ question: q, answer: ['A', 'B'], reading: readQuestion(q, gap.lexicon) }, gap.deps);
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain('the ontology imports http://example.org/more, which could not be loaded');
    expect(checkAnswer({ question: q, answer: ['B'], reading: readQuestion(q, gap.lexicon) }, gap.deps).level).toBe(
      'not-entailed',
    );
  });

  it("the model's ASK observation names the import too", async () => {
    const r = await gapQueries.run('ASK { "virus" "is a" "heart disease" }');
    expect(r.observation).toContain('the import http://example.org/more could not be loaded');
  });
});

describe('answers that do not plainly commit', () => {
  const yn = (answer: string) => {
    const q = { kind: 'free' as const, question: 'Is the myocardium part of the heart?' };
    return checkAnswer({ question: q, answer, reading: readQuestion(q, ctx.lexicon) }, ctx.deps);
  };

  it('a yes/no answer that turns or hedges is unchecked, not read as a denial', () => {
    expect(yn('It is not part of the virus, but yes it is part of the heart.').level).toBe('unchecked');
    expect(yn('Maybe.').level).toBe('unchecked');
    expect(yn("I don't know.").reason).toContain('does not plainly say yes or no');
    expect(yn('Yes.').level).toBe('entailed');
    expect(yn('No, it is not.').level).toBe('not-entailed');
    expect(yn('It is part of the heart.').level).toBe('entailed');
  });

  it('an answer that neither says yes or no nor restates the statement takes no side (4a)', () => {
    const c = yn('The document is incomplete, so the context does not cover this.');
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain('takes no side');
    expect(yn('The myocardium is a muscle.').level).toBe('unchecked');
    expect(yn('The heart.').level).toBe('entailed');
    expect(yn('It is not part of the heart.').level).toBe('not-entailed');
  });

  it('an open answer that names nothing the ontology knows is unchecked, not "does not meet the conditions"', () => {
    const q = { kind: 'oq' as const, question: 'Which kinds of heart disease have finding site some myocardium?' };
    const c = checkAnswer({ question: q, answer: ['myocardits'], reading: readQuestion(q, ctx.lexicon) }, ctx.deps);
    expect(c.level).toBe('unchecked');
    expect(c.reason).toContain('name nothing the ontology knows (myocardits)');
    const known = checkAnswer(
      { question: q, answer: ['endocarditis'], reading: readQuestion(q, ctx.lexicon) },
      ctx.deps,
    );
    expect(known.level).toBe('not-entailed');
  });
});
