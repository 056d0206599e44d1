import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apportion, levelSizes } from '../../../perf/synthetic/dag';
import {
  generateSyntheticOntology,
  writeSyntheticOntology,
  type GeneratorStats,
  type SyntheticOptions,
  type SyntheticShape,
} from '../../../perf/synthetic/index';
import { Prng } from '../../../perf/synthetic/prng';

async function render(opts: SyntheticOptions): Promise<{ text: string; stats: GeneratorStats; chunks: number[] }> {
  const parts: string[] = [];
  const stats = await generateSyntheticOntology(opts, { write: (c) => void parts.push(c) });
  return { text: parts.join(''), stats, chunks: parts.map((p) => p.length) };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const CLASS_IRI: Record<SyntheticShape, RegExp> = { go: /obo:GO_\d{7}/g, snomed: /:C\d{7}/g };

/** Parentheses balance outside string literals and IRIs; every top-level line is one complete construct. */
function checkSyntax(text: string): void {
  let depth = 0;
  let inString = false;
  let inIri = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      else if (ch === '\n') throw new Error(`newline inside a literal at line ${line}`);
      continue;
    }
    if (inIri) {
      if (ch === '>') inIri = false;
      else if (/[\s"(){}]/.test(ch)) throw new Error(`bad character in IRI at line ${line}`);
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '<') inIri = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw new Error(`unbalanced ")" at line ${line}`);
    } else if (ch === '\n') {
      line++;
      // Inside Ontology( ... ) every line is a complete axiom, so depth is back to 1 (0 before and after).
      if (depth > 1) throw new Error(`construct continues past line ${line - 1}`);
    }
  }
  expect(inString).toBe(false);
  expect(depth).toBe(0);
}

function declaredClasses(text: string): string[] {
  return [...text.matchAll(/^Declaration\(Class\(([^)]+)\)\)$/gm)].map((m) => m[1]);
}

describe('synthetic ontology generator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oarag-synthetic-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const shape of ['go', 'snomed'] as const) {
    describe(shape, () => {
      it('is deterministic: the same seed gives byte-identical output', async () => {
        const a = await render({ shape, classes: 800, seed: 7 });
        const b = await render({ shape, classes: 800, seed: 7 });
        expect(sha(a.text)).toBe(sha(b.text));
        expect(a.stats.chars).toBe(a.text.length);
      });

      it('a different seed gives different output', async () => {
        const a = await render({ shape, classes: 800, seed: 1 });
        const b = await render({ shape, classes: 800, seed: 2 });
        expect(sha(a.text)).not.toBe(sha(b.text));
      });

      it.each([1, 2, 3, 14, 137, 1000])(
        'writes exactly %i classes, each declared once and labelled once',
        async (n) => {
          const { text, stats } = await render({ shape, classes: n, seed: 1 });
          const declared = declaredClasses(text);
          expect(declared).toHaveLength(n);
          expect(new Set(declared).size).toBe(n);
          expect(stats.classes).toBe(n);
          const labels = [...text.matchAll(/^AnnotationAssertion\(rdfs:label (\S+) "((?:[^"\\]|\\.)*)"/gm)].filter(
            (m) => declared.includes(m[1]) || CLASS_IRI[shape].test(m[1]),
          );
          const byClass = new Map<string, string>();
          for (const m of labels) {
            expect(byClass.has(m[1])).toBe(false);
            byClass.set(m[1], m[2]);
          }
          for (const c of declared) expect(byClass.get(c)).toBeTruthy();
          expect(new Set(byClass.values()).size).toBe(n); // labels are unique
        },
      );

      it('is syntactically plausible OWL functional syntax and only uses declared classes', async () => {
        const { text } = await render({ shape, classes: 1500, seed: 3 });
        checkSyntax(text);
        expect(text.startsWith('Prefix(')).toBe(true);
        expect(text).toMatch(/\nOntology\(<[^>]+>\n/);
        expect(text.endsWith(')\n')).toBe(true);
        const declared = new Set(declaredClasses(text));
        const used = new Set(text.match(CLASS_IRI[shape]));
        for (const iri of used) expect(declared.has(iri)).toBe(true);
        const props = new Set([...text.matchAll(/^Declaration\(ObjectProperty\(([^)]+)\)\)$/gm)].map((m) => m[1]));
        for (const m of text.matchAll(/ObjectSomeValuesFrom\((\S+) /g)) expect(props.has(m[1])).toBe(true);
        // axiom lines only
        const body = text
          .slice(text.indexOf('\nOntology(') + 1)
          .split('\n')
          .slice(2, -2)
          .filter(Boolean);
        for (const l of body) {
          expect(l).toMatch(
            /^(Declaration|AnnotationAssertion|SubClassOf|EquivalentClasses|SubObjectPropertyOf|TransitiveObjectProperty)\(.*\)$/,
          );
        }
      });

      it('stays inside OWL 2 EL', async () => {
        const { text } = await render({ shape, classes: 3000, seed: 5 });
        for (const banned of [
          'ObjectUnionOf',
          'ObjectAllValuesFrom',
          'ObjectComplementOf',
          'ObjectMinCardinality',
          'ObjectMaxCardinality',
          'ObjectExactCardinality',
          'ObjectInverseOf',
          'InverseObjectProperties',
          'DisjointUnion',
          'FunctionalObjectProperty',
          'SymmetricObjectProperty',
          'AsymmetricObjectProperty',
          'IrreflexiveObjectProperty',
          'ObjectPropertyRange',
          'DisjointClasses',
        ]) {
          expect(text).not.toContain(banned);
        }
      });

      it('small ontologies are fast', async () => {
        const t0 = performance.now();
        await render({ shape, classes: 500, seed: 1 });
        expect(performance.now() - t0).toBeLessThan(5000);
      });
    });
  }

  it('go: the intended shape (roots, depth, parents, existentials, definitions, CURIEs)', async () => {
    const n = 10_000;
    const { text, stats } = await render({ shape: 'go', classes: n, seed: 1 });
    expect(stats.roots).toBe(3);
    expect(stats.maxDepth).toBeGreaterThanOrEqual(10);
    expect(stats.maxDepth).toBeLessThanOrEqual(14);
    expect(stats.meanParents).toBeGreaterThan(1.45);
    expect(stats.meanParents).toBeLessThan(1.8);
    expect(stats.objectProperties).toBeGreaterThanOrEqual(10);
    expect(stats.classesWithExistentials / n).toBeGreaterThan(0.2);
    expect(stats.classesWithExistentials / n).toBeLessThan(0.3);
    expect(stats.equivalentClasses / n).toBeGreaterThan(0.03);
    expect(stats.equivalentClasses / n).toBeLessThan(0.07);
    expect(stats.deprecated).toBe(n / 100);
    expect(stats.numberedLabels / n).toBeLessThan(0.1);
    for (const l of ['biological_process', 'molecular_function', 'cellular_component'])
      expect(text).toContain(`"${l}"`);
    expect(text).toContain('TransitiveObjectProperty(obo:BFO_0000050)');
    expect(text).toContain('SubObjectPropertyOf(ObjectPropertyChain(obo:RO_0002211 obo:BFO_0000050) obo:RO_0002211)');
    expect(text).toContain('SubObjectPropertyOf(obo:RO_0002213 obo:RO_0002211)');
    for (const m of text.matchAll(/^AnnotationAssertion\(oboInOwl:id obo:GO_(\d{7}) "GO:(\d{7})"\)$/gm))
      expect(m[1]).toBe(m[2]);
    expect(text.match(/^AnnotationAssertion\(oboInOwl:id /gm)).toHaveLength(n);
    const defs = [...text.matchAll(/obo:IAO_0000115 obo:GO_\d{7} "([^"]*)"\)$/gm)].map((m) => m[1]);
    expect(defs.length).toBeGreaterThan(0.85 * n);
    // not the three roots' nor the obsolete classes' stock definitions
    const words = defs
      .slice(3)
      .filter((d) => !d.startsWith('OBSOLETE'))
      .map((d) => d.split(' ').length);
    expect(Math.min(...words)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...words)).toBeLessThanOrEqual(50);
    expect(text).toMatch(/Annotation\(oboInOwl:hasDbXref "(PMID|GOC):[^"]+"\) obo:IAO_0000115/);
    for (const kind of ['Exact', 'Related', 'Broad', 'Narrow']) expect(text).toContain(`oboInOwl:has${kind}Synonym`);
    expect(text).toMatch(
      /EquivalentClasses\(obo:GO_\d{7} ObjectIntersectionOf\(obo:GO_\d{7} ObjectSomeValuesFrom\(obo:\w+ obo:GO_\d{7}\)\)\)/,
    );
  });

  it('snomed: the intended shape (tops, attributes, role groups, definitions, synonyms)', async () => {
    const n = 10_000;
    const { text, stats } = await render({ shape: 'snomed', classes: n, seed: 1 });
    expect(stats.roots).toBe(13);
    expect(stats.objectProperties).toBeGreaterThanOrEqual(55);
    expect(stats.objectProperties).toBeLessThanOrEqual(70);
    expect(stats.equivalentClasses / n).toBeGreaterThan(0.25);
    expect(stats.equivalentClasses / n).toBeLessThan(0.35);
    expect(stats.meanParents).toBeGreaterThan(1.45);
    expect(stats.meanParents).toBeLessThan(1.8);
    expect(stats.maxDepth).toBeGreaterThanOrEqual(10);
    expect(stats.definitions).toBe(0);
    expect(stats.numberedLabels / n).toBeLessThan(0.15);
    for (const top of ['Clinical finding', 'Procedure', 'Body structure', 'Substance', 'Organism'])
      expect(text).toContain(`"${top}"@en`);
    expect(text).toContain(
      'SubObjectPropertyOf(ObjectPropertyChain(:direct_substance :has_active_ingredient) :direct_substance)',
    );
    expect(text).toContain('SubObjectPropertyOf(:has_precise_active_ingredient :has_active_ingredient)');
    expect(text).toMatch(
      /ObjectSomeValuesFrom\(:role_group ObjectIntersectionOf\(ObjectSomeValuesFrom\(:\w+ :C\d{7}\) ObjectSomeValuesFrom/,
    );
    expect(text).not.toContain('IAO_0000115');
    // every class: one label and one or two synonyms
    const syn = new Map<string, number>();
    for (const m of text.matchAll(/^AnnotationAssertion\(skos:altLabel (:C\d{7}) /gm))
      syn.set(m[1], (syn.get(m[1]) ?? 0) + 1);
    expect(syn.size).toBe(n);
    for (const k of syn.values()) expect(k === 1 || k === 2).toBe(true);
  });

  it('respects backpressure: an asynchronous sink gets the same bytes in bounded chunks, one at a time', async () => {
    const sync = await render({ shape: 'snomed', classes: 3000, seed: 9 });
    const parts: string[] = [];
    let pending = 0;
    let maxPending = 0;
    await generateSyntheticOntology(
      { shape: 'snomed', classes: 3000, seed: 9 },
      {
        write: async (c) => {
          pending++;
          maxPending = Math.max(maxPending, pending);
          parts.push(c);
          await new Promise((r) => setTimeout(r, 0));
          pending--;
        },
      },
    );
    expect(maxPending).toBe(1);
    expect(parts.join('')).toBe(sync.text);
    expect(parts.length).toBeGreaterThan(5);
    for (const len of parts.map((p) => p.length)) expect(len).toBeLessThan(70_000);
  });

  it('writes a file through a temporary name and leaves nothing else behind', async () => {
    const out = join(dir, 'go-small.ofn');
    const stats = await writeSyntheticOntology({ shape: 'go', classes: 400, seed: 4 }, out);
    const { text } = await render({ shape: 'go', classes: 400, seed: 4 });
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(stats.chars).toBe(text.length);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('rejects bad options', async () => {
    const sink = { write: () => undefined };
    await expect(generateSyntheticOntology({ shape: 'go', classes: 0 }, sink)).rejects.toThrow(/number of classes/);
    await expect(generateSyntheticOntology({ shape: 'go', classes: 2.5 }, sink)).rejects.toThrow(/number of classes/);
    await expect(generateSyntheticOntology({ shape: 'owl' as SyntheticShape, classes: 10 }, sink)).rejects.toThrow(
      /Unknown shape/,
    );
    await expect(generateSyntheticOntology({ shape: 'go', classes: 10, seed: 0.5 }, sink)).rejects.toThrow(/seed/);
  });

  it('CLI: writes the file and prints its statistics; bad arguments exit with 2', () => {
    const cli = join(process.cwd(), 'perf', 'synthetic', 'cli.ts');
    const out = join(dir, 'cli.ofn');
    const ok = spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, '--shape', 'snomed', '--classes', '250', '--seed', '2', '--out', out],
      { encoding: 'utf8' },
    );
    expect(ok.status).toBe(0);
    const stats = JSON.parse(ok.stdout) as GeneratorStats & { out: string };
    expect(stats).toMatchObject({ shape: 'snomed', classes: 250, seed: 2, out });
    expect(existsSync(out)).toBe(true);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, '--shape', 'owl', '--out', out], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--shape must be go or snomed/);
  });

  it('helpers: apportion is exact, level sizes have no gaps, the PRNG is seeded', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0.62, 0.23, 0.15]).reduce((a, b) => a + b, 0)).toBe(7);
    for (const n of [1, 2, 5, 40, 1000, 31_000]) {
      const sizes = levelSizes(n, [0.08, 0.8, 3, 7, 11, 14, 15, 14, 12, 9, 6, 4, 2.2, 1]);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(sizes.every((s) => s > 0)).toBe(true);
    }
    const a = new Prng(42),
      b = new Prng(42),
      c = new Prng(43);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
  });
});
