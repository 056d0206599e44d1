import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLexicon } from '../../../../src-main/agent/frame/handle-lexicon';
import type { FrameReading } from '../../../../src-main/agent/frame/frame-types';
import type { Lexicon } from '../../../../src-main/agent/frame/mentions';
import { negationIn, quantifierIn } from '../../../../src-main/agent/frame/question-words';
import { readQuestion } from '../../../../src-main/agent/frame/read-question';
import { fillerQuestion, openQuestion } from '../../../../src-main/datasets/generate/templates';
import { SUBCLASS_OF } from '../../../../src-main/query/exec/closure-facts';
import { clinicalDump, EX, handleFromDump, label } from '../../../support/dump-fixture';

let lex: Lexicon;
let cleanup = () => {};
beforeAll(async () => {
  const f = await handleFromDump(clinicalDump());
  cleanup = f.cleanup;
  lex = handleLexicon(f.handle);
});
afterAll(() => cleanup());

const opts = (...names: string[]) => names.map((name, i) => ({ key: String.fromCharCode(65 + i), name }));
const iri = (id: string) => EX + id;
const choice = (r: FrameReading) => {
  if (r.frame?.kind !== 'choice') throw new Error(`no choice frame: ${r.reason}`);
  return r.frame;
};

describe('readQuestion: a choice question', () => {
  it('reads the concept before the relation as the subject: the options fill the filler', () => {
    const r = readQuestion(
      {
        kind: 'mcq',
        question: 'Which of these is the myocardium part of?',
        options: opts('heart', 'heart valve', 'virus'),
      },
      lex,
    );
    const f = choice(r);
    expect(f).toMatchObject({
      slot: 'filler',
      subject: { iri: iri('Myocardium') },
      relation: { iri: iri('partOf') },
      filler: null,
    });
    expect(f.options.map((o) => o.term?.iri)).toEqual([iri('Heart'), iri('Valve'), iri('Virus')]);
    expect(f.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('reads the concept after the relation as the filler: the options fill the subject', () => {
    const f = choice(
      readQuestion(
        { kind: 'mcq', question: 'Which of these is part of the heart?', options: opts('myocardium', 'virus') },
        lex,
      ),
    );
    expect(f).toMatchObject({ slot: 'subject', subject: null, filler: { iri: iri('Heart') } });
  });

  it('reads "the R of X" as X being the subject, wherever the blank is', () => {
    for (const question of [
      'What is the causative agent of viral myocarditis?',
      'The causative agent of viral myocarditis is [?]',
      '[?] is the causative agent of viral myocarditis',
    ]) {
      const f = choice(readQuestion({ kind: 'mcq', question, options: opts('virus', 'heart') }, lex));
      expect(f, question).toMatchObject({
        slot: 'filler',
        subject: { iri: iri('ViralMyocarditis') },
        relation: { iri: iri('causedBy') },
        filler: null,
      });
    }
  });

  it('keeps a plain negation in a choice frame: the right options are those the ontology rules out', () => {
    for (const question of [
      'Which of these is not part of the heart?',
      'Which of these is NOT part of the heart?',
      'Which of these is never part of the heart?',
      "Which of these isn't part of the heart?",
    ]) {
      const r = readQuestion({ kind: 'mcq', question, options: opts('myocardium', 'virus') }, lex);
      expect(choice(r), question).toMatchObject({
        negated: true,
        slot: 'subject',
        relation: { iri: iri('partOf') },
        filler: { iri: iri('Heart') },
      });
      expect(r.reason, question).toMatch(/negated \(".*"\): the right options are those the ontology rules out/);
    }
    const subject = readQuestion(
      { kind: 'mcq', question: 'Which of these is the myocardium not part of?', options: opts('heart', 'virus') },
      lex,
    );
    expect(choice(subject)).toMatchObject({ negated: true, slot: 'filler', subject: { iri: iri('Myocardium') } });
  });

  it('never checks any other negation: its right answers are the options the statement does not hold for', () => {
    for (const question of [
      'Which of these is part of the heart, except one?',
      'Which of these is not never part of the heart?',
    ]) {
      const r = readQuestion({ kind: 'mcq', question, options: opts('myocardium', 'virus') }, lex);
      expect(r.frame, question).toBeNull();
      expect(r.suggestion, question).toBeUndefined();
      expect(r.reason, question).toMatch(/^The question is negated/);
    }
    const free = readQuestion({ kind: 'free', question: 'Is the myocardium not part of the heart?' }, lex);
    expect(free.frame).toBeNull();
    const open = readQuestion({ kind: 'oq', question: 'Which disorders have no finding site in the heart?' }, lex);
    expect(open.frame).toBeNull();
    // A name in quotes is the ontology's, not the question's: "not" inside it negates nothing.
    expect(negationIn('Which of these is part of "not a heart"?')).toBeNull();
  });

  it('a statement nested in another ("… a finding site that is part of the heart") is a suggestion, not a check', () => {
    for (const [kind, question] of [
      ['mcq', 'Which of these has a finding site that is part of the heart?'],
      ['oq', 'Which disorders have a finding site that is part of the heart?'],
    ] as const) {
      const r = readQuestion({ kind, question, options: opts('myocarditis', 'virus') }, lex);
      expect(r.frame, question).toBeNull();
      expect(r.suggestion, question).toBeDefined();
      expect(r.reason, question).toMatch(/nests one statement in another \("that"\)/);
    }
  });

  it('a relation named only by its head, or two concepts in one place, is a suggestion, not a check', () => {
    const partial = readQuestion(
      { kind: 'mcq', question: 'The heart has which of these as a part?', options: opts('myocardium', 'virus') },
      lex,
    );
    expect(partial.frame).toBeNull();
    expect(partial.suggestion).toBeDefined();
    const two = readQuestion(
      {
        kind: 'mcq',
        question: 'Which of these is part of the myocardium or the heart?',
        options: opts('heart valve', 'virus'),
      },
      lex,
    );
    expect(two.frame).toBeNull();
    expect(two.reason).toContain('the question names "heart" too');
  });

  it('reads the generated template by its blank and quotes', () => {
    const f = choice(
      readQuestion(
        {
          kind: 'mcq',
          question:
            'Complete this statement about "myocarditis": every "myocarditis" is related by "has finding site" to some [?]. Choose every option.',
          options: opts('myocardium', 'heart', 'virus'),
        },
        lex,
      ),
    );
    expect(f).toMatchObject({
      slot: 'filler',
      subject: { iri: iri('Myocarditis') },
      relation: { iri: iri('hasSite') },
    });
  });

  it('reads relations as options: the question names both concepts', () => {
    const f = choice(
      readQuestion(
        {
          kind: 'single',
          question: 'How is every myocarditis related to some myocardium?',
          options: opts('has finding site', 'causative agent', 'part of'),
        },
        lex,
      ),
    );
    expect(f).toMatchObject({
      slot: 'relation',
      subject: { iri: iri('Myocarditis') },
      filler: { iri: iri('Myocardium') },
    });
    expect(f.options.map((o) => o.term?.iri)).toEqual([iri('hasSite'), iri('causedBy'), iri('partOf')]);
  });

  it('gives no frame when the question names no relation, and says so', () => {
    const r = readQuestion(
      { kind: 'mcq', question: 'Which of these goes with the myocardium?', options: opts('heart', 'virus') },
      lex,
    );
    expect(r.frame).toBeNull();
    expect(r.reason).toMatch(/no relation/);
  });

  it('a label two classes share keeps the reading below the threshold, as a suggestion', () => {
    const r = readQuestion(
      { kind: 'mcq', question: 'Which of these is the cold part of?', options: opts('heart', 'virus') },
      lex,
    );
    expect(r.frame).toBeNull();
    expect(r.suggestion?.kind).toBe('choice');
  });
});

describe('readQuestion: a generated question pasted whole, with its instruction sentence', () => {
  it('reads the statement, not "Choose every option … no option that is only plausible"', () => {
    const f = choice(
      readQuestion(
        {
          kind: 'mcq',
          question: fillerQuestion('myocarditis', 'has finding site'),
          options: opts('myocardium', 'virus'),
        },
        lex,
      ),
    );
    expect(f).toMatchObject({
      slot: 'filler',
      subject: { iri: iri('Myocarditis') },
      relation: { iri: iri('hasSite') },
    });
  });

  it('reads an open question\'s conditions ("that meet all of these conditions" nests nothing)', () => {
    const r = readQuestion(
      {
        kind: 'oq',
        question: openQuestion('disorder', [
          { r: 'has finding site', b: 'heart' },
          { r: 'causative agent', b: 'virus' },
        ]),
      },
      lex,
    );
    expect(r.frame).toMatchObject({
      kind: 'open',
      root: { iri: iri('Disorder') },
      conditions: [
        { relation: { iri: iri('hasSite') }, filler: { iri: iri('Heart') } },
        { relation: { iri: iri('causedBy') }, filler: { iri: iri('Virus') } },
      ],
    });
  });

  it('keeps a one-sentence question that reads like an instruction', () => {
    const r = readQuestion(
      { kind: 'mcq', question: 'Select the options that are part of the heart.', options: opts('myocardium', 'virus') },
      lex,
    );
    // Kept whole: "that" still makes it a nested statement, a suggestion only.
    expect(r.suggestion).toMatchObject({ filler: { iri: iri('Heart') } });
  });
});

describe('readQuestion: open and free questions', () => {
  it('takes a root only from "which X" or "kinds of X", reads plurals, and never "or" as "and"', () => {
    const read = (question: string) => readQuestion({ kind: 'oq', question }, lex);
    // The heart is not the root: its subclasses are not the heart's parts.
    expect(read('What are the parts of the heart?').frame).toBeNull();
    expect(read('What is the finding site of viral myocarditis?').frame).toBeNull();
    expect(read('Which heart diseases are there?').frame).toMatchObject({ root: { iri: iri('HeartDisease') } });
    const or = read('Which disorders are caused by a virus or located in the heart?');
    expect(or.frame).toBeNull();
    expect(or.reason).toContain('joined by "or"');
    expect(read('Which disorders are caused by a virus and located in the heart?').frame).toMatchObject({
      root: { iri: iri('Disorder') },
      conditions: [{ relation: { iri: iri('causedBy') } }, { relation: { iri: iri('locatedIn') } }],
    });
  });

  it('reads a root and a condition', () => {
    // "have finding site" is the label's plain form ("has finding site").
    const plain = readQuestion(
      { kind: 'oq', question: 'Which kinds of heart disease have finding site some myocardium?' },
      lex,
    );
    expect(plain.frame).toMatchObject({
      kind: 'open',
      root: { iri: iri('HeartDisease') },
      conditions: [{ relation: { iri: iri('hasSite') }, filler: { iri: iri('Myocardium') } }],
    });
    const r = readQuestion({ kind: 'oq', question: 'Which kinds of heart disease affect some myocardium?' }, lex);
    // "affect" names no relation: read without it, the answers would be checked as mere kinds of heart
    // disease, so the reading is only a suggestion.
    expect(r.frame).toBeNull();
    expect(r.suggestion).toMatchObject({ kind: 'open', root: { iri: iri('HeartDisease') } });
    expect(r.reason).toContain('"myocardium" takes no place in the reading');
    const r2 = readQuestion(
      { kind: 'oq', question: 'Name kinds of "disorder" related by "has finding site" to some "heart".' },
      lex,
    );
    expect(r2.frame).toMatchObject({
      kind: 'open',
      root: { iri: iri('Disorder') },
      conditions: [{ relation: { iri: iri('hasSite') }, filler: { iri: iri('Heart') } }],
    });
  });

  it('reads a yes/no statement and an open place', () => {
    const yn = readQuestion({ kind: 'free', question: 'Is the myocardium part of the heart?' }, lex);
    expect(yn.frame).toMatchObject({
      kind: 'free',
      statement: { subject: { iri: iri('Myocardium') }, filler: { iri: iri('Heart') } },
    });
    const where = readQuestion({ kind: 'free', question: 'Where is viral myocarditis located?' }, lex);
    expect(where.frame).toMatchObject({
      kind: 'free',
      statement: { subject: { iri: iri('ViralMyocarditis') }, relation: { iri: iri('locatedIn') }, filler: null },
    });
  });
});

describe('readQuestion: words that turn the hierarchy around, bound the answer or sit between the places', () => {
  const heartOptions = opts('heart disease', 'disorder', 'virus');

  it('reads "a superclass (parent) of X" as X being the subclass: the options fill the filler of "is a"', () => {
    for (const question of [
      'Which of these is a superclass of myocarditis?',
      'Which of these is a parent of myocarditis?',
      'Which of these is more general than myocarditis?',
      'Myocarditis is a subclass of which of these?',
    ]) {
      const f = choice(readQuestion({ kind: 'mcq', question, options: heartOptions }, lex));
      expect(f, question).toMatchObject({
        slot: 'filler',
        subject: { iri: iri('Myocarditis') },
        relation: { iri: SUBCLASS_OF },
        filler: null,
      });
    }
    const down = choice(
      readQuestion(
        { kind: 'mcq', question: 'Which of these is a child of heart disease?', options: opts('myocarditis', 'virus') },
        lex,
      ),
    );
    expect(down).toMatchObject({ slot: 'subject', subject: null, filler: { iri: iri('HeartDisease') } });
  });

  it('turns a yes/no "superclass of" around, and refuses an open question for the classes above a concept', () => {
    const yn = readQuestion({ kind: 'free', question: 'Is heart disease a superclass of myocarditis?' }, lex);
    expect(yn.frame).toMatchObject({
      kind: 'free',
      statement: {
        subject: { iri: iri('Myocarditis') },
        relation: { iri: SUBCLASS_OF },
        filler: { iri: iri('HeartDisease') },
      },
    });
    const up = readQuestion({ kind: 'oq', question: 'What are the superclasses of myocarditis?' }, lex);
    expect(up.frame).toBeNull();
    expect(up.suggestion).toBeUndefined();
    expect(up.reason).toContain('classes above a concept');
  });

  it('a noun between "is a" and the concept ("a regulator of X") makes the reading a suggestion, not a check', () => {
    const r = readQuestion(
      { kind: 'mcq', question: 'Which of these is a cause of myocarditis?', options: heartOptions },
      lex,
    );
    expect(r.frame).toBeNull();
    expect(r.reason).toContain('the words "cause" between "is a" and "myocarditis" are not read');
    const free = readQuestion({ kind: 'free', question: 'Is the virus a cause of myocarditis?' }, lex);
    // Read before as "virus is a myocarditis": now only the concepts it is about, with no statement.
    expect(free.frame).toMatchObject({ kind: 'free', statement: null });
  });

  it('never checks "only", "exactly" or "at most": the reasoner confirms some filler, not a bound', () => {
    for (const [question, word] of [
      ['Which of these is only part of the heart?', 'only'],
      ['Which of these is part of exactly one heart?', 'exactly'],
      ['Which of these is part of at most two hearts?', 'at most'],
      ['Which of these is part of at least two hearts?', 'at least'],
    ]) {
      const r = readQuestion({ kind: 'mcq', question, options: opts('myocardium', 'virus') }, lex);
      expect(r.frame, question).toBeNull();
      expect(r.suggestion, question).toBeUndefined();
      expect(r.reason, question).toContain(`("${word}")`);
    }
    expect(quantifierIn('Which of these is part of at least one heart?')).toBeNull();
  });

  it('never checks a question that ranks the options ("the largest part of", "mainly"): a right single pick would read as wrong', () => {
    for (const [question, word] of [
      ['Which of these is the largest part of the heart?', 'largest'],
      ['Which of these is the first part of the heart to form?', 'first'],
      ['Which of these is mainly part of the heart?', 'mainly'],
    ]) {
      const r = readQuestion({ kind: 'mcq', question, options: opts('myocardium', 'heart valve') }, lex);
      expect(r.frame, question).toBeNull();
      expect(r.suggestion, question).toBeUndefined();
      expect(r.reason, question).toContain(`("${word}")`);
    }
  });

  it('"part of every heart" quantifies the filler, so the reading is only a suggestion; "part of some heart" is read', () => {
    const every = readQuestion(
      { kind: 'mcq', question: 'Which of these is part of every heart?', options: opts('myocardium', 'virus') },
      lex,
    );
    expect(every.frame).toBeNull();
    expect(every.reason).toContain('the words "every" between "part of" and "heart"');
    const some = readQuestion(
      { kind: 'mcq', question: 'Which of these is part of some heart?', options: opts('myocardium', 'virus') },
      lex,
    );
    expect(some.frame).toMatchObject({ filler: { iri: iri('Heart') } });
  });

  it('an option names a concept only when nothing but articles or a parenthesis is left over ("heart wall" is not the heart)', () => {
    const f = choice(
      readQuestion(
        {
          kind: 'mcq',
          question: 'Which of these is the myocardium part of?',
          options: opts('heart (organ)', 'heart wall', 'the heart valve'),
        },
        lex,
      ),
    );
    expect(f.options.map((o) => o.term?.iri ?? null)).toEqual([iri('Heart'), null, iri('Valve')]);
  });

  it('"Is it true that …" asks about the one statement after "that"', () => {
    const r = readQuestion({ kind: 'free', question: 'Is it true that the myocardium is part of the heart?' }, lex);
    expect(r.frame).toMatchObject({
      kind: 'free',
      statement: {
        subject: { iri: iri('Myocardium') },
        relation: { iri: iri('partOf') },
        filler: { iri: iri('Heart') },
      },
    });
  });

  it('reads "lacks", "fails to", "rarely" and "other than" as negations', () => {
    for (const [question, word] of [
      ['Which of these lacks a finding site in the heart?', 'lacks'],
      ['Which of these fails to be part of the heart?', 'fails'],
      ['Which of these is rarely part of the heart?', 'rarely'],
      ['Which of these, other than the myocardium, is part of the heart?', 'other than'],
    ]) {
      const r = readQuestion({ kind: 'mcq', question, options: opts('heart valve', 'virus') }, lex);
      expect(r.frame, question).toBeNull();
      expect(r.reason, question).toContain(`negated ("${word}")`);
    }
  });
});

describe('readQuestion: a relation said in its plain form ("does X develop from")', () => {
  let dev: Lexicon;
  let done = () => {};
  beforeAll(async () => {
    const f = await handleFromDump([
      ...clinicalDump(),
      { t: 'class', iri: EX + 'MainValve', annotations: [label('main valve')], deprecated: false },
      { t: 'hier', c: EX + 'MainValve', parents: [EX + 'Anatomy'], equivalents: [] },
      {
        t: 'property',
        iri: EX + 'developsFrom',
        annotations: [label('develops from')],
        deprecated: false,
        transitive: false,
        reflexive: false,
        parents: [],
        chains: [],
      },
    ]);
    done = f.cleanup;
    dev = handleLexicon(f.handle);
  });
  afterAll(() => done());

  it('reads "does X develop from" as "develops from", with X the subject', () => {
    const f = choice(
      readQuestion(
        { kind: 'mcq', question: 'What does the myocardium develop from?', options: opts('heart', 'virus') },
        dev,
      ),
    );
    expect(f).toMatchObject({
      slot: 'filler',
      subject: { iri: iri('Myocardium') },
      relation: { iri: iri('developsFrom') },
    });
    // A ranking word inside one of the ontology's names ranks nothing.
    expect(
      readQuestion(
        { kind: 'mcq', question: 'Which of these is part of the main valve?', options: opts('heart', 'virus') },
        dev,
      ).frame,
    ).toMatchObject({ filler: { iri: iri('MainValve') } });
    // The fixture's own relations are unchanged: "has finding site" is still read by its label only.
    expect(dev.exact('have finding site')[0]?.iri).toBe(iri('hasSite'));
  });
});

describe('readQuestion: a word the ontology names only as the start of a longer name (4e)', () => {
  let cells: Lexicon;
  let done = () => {};
  beforeAll(async () => {
    const cls = (id: string, name: string) => [
      { t: 'class' as const, iri: EX + id, annotations: [label(name)], deprecated: false },
      { t: 'hier' as const, c: EX + id, parents: [] as string[], equivalents: [] as string[] },
    ];
    const f = await handleFromDump([
      ...clinicalDump(),
      ...cls('Cell', 'cell'),
      ...cls('PhotoreceptorCell', 'photoreceptor cell'),
      ...cls('Cone', 'retinal cone cell'),
    ]);
    done = f.cleanup;
    cells = handleLexicon(f.handle);
  });
  afterAll(() => done());
  const options = opts('retinal cone cell', 'heart');

  it('links "photoreceptor" to "photoreceptor cell" when the question\'s own noun completes the name', () => {
    const r = readQuestion(
      { kind: 'mcq', question: 'Which of these cells is a kind of photoreceptor?', options },
      cells,
    );
    expect(choice(r)).toMatchObject({
      slot: 'subject',
      relation: { iri: SUBCLASS_OF },
      filler: { iri: iri('PhotoreceptorCell'), from: 'photoreceptor' },
    });
  });

  it('an unlinked word where a place of the statement would be makes the reading a suggestion', () => {
    const after = readQuestion({ kind: 'mcq', question: 'Which of these cells is a kind of neuron?', options }, cells);
    expect(after.frame).toBeNull();
    expect(after.reason).toContain('"neuron" names nothing the ontology knows');
    const before = readQuestion(
      { kind: 'mcq', question: 'Which of these glial things are part of the heart?', options },
      cells,
    );
    expect(before.frame).toBeNull();
    expect(before.suggestion).toMatchObject({ filler: { iri: iri('Heart') } });
    // Nothing unlinked: read as before.
    expect(
      readQuestion({ kind: 'mcq', question: 'Which of these is part of the heart?', options }, cells).frame,
    ).not.toBeNull();
  });
});
