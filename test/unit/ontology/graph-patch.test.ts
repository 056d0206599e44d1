import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writePatchedGraph } from '../../../src-main/ontology/store/graph-patch';
import { tempDir } from '../../support/temp-dir';

const A = '<http://x/A>';
const B = '<http://x/B>';
const C = '<http://x/C>';
const SUB = '<http://www.w3.org/2000/01/rdf-schema#subClassOf>';
const LABEL = '<http://www.w3.org/2000/01/rdf-schema#label>';

describe('writePatchedGraph', () => {
  const dir = tempDir('oarag-graph-patch-');
  afterAll(() => dir.cleanup());

  function patch(last: string, subjects: string[], lines: string): { text: string; sha: string } {
    const from = join(dir.path, 'last.nt');
    const to = join(dir.path, 'next.nt');
    writeFileSync(from, last);
    const sha = writePatchedGraph(
      { subjects: subjects.map((s) => Buffer.from(`${s} `)), lines: Buffer.from(lines) },
      from,
      to,
    );
    return { text: readFileSync(to, 'utf8'), sha };
  }

  it("drops every line of the changed subjects, keeps those that only name them, and adds the patch's lines", () => {
    const last = [
      `${A} ${LABEL} "a" .`,
      `${B} ${LABEL} "b" .`,
      `${C} ${LABEL} "names <http://x/A> inside" .`,
      `${A} ${SUB} ${B} .`,
      `${C} ${SUB} ${A} .`,
      `${A} ${SUB} ${C} .`,
    ].join('\n');
    const { text, sha } = patch(last + '\n', [A], `${A} ${LABEL} "a2" .\n`);
    expect(text.split('\n').filter(Boolean).sort()).toEqual(
      [
        `${B} ${LABEL} "b" .`,
        `${C} ${LABEL} "names <http://x/A> inside" .`,
        `${C} ${SUB} ${A} .`,
        `${A} ${LABEL} "a2" .`,
      ].sort(),
    );
    expect(sha).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('handles a changed subject on the first line and on a last line without a newline', () => {
    const { text } = patch(`${A} ${SUB} ${B} .\n${B} ${SUB} ${C} .\n${A} ${LABEL} "a" .`, [A], '');
    expect(text).toBe(`${B} ${SUB} ${C} .\n`);
  });

  it('tells apart subjects that share a prefix', () => {
    const AB = '<http://x/AB>';
    const { text } = patch(`${AB} ${SUB} ${B} .\n${A} ${SUB} ${B} .\n`, [A], '');
    expect(text).toBe(`${AB} ${SUB} ${B} .\n`);
  });
});
