import { describe, expect, it } from 'vitest';
import type { ClassAxioms, StatedInferred } from '../../../../src-main/api/contract';
import { useClassDetailStore } from '../../../../src-renderer/stores/class-detail';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { settle } from './fake-api';
import { storeHarness } from './harness';

const marks = (iri: string) => ({ iri }) as unknown as StatedInferred;
const axioms = (iri: string) => ({ iri }) as unknown as ClassAxioms;

describe('class-detail store: the parts of the open card, each fetched on its own', () => {
  const h = storeHarness();

  it('fetches the marks and (panel open) the axioms of the shown class, once per class and load', async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api.reply('ontology.statedInferred', (p) => marks(p.iri)).reply('ontology.axioms', (p) => axioms(p.iri));
    const s = useClassDetailStore();
    s.show('http://x/A');
    expect(s.marks.loading).toBe(true);
    await settle();
    expect(s.marks).toEqual({ loading: false, value: marks('http://x/A') });
    expect(s.axioms).toEqual({ loading: false, value: axioms('http://x/A') });
    s.show('http://x/A');
    await settle();
    expect(h.api.callsOf('ontology.statedInferred')).toHaveLength(1);
    s.reset();
    s.show('http://x/A');
    await settle();
    expect(h.api.callsOf('ontology.statedInferred')).toHaveLength(2);
  });

  it('drops a reply for a card no longer open', async () => {
    useOntologyStore().select('/o/a.ofn');
    let release: (v: StatedInferred) => void = () => {};
    h.api
      .reply('ontology.statedInferred', (p) =>
        p.iri === 'http://x/A' ? new Promise<StatedInferred>((r) => (release = r)) : marks(p.iri),
      )
      .reply('ontology.axioms', (p) => axioms(p.iri));
    const s = useClassDetailStore();
    s.show('http://x/A');
    await settle();
    s.show('http://x/B');
    await settle();
    release(marks('http://x/A'));
    await settle();
    expect(s.marks.value).toEqual(marks('http://x/B'));
  });

  it('a part that fails says why; the others are kept', async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api
      .reply('ontology.statedInferred', (p) => marks(p.iri))
      .fail('ontology.axioms', 'bridge-crashed', 'The reasoner stopped.');
    const s = useClassDetailStore();
    s.show('http://x/A');
    await settle();
    expect(s.axioms).toEqual({ loading: false, error: 'The reasoner stopped.' });
    expect(s.marks.value).toBeTruthy();
  });

  it('a second click on "why unsatisfiable" folds the answer away; a closed axioms panel fetches nothing', async () => {
    useOntologyStore().select('/o/a.ofn');
    h.api
      .reply('ontology.statedInferred', (p) => marks(p.iri))
      .reply('ontology.whyUnsatisfiable', { axioms: [] } as never);
    const s = useClassDetailStore();
    s.toggleAxioms();
    s.show('http://x/A');
    s.explainUnsatisfiable();
    await settle();
    expect(s.why?.value).toEqual({ axioms: [] });
    s.explainUnsatisfiable();
    expect(s.why).toBeNull();
    expect(h.api.callsOf('ontology.axioms')).toEqual([]);
  });
});
