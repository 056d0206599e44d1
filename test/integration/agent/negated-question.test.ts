/**
 * Issue #35: the ontology's "no". A negated choice question on uberon-musculoskeletal (its disjointness
 * axioms make some statements CONTRADICTED) is read with its negation kept, checked against the
 * verdicts, and answered from them by the policy.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';

const UBERON = sharedOntology('uberon-musculoskeletal.obo');
const h = cliHarness('oarag-negated-');

const QUESTION = 'Which of these is the skeletal system not a kind of?';
const OPTIONS = ['anatomical system', 'nervous system', 'immune system', 'bone'];

interface Checked {
  level: string;
  statement: string;
  reason: string;
  options: { key: string; verdict: string; reasoner?: string; chosen: boolean }[];
}

async function ask(answer: string[] | null, driver: 'react' | 'policy') {
  const a = JSON.stringify({ answer: answer ?? [] });
  const model = join(h.dir, `m-${driver}-${(answer ?? []).join('')}.json`);
  writeFileSync(
    model,
    JSON.stringify([
      `Thought: a guess.\n${a}`,
      `Thought: I now know the answer\nAnswer: ${a}`,
      a,
      '{"evidence": [], "grounding": "entailed"}',
    ]),
  );
  const item = join(h.dir, 'q.json');
  const keys = 'ABCD';
  writeFileSync(
    item,
    JSON.stringify({ kind: 'mcq', question: QUESTION, options: OPTIONS.map((name, i) => ({ key: keys[i], name })) }),
  );
  const r = await h.cli([
    'ask',
    '--ontology',
    UBERON!,
    '--model',
    `scripted:${model}`,
    '--item',
    item,
    '--driver',
    driver,
    '--json',
    '--no-history',
  ]);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as { answer: string[]; checked: Checked; frame: { frame: { negated?: boolean } | null } };
}

describe.skipIf(!UBERON)('a negated choice question on uberon-musculoskeletal', () => {
  it('is read with its negation, and the chosen CONTRADICTED options are checked entailed', async () => {
    const out = await ask(['B', 'C', 'D'], 'react');
    expect(out.frame.frame?.negated).toBe(true);
    expect(out.checked.statement).toBe('not skeletal system — is a — ?');
    expect(out.checked.options.map((o) => o.verdict)).toEqual([
      'ENTAILED',
      'CONTRADICTED',
      'CONTRADICTED',
      'CONTRADICTED',
    ]);
    expect(out.checked.level).toBe('entailed');
    // Choosing the entailed option is refuted; leaving a contradicted one out disagrees too.
    const wrong = await ask(['A', 'B'], 'react');
    expect(wrong.checked).toMatchObject({ level: 'not-entailed' });
    expect(wrong.checked.reason).toContain('chosen but entailed, so not an answer: A');
    expect((await ask(['B'], 'react')).checked.level).toBe('not-entailed');
  }, 240_000);

  it('the policy answers from the verdicts: the options the ontology rules out', async () => {
    const out = await ask(null, 'policy');
    expect(out.answer).toEqual(['B', 'C', 'D']);
    expect(out.checked.level).toBe('entailed');
  }, 240_000);
});
