import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSlots } from '../../../../src-main/cli/commands/generate-command';
import { parseDataset } from '../../../../src-main/datasets/generate/dataset';
import { ScriptedBackend } from '../../../../src-main/llm/scripted/scripted-backend';
import { handleFromDump } from '../../../support/dump-fixture';
import { cliHarness } from '../../../support/cli-harness';
import { benchDump } from '../../datasets/generate/dataset-fixture';

// No JVM in unit tests: every --ontology opens the fixture.
const harness = cliHarness('oarag-bench-cli-', { fixture: () => handleFromDump(benchDump()) });
const { dir, cli } = harness;

describe('generate and eval commands', () => {
  it('generate writes the JSONL and summarises it', async () => {
    const r = await cli([
      'generate',
      '--ontology',
      'x.ofn',
      '--mcq',
      '12',
      '--oq',
      '6',
      '--seed',
      '3',
      '--out',
      'test1.jsonl',
    ]);
    // The fixture is opened without the JVM: no reasoner can prove wrong options, and the run says so.
    expect(r.err.trim()).toMatch(
      /^warning: The reasoner could not be run to prove wrong options \(.*\): the wrong options are those ELK's closure does not entail\.$/s,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/test1\.jsonl: 18 items from fixture \(seed 3\)/);
    expect(r.out).toMatch(/MCQ: 12 of 12 \(4 subject, 4 relation, 4 filler/);
    const items = parseDataset(readFileSync(join(dir, 'test1.jsonl'), 'utf8'));
    expect(items).toHaveLength(18);
    const j = await cli([
      'generate',
      '--ontology',
      'x.ofn',
      '--mcq',
      '6',
      '--oq',
      '0',
      '--slots',
      'subject=1,filler=1',
      '--out',
      'b.jsonl',
      '--json',
    ]);
    expect(JSON.parse(j.out).mcq.bySlot).toEqual({ subject: 3, relation: 0, filler: 3 });
  });

  it('generate reports degenerate input as a user error', async () => {
    const r = await cli([
      'generate',
      '--ontology',
      'x.ofn',
      '--oq',
      '3',
      '--mcq',
      '0',
      '--root',
      'procss',
      '--out',
      'c.jsonl',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^oarag generate: no class is named "procss" in this ontology; the closest names are: "process"/,
    );
    expect(existsSync(join(dir, 'c.jsonl'))).toBe(false);
    const u = await cli(['generate', '--ontology', 'x.ofn', '--mcq', 'many', '--out', 'c.jsonl']);
    expect(u.code).toBe(2);
  });

  it('eval reasoner-only writes results.json and Markdown, and a rerun reuses the store', async () => {
    await cli([
      'generate',
      '--ontology',
      'x.ofn',
      '--mcq',
      '12',
      '--oq',
      '6',
      '--seed',
      '3',
      '--out',
      'test1.jsonl',
      '--force',
    ]);
    const args = [
      'eval',
      '--ontology',
      'x.ofn',
      '--dataset',
      'test1.jsonl',
      '--method',
      'reasoner-only',
      '--out',
      'out/results.json',
    ];
    const r = await cli(args);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^reasoner-only: accuracy 100\.0% \(18\/18\)/);
    const res = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8'));
    expect(res.accuracy).toBe(1);
    expect(res.n).toBe(18);
    expect(res.items).toHaveLength(18);
    expect(readFileSync(join(dir, 'out', 'results.md'), 'utf8')).toContain('accuracy: **100.0%**');
    // The outputs exist now: a rerun without --force is refused and changes nothing (issue #12).
    const refused = await cli(args);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/results\.json already exists; pass --force/);
    const again = await cli([...args, '--force']);
    expect(again.out).toMatch(/0 answered now, 18 reused/);
    const fresh = await cli([...args, '--fresh', '--force']);
    expect(fresh.out).toMatch(/18 answered now, 0 reused/);
  });

  it("eval with a model goes through the container's backend factory", async () => {
    const specs: string[] = [];
    harness.container.createBackend = async (spec) => {
      specs.push(spec);
      return new ScriptedBackend(Array(18).fill('{"answer": ["A"]}'));
    };
    const r = await cli([
      'eval',
      '--ontology',
      'x.ofn',
      '--dataset',
      'test1.jsonl',
      '--method',
      'cot',
      '--model',
      'scripted:x.json',
      '--out',
      'cot.json',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(specs).toEqual(['scripted:x.json']);
    const s = JSON.parse(r.out);
    expect(s.model).toBe('scripted:x.json');
    expect(s.usage.callsPerQuestion).toBe(1);
    const missing = await cli([
      'eval',
      '--ontology',
      'x.ofn',
      '--dataset',
      'test1.jsonl',
      '--method',
      'cot',
      '--out',
      'cot.json',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no model: give --model/);
    const bad = await cli([
      'eval',
      '--ontology',
      'x.ofn',
      '--dataset',
      'test1.jsonl',
      '--method',
      'magic',
      '--out',
      'cot.json',
    ]);
    expect(bad.err).toMatch(/--method must be one of oa-rag, cot, rag-text, reasoner-only/);
  });

  it('eval names a broken dataset line', async () => {
    writeFileSync(join(dir, 'bad.jsonl'), '{"id": 1}\n');
    const r = await cli([
      'eval',
      '--ontology',
      'x.ofn',
      '--dataset',
      'bad.jsonl',
      '--method',
      'reasoner-only',
      '--out',
      'r.json',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.jsonl line 1: "id" must be a non-empty string/);
  });

  it('parses slot weights', () => {
    expect(parseSlots('1,1,1')).toEqual({ subject: 1, relation: 1, filler: 1 });
    expect(parseSlots('2, 0, 1.5')).toEqual({ subject: 2, relation: 0, filler: 1.5 });
    expect(parseSlots('s=1,f=2')).toEqual({ subject: 1, relation: 0, filler: 2 });
    expect(() => parseSlots('1,2')).toThrow(/three weights/);
    expect(() => parseSlots('x=1')).toThrow(/three weights/);
  });
});
