import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McqItem, OqItem } from '../../../../src-main/datasets/generate/dataset';
import {
  checkItems,
  EXCLUDE_GOLD_CHANGED,
  EXCLUDE_STILL_DERIVABLE,
  mcqReasonerAnswer,
  oqReasonerAnswer,
  reasonerCorrect,
} from '../../../../src-main/datasets/revise/revise-checks';
import { readableExpr } from '../../../../src-main/datasets/revise/revise-changes';
import { fragment } from '../../../../src-main/datasets/revise/revise-service';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump, label } from '../../../support/dump-fixture';

/**
 * Two closures over one signature: "check" = revised + removed restrictions added back (heart ⊑ ∃partOf.body,
 * valve ⊑ ∃partOf.body); "revised" keeps only valve ⊑ ∃partOf.body as an axiom of its own.
 */
function dump(links: [string, string, string][]): DumpRecord[] {
  const cls = (id: string): DumpRecord => ({
    t: 'class',
    iri: EX + id,
    annotations: [label(id.toLowerCase())],
    deprecated: false,
  });
  const hier = (id: string, parents: string[]): DumpRecord => ({
    t: 'hier',
    c: EX + id,
    parents: parents.map((p) => EX + p),
    equivalents: [],
  });
  return [
    {
      t: 'property',
      iri: EX + 'partOf',
      annotations: [label('part of')],
      deprecated: false,
      transitive: false,
      reflexive: false,
      parents: [],
      chains: [],
    },
    {
      t: 'property',
      iri: EX + 'hasPart',
      annotations: [label('has part')],
      deprecated: false,
      transitive: false,
      reflexive: false,
      parents: [],
      chains: [],
    },
    ...['Structure', 'Heart', 'Valve', 'Body', 'Lung'].map(cls),
    hier('Structure', []),
    hier('Heart', ['Structure']),
    hier('Valve', ['Structure']),
    hier('Body', ['Structure']),
    hier('Lung', ['Structure']),
    ...links.map(([s, r, f]): DumpRecord => ({ t: 'link', s: EX + s, r: EX + r, f: EX + f })),
  ];
}

let check: { handle: OntologyHandle; cleanup: () => void };
let revised: { handle: OntologyHandle; cleanup: () => void };
beforeAll(async () => {
  check = await handleFromDump(
    dump([
      ['Heart', 'partOf', 'Body'],
      ['Valve', 'partOf', 'Body'],
    ]),
  );
  revised = await handleFromDump(dump([['Valve', 'partOf', 'Body']]));
});
afterAll(() => {
  check.cleanup();
  revised.cleanup();
});

const opt = (key: string, id: string) => ({ key, iri: EX + id, name: id.toLowerCase() });
const mcq = (
  id: string,
  slot: McqItem['slot'],
  gold: string[],
  options: McqItem['options'],
  axiom = { subject: EX + 'Heart', relation: EX + 'partOf', filler: EX + 'Body' },
): McqItem => ({
  id,
  ontology: 't',
  kind: 'mcq',
  question: '?',
  options,
  gold,
  slot,
  axiom,
  evidence: [],
});

describe('Test 2 checks', () => {
  it('computes MCQ answers per slot', () => {
    const ix = check.handle.closure;
    expect(
      mcqReasonerAnswer(ix, mcq('s', 'subject', [], [opt('A', 'Heart'), opt('B', 'Lung'), opt('C', 'Valve')])),
    ).toEqual(['A', 'C']);
    expect(mcqReasonerAnswer(ix, mcq('f', 'filler', [], [opt('A', 'Lung'), opt('B', 'Body')]))).toEqual(['B']);
    expect(mcqReasonerAnswer(ix, mcq('r', 'relation', [], [opt('A', 'hasPart'), opt('B', 'partOf')]))).toEqual(['B']);
  });

  it('computes OQ answers under the root', () => {
    const oq: OqItem = {
      id: 'o',
      ontology: 't',
      kind: 'oq',
      question: '?',
      root: EX + 'Structure',
      conditions: [{ relation: EX + 'partOf', filler: EX + 'Body' }],
      n: 1,
      answers: [],
      evidence: [],
    };
    expect(oqReasonerAnswer(check.handle.closure, oq).sort()).toEqual([EX + 'Heart', EX + 'Valve']);
    expect(oqReasonerAnswer(revised.handle.closure, oq)).toEqual([EX + 'Valve']);
    expect(
      reasonerCorrect(
        {
          ...oq,
          answers: [
            { iri: EX + 'Heart', name: 'h' },
            { iri: EX + 'Valve', name: 'v' },
          ],
        },
        [EX + 'Valve'],
      ),
    ).toBe(true);
  });

  it('keeps items that need the definitions and excludes the others with a reason', () => {
    const items = [
      mcq('keep', 'subject', ['A', 'C'], [opt('A', 'Heart'), opt('B', 'Lung'), opt('C', 'Valve')]),
      mcq('changed', 'subject', ['A'], [opt('A', 'Heart'), opt('B', 'Lung'), opt('C', 'Valve')]),
      mcq('derivable', 'filler', ['B'], [opt('A', 'Lung'), opt('B', 'Body')], {
        subject: EX + 'Valve',
        relation: EX + 'partOf',
        filler: EX + 'Body',
      }),
      {
        id: 'oq',
        ontology: 't',
        kind: 'oq' as const,
        question: '?',
        root: EX + 'Structure',
        conditions: [{ relation: EX + 'partOf', filler: EX + 'Body' }],
        n: 1,
        answers: [
          { iri: EX + 'Heart', name: 'heart' },
          { iri: EX + 'Valve', name: 'valve' },
        ],
        evidence: [],
      },
    ];
    const out = checkItems(items, check.handle.closure, revised.handle.closure);
    expect(out.kept.map((i) => i.id)).toEqual(['keep']);
    expect(out.excluded).toEqual([
      { id: 'changed', reason: EXCLUDE_GOLD_CHANGED },
      { id: 'derivable', reason: EXCLUDE_STILL_DERIVABLE },
      { id: 'oq', reason: EXCLUDE_STILL_DERIVABLE },
    ]);
  });

  it('renders removed restrictions readably', () => {
    const nameOf = (iri: string) => fragment(iri);
    expect(
      readableExpr(
        {
          t: 'some',
          r: EX + 'partOf',
          f: {
            t: 'and',
            args: [
              { t: 'class', iri: EX + 'Cell' },
              { t: 'some', r: EX + 'hasPart', f: { t: 'class', iri: EX + 'Nucleus' } },
            ],
          },
        },
        nameOf,
      ),
    ).toBe('partOf some (Cell and (hasPart some Nucleus))');
  });
});
