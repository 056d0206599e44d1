import { expect, it } from 'vitest';
import { generateDataset } from '../../../../src-main/datasets/generate/generate-dataset';
import type { McqItem } from '../../../../src-main/datasets/generate/dataset';
import { UserError } from '../../../../src-main/core/errors';
import { seededRandom } from '../../../../src-main/core/random';
import type { DumpRecord } from '../../../../src-main/ontology/dump/dump-types';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump, label } from '../../../support/dump-fixture';

/** The codes generation may end in on a poor ontology; anything else (or a plain Error) is a crash. */
const DEGENERATE = [
  'no-existentials',
  'too-few-concepts',
  'no-mcq',
  'no-branch',
  'unknown-root',
  'ambiguous-root',
  'bad-root',
  'too-few-conditions',
];
const SHARED_NAMES = ['heart', 'valve', 'cell', 'tissue'];

/**
 * A tiny random ontology: few classes, few relations, shared and missing labels, obsolete classes,
 * multiple parents, restrictions anywhere. Most are degenerate in some way.
 */
function randomDump(seed: number): DumpRecord[] {
  const rand = seededRandom(seed);
  const ri = (n: number) => Math.floor(rand() * n);
  const nc = 1 + ri(14);
  const np = 1 + ri(8);
  const dump: DumpRecord[] = [];
  for (let p = 0; p < np; p++) {
    dump.push({
      t: 'property',
      iri: `${EX}p${p}`,
      annotations: rand() < 0.9 ? [label(`rel ${p % 6}`)] : [],
      deprecated: rand() < 0.1,
      transitive: rand() < 0.3,
      reflexive: rand() < 0.05,
      parents: p && rand() < 0.2 ? [`${EX}p${ri(p)}`] : [],
      chains: [],
    });
  }
  for (let c = 0; c < nc; c++) {
    const name = rand() < 0.2 ? SHARED_NAMES[ri(SHARED_NAMES.length)] : `thing ${c}`;
    dump.push({
      t: 'class',
      iri: `${EX}c${c}`,
      annotations: rand() < 0.95 ? [label(name)] : [],
      deprecated: rand() < 0.1,
    });
  }
  for (let c = 0; c < nc; c++) {
    const ps = c && rand() < 0.85 ? [`${EX}c${ri(c)}`] : [];
    if (c > 1 && rand() < 0.2) ps.push(`${EX}c${ri(c)}`);
    dump.push({ t: 'hier', c: `${EX}c${c}`, parents: [...new Set(ps)], equivalents: [] });
  }
  for (let e = ri(12); e > 0; e--) {
    const [s, r, f] = [`${EX}c${ri(nc)}`, `${EX}p${ri(np)}`, `${EX}c${ri(nc)}`];
    dump.push({ t: 'stated', s, r, f, text: f, kind: rand() < 0.3 ? 'equiv' : 'sub' });
    dump.push({ t: 'link', s, r, f });
  }
  return dump;
}

function checkItems(h: OntologyHandle, items: Awaited<ReturnType<typeof generateDataset>>['items']) {
  const ix = h.closure;
  const id = (iri: string) => ix.id(iri)!;
  for (const it of items) {
    if (it.kind === 'oq') {
      expect(it.answers.length, it.id).toBeGreaterThan(0);
      continue;
    }
    const q: McqItem = it;
    expect(q.options).toHaveLength(6);
    const entailed = q.options.filter((o) => {
      const a = q.slot === 'subject' ? o.iri : q.axiom.subject;
      const r = q.slot === 'relation' ? o.iri : q.axiom.relation;
      const b = q.slot === 'filler' ? o.iri : q.axiom.filler;
      return ix.isEntailed(id(a), id(r), id(b));
    });
    expect(q.gold, q.id).toEqual(entailed.map((o) => o.key));
  }
}

it('random tiny ontologies end in a sound dataset or a UserError that says what is missing, never a crash', async () => {
  const outcomes = new Map<string, number>();
  const crashes: string[] = [];
  for (let seed = 1; seed <= 150; seed++) {
    const rand = seededRandom(seed * 7919);
    const f = await handleFromDump(randomDump(seed));
    const opts = {
      mcq: rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 20),
      oq: rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 10),
      seed,
      root: rand() < 0.3 ? (rand() < 0.5 ? 'no such class' : `thing ${Math.floor(rand() * 14)}`) : undefined,
      conditions: rand() < 0.3 ? [2 + Math.floor(rand() * 4)] : undefined,
    };
    try {
      const r = await generateDataset(f.handle, opts);
      checkItems(f.handle, r.items);
      // Something asked for and nothing built is an error, not an empty file.
      if (opts.mcq > 0) expect(r.items.some((i) => i.kind === 'mcq')).toBe(true);
      if (opts.oq > 0) expect(r.items.some((i) => i.kind === 'oq')).toBe(true);
      outcomes.set('dataset', (outcomes.get('dataset') ?? 0) + 1);
    } catch (e) {
      if (!(e instanceof UserError) || !DEGENERATE.includes(e.code))
        crashes.push(`seed ${seed}: ${(e as Error).stack ?? String(e)}`);
      else {
        expect(e.message.length, e.code).toBeGreaterThan(40);
        outcomes.set(e.code, (outcomes.get(e.code) ?? 0) + 1);
      }
    } finally {
      f.cleanup();
    }
  }
  expect(crashes.slice(0, 3)).toEqual([]);
  // The sample reaches the degenerate paths it is meant to exercise, and some ontologies still give a dataset.
  for (const k of [
    'dataset',
    'no-existentials',
    'too-few-concepts',
    'no-mcq',
    'no-branch',
    'unknown-root',
    'too-few-conditions',
  ]) {
    expect(outcomes.get(k) ?? 0, k).toBeGreaterThan(0);
  }
});
