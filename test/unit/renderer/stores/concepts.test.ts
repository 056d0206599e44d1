import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it, vi } from 'vitest';
import type { Card, QueryResult, SearchHit } from '../../../../src-main/api/contract';
import { useAppStore } from '../../../../src-renderer/stores/app';
import { useConceptsStore } from '../../../../src-renderer/stores/concepts';
import { useOntologyStore } from '../../../../src-renderer/stores/ontology';
import { useTasksStore } from '../../../../src-renderer/stores/tasks';
import { settle } from './fake-api';
import { ontologyInfo, storeHarness } from './harness';

const hit = (name: string) => ({ iri: `http://x/${name}`, name }) as SearchHit;
const card = (iri: string) => ({ iri, name: iri.replace(/.*\//, '') }) as Card;

describe('concepts store: search, the open card, its back stack and explanations', () => {
  const h = storeHarness();
  const ready = () => {
    useOntologyStore().list = [ontologyInfo('/o/a.ofn'), ontologyInfo('/o/b.ofn')];
    useOntologyStore().select('/o/a.ofn');
    h.api
      .reply('ontology.card', (p) => card(p.iri))
      .reply('ontology.statedInferred', {} as never)
      .reply('ontology.axioms', {} as never);
    return useConceptsStore();
  };

  it('searches the current ontology; an older reply arriving last is dropped', async () => {
    const s = ready();
    let release: (v: SearchHit[]) => void = () => {};
    h.api.reply('ontology.search', (p) =>
      p.text === 'hea' ? new Promise<SearchHit[]>((r) => (release = r)) : [hit(p.text)],
    );
    const first = s.search('hea');
    await s.search(' heart ');
    release([hit('stale')]);
    await first;
    expect(s.hits.map((x) => x.name)).toEqual(['heart']);
    expect(s.searchedFor).toBe('heart');
    expect(s.searching).toBe(false);
    expect(h.api.callsOf('ontology.search')[1]).toEqual({
      ontologyId: '/o/a.ofn',
      text: 'heart',
      limit: 30,
      includeObsolete: false,
    });
  });

  it('says why a search failed', async () => {
    const s = ready();
    h.api.fail('ontology.search', 'not-open', 'The ontology was closed.');
    await s.search('x');
    expect(s.searchError).toBe('The ontology was closed.');
  });

  it('search-as-you-type waits for a pause', async () => {
    vi.useFakeTimers();
    const s = ready();
    h.api.reply('ontology.search', (p) => [hit(p.text)]);
    s.searchSoon('h');
    s.searchSoon('he');
    s.searchSoon('hea');
    await vi.advanceTimersByTimeAsync(200);
    expect(h.api.callsOf('ontology.search').map((p) => p.text)).toEqual(['hea']);
  });

  it('opening cards keeps a back stack; a card that fails says why and keeps the one shown', async () => {
    const s = ready();
    await useAppStore().init();
    useAppStore().go('concepts');
    await s.openIri('http://x/A');
    await s.openIri('http://x/B');
    expect(s.backStack).toEqual(['http://x/A']);
    s.back();
    await settle();
    expect(s.card?.iri).toBe('http://x/A');
    expect(s.backStack).toEqual([]);
    h.api.fail('ontology.card', 'not-found', 'No class http://x/Z.');
    await s.openIri('http://x/Z');
    expect([s.cardError, s.card?.iri]).toEqual(['No class http://x/Z.', 'http://x/A']);
  });

  it('show() switches to the concepts view', async () => {
    const s = ready();
    s.show('http://x/A');
    expect(useAppStore().view).toBe('concepts');
    await settle();
    expect(s.card?.iri).toBe('http://x/A');
  });

  it('an explanation is kept by key, a query error shows its observation, a second click folds it', async () => {
    const s = ready();
    h.api.reply('query.run', { kind: 'explain', observation: 'because' } as unknown as QueryResult);
    await s.explain('k', 'A', 'is a', 'B');
    expect(h.api.callsOf('query.run')[0].query).toBe('EXPLAIN { "A" "is a" "B" }');
    expect(s.explains.k).toMatchObject({ loading: false, error: undefined });
    await s.explain('k', 'A', 'is a', 'B');
    expect(s.explains.k).toBeUndefined();
    h.api.reply('query.run', { kind: 'error', observation: 'No relation "r".' } as unknown as QueryResult);
    await s.explain('k2', 'A', 'r', 'B');
    expect(s.explains.k2.error).toBe('No relation "r".');
    h.api.fail('query.run', 'query-timeout', 'Too slow.');
    await s.explain('k3', 'A', 'r', 'B');
    expect(s.explains.k3).toEqual({ loading: false, error: 'Too slow.' });
  });

  it('another ontology starts afresh; the same one reloaded searches again and keeps the card', async () => {
    h.api.reply('tasks.list', []).launches('ontology.open', 'load', { state: 'ok', result: ontologyInfo('/o/a.ofn') });
    useTasksStore().init();
    const s = ready();
    await useOntologyStore().open('/o/a.ofn');
    h.api.reply('ontology.search', (p) => [hit(p.text)]);
    await s.search('heart');
    await s.openIri('http://x/A');
    await s.openIri('http://x/B');
    await useOntologyStore().reload('/o/a.ofn');
    s.resetIfOntologyChanged();
    await settle();
    expect(s.card?.iri).toBe('http://x/B');
    expect(s.backStack).toEqual(['http://x/A']);
    expect(h.api.callsOf('ontology.search')).toHaveLength(2);
    expect(h.api.callsOf('ontology.card').map((p) => p.iri)).toEqual(['http://x/A', 'http://x/B', 'http://x/B']);
    useOntologyStore().select('/o/b.ofn');
    s.resetIfOntologyChanged();
    expect([s.card, s.hits, s.backStack]).toEqual([null, [], []]);
  });

  it('each card has its own address; Back and Forward walk the cards, and Back never leaves the app', async () => {
    const s = ready();
    const app = useAppStore();
    await app.init();
    app.go('concepts');
    await s.openIri('http://x/A#1');
    expect(h.dom.location.hash).toBe('#/concepts/http%3A%2F%2Fx%2FA%231');
    await s.openIri('http://x/B');
    await s.openIri('http://x/C');
    expect(h.dom.location.hash).toBe('#/concepts/http%3A%2F%2Fx%2FC');
    h.dom.history.back();
    await settle();
    expect([s.card?.iri, s.backStack]).toEqual(['http://x/B', ['http://x/A#1']]);
    s.back();
    await settle();
    expect([s.card?.iri, s.backStack]).toEqual(['http://x/A#1', []]);
    h.dom.history.forward();
    await settle();
    expect([s.card?.iri, s.backStack]).toEqual(['http://x/B', ['http://x/A#1']]);
    for (let i = 0; i < 6; i++) h.dom.history.back();
    await settle();
    // The first entry is a guard that steps forward again: the window stays on the app's first page.
    expect(h.dom.history.state).toEqual({ oarag: 'oarag-page' });
    expect(h.dom.location.hash).toMatch(/^#\//);
    expect(h.api.callsOf('ontology.card').map((p) => p.iri)).toEqual([
      'http://x/A#1',
      'http://x/B',
      'http://x/C',
      'http://x/B',
      'http://x/A#1',
      'http://x/B',
    ]);
  });

  it('a bookmarked card address opens that card once its ontology is open', async () => {
    h.dom.location.hash = '#/concepts/http%3A%2F%2Fx%2FQ';
    setActivePinia(createPinia());
    h.api.reply('ontology.card', (p) => card(p.iri)).reply('ontology.statedInferred', {} as never);
    h.api.reply('ontology.axioms', {} as never);
    const s = useConceptsStore();
    expect(useAppStore().view).toBe('concepts');
    useOntologyStore().select('/o/a.ofn');
    await settle();
    // Chosen but not yet listed (the connection is still coming up): nothing is asked yet.
    expect(s.card).toBeNull();
    useOntologyStore().list = [ontologyInfo('/o/a.ofn')];
    await settle();
    expect(s.card?.iri).toBe('http://x/Q');
    expect(s.backStack).toEqual([]);
  });

  it("another ontology's search box starts empty, not with the last one's query", async () => {
    const s = ready();
    h.api.reply('ontology.search', (p) => [hit(p.text)]);
    await s.search('heart');
    useOntologyStore().select('/o/b.ofn');
    s.resetIfOntologyChanged();
    expect([s.text, s.searchedFor, s.hits]).toEqual(['', '', []]);
  });
});
