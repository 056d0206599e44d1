/**
 * Every relation label used in the shared ontologies' closures is in the hand-checked list of
 * test/support/relation-labels.ts: a new ontology's labels get read and checked by a
 * person before its Test 2 sentences are trusted.
 */
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classTreeOf } from '../../../src-main/ontology/tree/class-tree';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { haveSharedOntologies, SHARED_ONTOLOGIES } from '../../support/shared-ontologies';
import { useOntologyWorkspace } from '../../support/ontology-service';
import { HAND_CHECKED } from '../../support/relation-labels';

const FILES = [
  'pizza.owl',
  'go-nucleus.ofn',
  'foodon-plant-parts.ofn',
  'po.obo',
  'zfa.obo',
  'envo.obo',
  'so.owl',
  'ro.owl',
  'go-mgi-subset.obo',
  'uberon-musculoskeletal.obo',
];
const ready = haveSharedOntologies() && existsSync(bridgeJarPath());
const { service } = useOntologyWorkspace('oarag-relation-labels-');

describe.skipIf(!ready)('relation labels of the shared ontologies', () => {
  it('are all hand-checked sentences', async () => {
    const known = new Set(HAND_CHECKED.map(([l]) => l));
    const missing: string[] = [];
    for (const f of FILES) {
      const p = join(SHARED_ONTOLOGIES, f);
      if (!existsSync(p)) continue;
      const h = await service.open(p);
      for (const r of classTreeOf(h.closure).relations()) if (!known.has(r.name)) missing.push(`${f}: ${r.name}`);
    }
    expect(missing).toEqual([]);
  }, 600_000);
});
