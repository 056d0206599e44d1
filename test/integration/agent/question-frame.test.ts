/**
 * Issue #25, cases 1–4 on a real ontology (go-mgi-subset), through the CLI with the real JVM:
 * checks anchored in the question's own statement, never in the model's queries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';
import { sharedOntology } from '../../support/shared-ontologies';

const GO = sharedOntology('go-mgi-subset.obo');
const h = cliHarness('oarag-frame-int-');

/** A model that asks a beside-the-point ASK, then answers A: the text protocol, scripted. */
function script(name: string, ask: string, answer: string[]): string {
  const p = join(h.dir, name);
  const a = JSON.stringify({ answer });
  writeFileSync(
    p,
    JSON.stringify([
      `Thought: a guess.\n${a}`,
      `Thought: check it\nAction: query(${ask})`,
      `Thought: I now know the answer\nAnswer: ${a}`,
      a,
      '{"evidence": ["E1"], "grounding": "entailed"}',
    ]),
  );
  return p;
}

function item(name: string, question: string, options: string[]): string {
  const p = join(h.dir, name);
  writeFileSync(
    p,
    JSON.stringify({ kind: 'mcq', question, options: options.map((n, i) => ({ key: 'ABCDEF'[i], name: n })) }),
  );
  return p;
}

/** `oarag ask --item` with a scripted model, its --json output. */
async function ask(model: string, q: string) {
  const r = await h.cli([
    'ask',
    '--ontology',
    GO!,
    '--model',
    `scripted:${model}`,
    '--item',
    q,
    '--json',
    '--no-history',
  ]);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out);
}

describe.skipIf(!GO)('the reasoner check reads the question, not the model (go-mgi-subset)', () => {
  it('checks "nucleolus — part of — ?" with each option, whatever the model asked', async () => {
    const model = script('s1.json', 'ASK { "cytoplasm" "is a" "nucleus" }', ['A']);
    const q = item('q1.json', 'Which of these is the nucleolus part of?', [
      'nucleus',
      'cytoplasm',
      'mitochondrion',
      'nucleoplasm',
    ]);
    const out = await ask(model, q);
    expect(out.frame.frame).toMatchObject({
      kind: 'choice',
      slot: 'filler',
      source: 'question',
      subject: { name: 'nucleolus' },
      // go-mgi-subset names the relation by its OBO id, part_of; the question's words "part of" link to it.
      relation: { name: 'part_of', from: 'part of' },
    });
    expect(out.checked.statement).toBe('nucleolus — part_of — ?');
    expect(out.checked.options.map((o: { query: string }) => o.query)).toEqual([
      'ASK { "nucleolus" "part_of" "nucleus" }',
      'ASK { "nucleolus" "part_of" "cytoplasm" }',
      'ASK { "nucleolus" "part_of" "mitochondrion" }',
      'ASK { "nucleolus" "part_of" "nucleoplasm" }',
    ]);
    expect(out.checked.options.map((o: { verdict: string }) => o.verdict)).toEqual([
      'ENTAILED',
      'NOT ENTAILED',
      'NOT ENTAILED',
      'NOT ENTAILED',
    ]);
    expect(out.checked.level).toBe('entailed');
    // The model's "cytoplasm is a nucleus" is nowhere in the check.
    expect(JSON.stringify(out.checked)).not.toContain('"is a"');
    expect(out.checked.reason).toContain('nucleolus — part_of — ?');
  });

  it('a question whose frame cannot be built is unchecked with the reason, though the model asked an ASK', async () => {
    const model = script('s2.json', 'ASK { "nucleolus" "part of" "nucleus" }', ['A']);
    const q = item('q2.json', 'Which of these goes with the nucleolus?', ['nucleus', 'cytoplasm']);
    const out = await ask(model, q);
    expect(out.frame.frame).toBeNull();
    expect(out.checked.level).toBe('unchecked');
    expect(out.checked.reason).toMatch(/No question frame.*no relation/);
  });

  it('a choice whose option is the statement\'s own concept under "is a" shows SAME CONCEPT, never ENTAILED', async () => {
    const model = script('s3.json', 'ASK { "nucleus" "is a" "nucleus" }', ['A', 'B']);
    const q = item('q3.json', 'Which of these is a kind of organelle?', ['organelle', 'nucleus', 'cytoplasm']);
    const out = await ask(model, q);
    expect(out.checked.options.map((o: { verdict: string }) => o.verdict)).toEqual([
      'SAME CONCEPT',
      'ENTAILED',
      'NOT ENTAILED',
    ]);
    expect(out.checked.level).toBe('unchecked');
    // And the model's self-ASK is not kept as evidence.
    expect(out.evidence.map((e: { query: string }) => e.query)).not.toContain('ASK { "nucleus" "is a" "nucleus" }');
  });

  it('--root restricts the subjects of every item kind, MCQs included', async () => {
    const out = join(h.dir, 'cc.jsonl');
    const r = await h.cli([
      'generate',
      '--ontology',
      GO!,
      '--out',
      out,
      '--mcq',
      '20',
      '--oq',
      '2',
      '--root',
      'cellular_component',
      '--seed',
      '3',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('with subjects under "cellular_component"');
    const items = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const mcqs = items.filter((i) => i.kind === 'mcq');
    expect(mcqs.length).toBe(20);
    const h2 = await h.container.ontologies.open(GO!);
    const ix = h2.closure;
    const cc = ix.descendants(ix.id('http://purl.obolibrary.org/obo/GO_0005575')!);
    const outside = mcqs.filter((m) => !cc.has(ix.id(m.axiom.subject)!)).map((m) => m.id);
    expect(outside).toEqual([]);
  });

  it('the agent\'s name linking ranks as the concept search does: "nucelus" suggests nucleus first', async () => {
    const r = await h.cli(['query', '--ontology', GO!, '--json', 'DESCRIBE "nucelus"']);
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(r.out);
    expect(res.verdict).toBe('UNKNOWN NAME');
    expect(res.candidates[0].name).toBe('nucleus');
    const search = h.container.queryService(await h.container.ontologies.open(GO!)).names.search('nucelus', 5);
    const ix = (await h.container.ontologies.open(GO!)).closure;
    expect(res.candidates.map((c: { iri: string }) => c.iri)).toEqual(search.map((x) => ix.iri(x.id)));
  });
});
