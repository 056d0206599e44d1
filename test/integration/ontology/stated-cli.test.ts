/** `oarag card` prints the card, then its parents and links marked stated or inferred (real bridge). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';

const CLINICAL = join(__dirname, '..', '..', 'fixtures', 'el', 'clinical.ofn');
const h = cliHarness('oarag-cli-stated-');

describe('oarag card: stated and inferred', () => {
  it('marks each parent and link', async () => {
    const r = await h.cli(['card', 'pneumococcal pneumonia', '--ontology', CLINICAL]);
    expect(r.code).toBe(0);
    const [card, stated] = r.out.split('\n\nstated and inferred:\n');
    expect(card).toContain('name: pneumococcal pneumonia');
    expect(stated.split('\n')).toEqual(
      expect.arrayContaining([
        '  parent: bacterial pneumonia [inferred]',
        '  parent: pneumonia [stated, a more specific parent is inferred]',
        '  link: caused by some Streptococcus pneumoniae [stated]',
        '  link: has finding site some lung [inherited from lung disease]',
      ]),
    );
  });

  it('gives an unsatisfiable class its stated parents, and the JSON carries the marks', async () => {
    const r = await h.cli(['card', 'chimeric pathogen', '--ontology', CLINICAL, '--json']);
    expect(r.code).toBe(0);
    const card = JSON.parse(r.out) as { parents: unknown[]; statedInferred: { parents: { name: string }[] } };
    expect(card.parents).toEqual([]);
    expect(card.statedInferred.parents.map((p) => p.name)).toEqual(['bacterium', 'virus']);
    const text = await h.cli(['card', 'chimeric pathogen', '--ontology', CLINICAL]);
    expect(text.out).toContain('  parent: bacterium [stated]\n  parent: virus [stated]');
  });
});
