import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, type GeneratedDataset } from '../../../../src-main/datasets/generate/generate-dataset';
import type { McqItem, OqItem } from '../../../../src-main/datasets/generate/dataset';
import type { OntologyHandle } from '../../../../src-main/ontology/ontology-handle';
import { EX, handleFromDump } from '../../../support/dump-fixture';
import { MAX_UNSURE } from '../../../../src-main/datasets/generate/elk-gaps';
import { benchDump } from './dataset-fixture';

// As if "tissue" and "signaling 1" were named in axioms with a union or a universal: ELK's NOT
// ENTAILED says nothing about statements that rest on them, so no gold answer may.
const PARTIAL = [EX + 'tissue', EX + 'sig1'];

const opened: { cleanup: () => void }[] = [];
async function open(extra: Parameters<typeof handleFromDump>[2] = {}): Promise<OntologyHandle> {
  const f = await handleFromDump(benchDump(), undefined, extra);
  opened.push(f);
  return f.handle;
}
afterAll(() => opened.forEach((f) => f.cleanup()));

/** The rule of the answer checks: the subject, a superclass of it, or the filler is partial. */
function unsure(h: OntologyHandle, subject: string, filler: string): boolean {
  const ix = h.closure;
  const a = ix.id(subject)!;
  const above = [a, ...ix.ancestors(a)].map((x) => ix.iri(x));
  return PARTIAL.includes(filler) || above.some((x) => PARTIAL.includes(x));
}

/** Wrong options whose NOT ENTAILED rests on a partial class, as "id key". */
function unsureWrongOptions(h: OntologyHandle, items: McqItem[]): string[] {
  const out: string[] = [];
  for (const q of items) {
    for (const o of q.options) {
      if (q.gold.includes(o.key)) continue;
      const a = q.slot === 'subject' ? o.iri : q.axiom.subject;
      const b = q.slot === 'filler' ? o.iri : q.axiom.filler;
      if (unsure(h, a, b)) out.push(`${q.id} ${o.key}`);
    }
  }
  return out.sort();
}

/** Branch members outside an OQ's gold whose every failed condition rests on a partial class, as "id name". */
function unsureNonAnswers(h: OntologyHandle, items: OqItem[]): string[] {
  const ix = h.closure;
  const out: string[] = [];
  for (const q of items) {
    const gold = new Set(q.answers.map((a) => a.iri));
    for (const m of ix.descendants(ix.id(q.root)!)) {
      const iri = ix.iri(m);
      if (ix.kindOf[m] !== 'class' || gold.has(iri) || ix.unsat.has(m) || ix.deprecated.has(m)) continue;
      const failed = q.conditions.filter((c) => !ix.isEntailed(m, ix.id(c.relation)!, ix.id(c.filler)!));
      if (failed.every((c) => unsure(h, iri, c.filler))) out.push(`${q.id} ${ix.nameOf(m)}`);
    }
  }
  return out.sort();
}

const mcqs = (r: GeneratedDataset) => r.items.filter((i): i is McqItem => i.kind === 'mcq');
const oqs = (r: GeneratedDataset) => r.items.filter((i): i is OqItem => i.kind === 'oq');

describe('gold answers never rest on what ELK reads only in part', () => {
  let plain: OntologyHandle;
  let blind: OntologyHandle;
  let before: GeneratedDataset;
  let after: GeneratedDataset;
  beforeAll(async () => {
    plain = await open();
    blind = await open({ load: { outsideEl: PARTIAL } });
    before = await generateDataset(plain, { mcq: 60, oq: 30, seed: 7 });
    after = await generateDataset(blind, { mcq: 60, oq: 30, seed: 7 });
  });

  it('lists every wrong option whose NOT ENTAILED ELK cannot vouch for, and uses them only when sure ones run out', () => {
    const listed = (items: McqItem[]) => items.flatMap((q) => (q.unsure ?? []).map((k) => `${q.id} ${k}`)).sort();
    expect(listed(mcqs(after))).toEqual(unsureWrongOptions(blind, mcqs(after)));
    expect(listed(mcqs(after)).length).toBeGreaterThan(0);
    // The same seed over the ontology read whole picks such options more often: sure ones come first now.
    expect(unsureWrongOptions(blind, mcqs(before)).length).toBeGreaterThan(listed(mcqs(after)).length);
    expect(mcqs(after)).toHaveLength(60);
    expect(mcqs(before).some((q) => q.unsure)).toBe(false);
  });

  it("lists every branch member an open question's gold might miss, unless there are too many to list", () => {
    let listedSome = false;
    for (const q of oqs(after)) {
      const computed = unsureNonAnswers(blind, [q]);
      const listed = (q.unsure ?? []).map((a) => `${q.id} ${a.name}`).sort();
      expect(listed).toEqual(computed.length <= MAX_UNSURE ? computed : []);
      listedSome ||= listed.length > 0;
    }
    expect(listedSome).toBe(true);
    expect(oqs(after)).toHaveLength(30);
    expect(oqs(before).some((q) => q.unsure)).toBe(false);
  });

  it('says how many items list unsure options or members, and why, naming the classes', () => {
    expect(before.warnings).toEqual([]);
    const w = after.warnings.find((x) => x.includes('ELK cannot rule out'));
    expect(w).toMatch(/^\d+ MCQs have wrong options and \d+ open questions have non-answers that ELK cannot rule out/);
    expect(w).toContain('Axioms about signaling 1, tissue use constructs outside OWL 2 EL');
    // Items whose every wrong option is unsure pass any answer with the gold ones: the warning counts them.
    const none = mcqs(after).filter((q) => (q.unsure?.length ?? 0) + q.gold.length === q.options.length).length;
    expect(none).toBeGreaterThan(0);
    expect(w).toContain(`${none} of the MCQs have no wrong option ELK can vouch for`);
  });
});

describe('an import that could not be loaded', () => {
  it('is named in a warning: the gold answers come from the closure without it', async () => {
    const h = await open({
      warnings: [
        {
          code: 'unresolved-import',
          iri: 'http://example.org/not-here.owl',
          message: 'the import http://example.org/not-here.owl could not be loaded',
        },
      ],
    });
    const r = await generateDataset(h, { mcq: 10, oq: 5, seed: 1 });
    expect(r.warnings).toContain(
      'The ontology imports http://example.org/not-here.owl, which could not be loaded: the gold answers come from the closure without it, so a wrong option or a missing answer may in fact hold.',
    );
  });
});
