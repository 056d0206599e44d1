import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ElkBridge } from '../../../src-main/ontology/bridge/bridge-client';
import { CacheBuilder } from '../../../src-main/ontology/cache/cache-builder';
import type { Card } from '../../../src-main/ontology/cards/card-types';
import { CardReader } from '../../../src-main/ontology/cards/card-reader';
import { readDump } from '../../../src-main/ontology/dump/dump-reader';
import Database from 'better-sqlite3';
import { REAL_FILES, sharedOntology } from '../../support/shared-ontologies';
import { tempDir } from '../../support/temp-dir';

/**
 * The cache keeps a card's text, not the card: the rest is read back from the tables
 * (cards/card-reader.ts). On real ontologies (obsolete terms, xrefs, synonyms of every scope, IDs
 * written as text, punning) every card read back must be the card the builder built.
 */
describe('cards read back from the cache', () => {
  const dir = tempDir('oarag-cards-');
  const bridge = new ElkBridge({ heapMb: 2048 });
  afterAll(async () => {
    await bridge.stop();
    dir.cleanup();
  });

  const sample = join(__dirname, '..', '..', '..', 'resources', 'samples', 'cardio.ofn');
  const files: [string, string | null][] = [
    ['cardio.ofn', sample],
    ...REAL_FILES.map((f) => [f, sharedOntology(f)] as [string, string | null]),
  ];

  for (const [name, path] of files) {
    it.skipIf(!path)(
      `are the cards the builder built: ${name}`,
      async () => {
        await bridge.request('load', { path: path! });
        const dump = join(dir.path, `${name}.ndjson`);
        await bridge.request('extract', { out: dump });
        const dbPath = join(dir.path, `${name}.sqlite`);
        const b = new CacheBuilder(dbPath);
        const built = new Map<string, Card>();
        b.onCard = (c) => built.set(c.iri, c);
        for await (const r of readDump(dump)) b.add(r);
        b.finishCards();
        await b.commitAndClose();
        const db = new Database(dbPath, { readonly: true });
        try {
          const reader = new CardReader(db);
          let differ = 0;
          let first = '';
          for (const [iri, card] of built) {
            const back = JSON.stringify(reader.card(iri));
            if (back !== JSON.stringify(card)) {
              differ++;
              first ||= `${iri}\nbuilt: ${JSON.stringify(card)}\nread:  ${back}`;
            }
          }
          expect(built.size).toBeGreaterThan(10);
          expect(differ, first).toBe(0);
        } finally {
          db.close();
        }
      },
      240_000,
    );
  }
});
