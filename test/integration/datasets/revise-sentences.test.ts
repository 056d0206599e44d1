/**
 * One Test 2 sentence per relation of every shared ontology, as `revise --seed 1 --names label`
 * writes it, against a list reviewed by hand (test/fixtures/revise/sentences.tsv): a change of wording
 * shows up in review as a change of that list. OARAG_UPDATE_FIXTURES=1 rewrites the list instead.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionChanges, readableExpr, type StripResult } from '../../../src-main/datasets/revise/revise-changes';
import { bridgeJarPath } from '../../../src-main/ontology/bridge/bridge-client';
import { REAL_FILES, haveSharedOntologies, sharedOntology } from '../../support/shared-ontologies';
import { useOntologyWorkspace } from '../../support/ontology-service';

const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'revise', 'sentences.tsv');
const jar = existsSync(bridgeJarPath());
if (!jar)
  console.warn(`[skip] revise sentences: the ELK bridge jar ${bridgeJarPath()} is absent (npm run build:bridge)`);
const { service } = useOntologyWorkspace('oarag-revise-sentences-');

async function sentencesOf(file: string, path: string): Promise<string[]> {
  const h = await service.open(path);
  const bridge = await service.bridgeHolding(h);
  const strip = await bridge.request<StripResult>('reviseStrip', {});
  const nameOf = (iri: string) => {
    const id = h.closure.id(iri);
    return id === undefined ? iri.replace(/^.*[#/]/, '') : h.closure.nameOf(id);
  };
  const { changes } = definitionChanges(strip, nameOf, 1);
  // The first sentence (by class IRI, then restriction) written for each relation.
  const byRelation = new Map<string, string>();
  const removed = new Map(strip.classes.map((c) => [c.iri, c.removed]));
  for (const c of changes) {
    const restrictions = (removed.get(c.iri) ?? []).map((r) => ({ r, text: readableExpr(r, nameOf) }));
    c.removed.forEach((text, k) => {
      const r = restrictions.find((x) => x.text === text)?.r;
      const rel = r ? nameOf(r.r) : '?';
      if (!byRelation.has(rel)) byRelation.set(rel, c.added[k]);
    });
  }
  return [...byRelation]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rel, sentence]) => `${file}\t${rel}\t${sentence}`);
}

describe.skipIf(!jar || !haveSharedOntologies())('revise: one sentence per relation of every shared ontology', () => {
  it('matches the reviewed list', { timeout: 600_000 }, async () => {
    const lines: string[] = [];
    for (const file of REAL_FILES) {
      const path = sharedOntology(file);
      if (path) lines.push(...(await sentencesOf(file, path)));
    }
    const text = lines.join('\n') + '\n';
    if (process.env.OARAG_UPDATE_FIXTURES === '1') writeFileSync(FIXTURE, text);
    expect(lines.length).toBeGreaterThan(100);
    for (const l of lines) expect(l.split('\t')[2], l).not.toMatch(/_/);
    expect(text).toBe(readFileSync(FIXTURE, 'utf8'));
  });
});
