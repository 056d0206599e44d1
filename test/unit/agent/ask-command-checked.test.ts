import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';
import { clinicalDump, handleFromDump } from '../../support/dump-fixture';

const harness = cliHarness('oarag-ask-checked-', { fixture: () => handleFromDump(clinicalDump()) });
const { dir, cli } = harness;

const FALSE = 'No, the myocardium is part of the heart valve.';

describe('oarag ask: the reasoner check beside the claim', () => {
  it('prints and stores the checked level; a claimed "entailed" over a NOT ENTAILED observation stays a claim', async () => {
    writeFileSync(
      join(dir, 'false.json'),
      JSON.stringify([
        `Thought: guess.\n{"answer": ${JSON.stringify(FALSE)}}`,
        'Thought: check it\nAction: query(ASK { "myocardium" "part of" "heart valve" })',
        `Thought: I now know the answer\nAnswer: {"answer": ${JSON.stringify(FALSE)}}`,
        `{"answer": ${JSON.stringify(FALSE)}}`,
        '{"evidence": ["E1"], "grounding": "entailed"}',
      ]),
    );
    const r = await cli([
      'ask',
      '--ontology',
      'x.ofn',
      '--model',
      `scripted:${join(dir, 'false.json')}`,
      '--kind',
      'free',
      'Is the myocardium part of the heart valve?',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Grounding (checked by the reasoner): unchecked');
    expect(r.out).toContain('Grounding (claimed by the model): entailed');
    const [row] = harness.container.history.list();
    expect(row).toMatchObject({ grounding: 'entailed', checked: 'unchecked' });

    const j = await cli([
      'ask',
      '--ontology',
      'x.ofn',
      '--model',
      `scripted:${join(dir, 'false.json')}`,
      '--kind',
      'free',
      '--json',
      '--no-history',
      'Is the myocardium part of the heart valve?',
    ]);
    expect(j.code, j.err).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ grounding: 'entailed', checked: { level: 'unchecked' } });
  });
});
