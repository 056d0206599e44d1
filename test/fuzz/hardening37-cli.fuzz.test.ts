import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskRegistry } from '../../src-main/core/task-registry';
import { pick, seededRandom } from '../../src-main/core/random';
import { createOntologyMcpServer } from '../../src-main/mcp/mcp-server';
import { ServedOntologies } from '../../src-main/mcp/served-ontologies';
import { OpenOntologies } from '../../src-main/ontology/open-ontologies';
import { QueryService } from '../../src-main/query/exec/query-service';
import { cardioMcq, CARDIO } from '../support/cardio-dataset';
import { cliHarness } from '../support/cli-harness';
import { rawControls } from '../support/raw-controls';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, issue #37 families through the CLI and MCP: control sequences from an ontology
 * (item 4), option keys that differ only in case (5), seeds out of range (6) and unbounded outside-EL
 * lists (7). Seeded; on the code before #37 each probe here failed.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 37);
const tally = new FuzzTally();
const h = cliHarness('oarag-fuzz37-', { env: process.env });
const cli = (...args: string[]) => h.cli(args);
const ESC = '\u001b';
/** What a hostile label may carry: a title, a reset, a clear, hidden text, a hyperlink, a C1 CSI, carriage returns. */
const HOSTILE = [
  `${ESC}]0;pwned\u0007`,
  `${ESC}c`,
  `${ESC}[2J${ESC}[H`,
  `${ESC}[8m`,
  `${ESC}]8;;http://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`,
  '\u009b31m',
  '\r\u0008\u0008over',
  '\u0085\u008d',
];

afterAll(() => tally.print());

describe('fuzz: issue #37 through the CLI and MCP', () => {
  it('terminal: labels, definitions and names with control sequences never reach the terminal raw', async () => {
    const rand = seededRandom(SEED);
    // As OWL functional syntax literals hold them: a backslash escaped.
    const bits = Array.from({ length: 6 }, () => pick(rand, HOSTILE).replaceAll('\\', '\\\\'));
    const file = join(h.dir, 'hostile.ofn');
    const newer = join(h.dir, 'hostile-2.ofn');
    const ofn = (extra: string) =>
      `Prefix(:=<http://example.org/h#>)
Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)
Prefix(obo:=<http://purl.obolibrary.org/obo/>)
Prefix(oboInOwl:=<http://www.geneontology.org/formats/oboInOwl#>)
Ontology(<http://example.org/h>
Declaration(Class(:Evil))
Declaration(Class(:Base))
Declaration(AnnotationProperty(obo:IAO_0000115))
Declaration(AnnotationProperty(oboInOwl:hasExactSynonym))
AnnotationAssertion(rdfs:label :Evil "evil ${bits[0]}class${bits[1]}")
AnnotationAssertion(obo:IAO_0000115 :Evil "seen ${bits[2]}hidden${bits[3]} text")
AnnotationAssertion(oboInOwl:hasExactSynonym :Evil "alias${bits[4]}")
AnnotationAssertion(rdfs:label :Base "base${bits[5]}")
SubClassOf(:Evil :Base)
${extra})
`;
    writeFileSync(file, ofn(''));
    writeFileSync(
      newer,
      ofn(
        `Declaration(Class(:New))\nAnnotationAssertion(rdfs:label :New "new ${bits[1]}one${bits[0]}")\nSubClassOf(:New :Base)\n`,
      ).replace(`evil ${bits[0]}`, `evil renamed ${bits[2]}`),
    );
    const runs: [string, string[]][] = [
      ['card by IRI', ['card', 'http://example.org/h#Evil', '--ontology', file]],
      ['card --json', ['card', 'http://example.org/h#Evil', '--ontology', file, '--json']],
      ['card of the parent', ['card', 'http://example.org/h#Base', '--ontology', file]],
      ['card of an unknown name', ['card', `evil${bits[1]}`, '--ontology', file]],
      ['query with suggestions', ['query', '--ontology', file, 'ASK { "evl" "is a" "base" }']],
      ['query DESCRIBE', ['query', '--ontology', file, 'DESCRIBE "evil"']],
      ['diff --annotations', ['diff', file, newer, '--annotations']],
      ['diff --md --annotations', ['diff', file, newer, '--md', '--annotations']],
      ['diff --json', ['diff', file, newer, '--json']],
    ];
    for (const [what, args] of runs) {
      const r = await cli(...args);
      const raw = rawControls(r.out + r.err);
      tally.record(
        'terminal',
        `${what} -> exit ${r.code}, ${r.out.length + r.err.length} chars, raw controls: ${JSON.stringify(raw.join('')).slice(0, 40)}`,
        raw.length === 0 && (r.code === 0 || /unknown|no class/i.test(r.err) || what.startsWith('query')),
      );
    }
    expect(tally.bad('terminal')).toEqual([]);
  });

  it('option-keys: keys that differ only in case are refused by the dataset check, as scoring reads them as one', async () => {
    const rand = seededRandom(SEED + 1);
    const pairs: [string, string][] = [
      ['A', 'a'],
      ['b', 'B'],
      ['C', 'c '],
      ['x', 'X'],
    ];
    for (let k = 0; k < 4; k++) {
      const keys = pick(rand, pairs);
      const path = join(h.dir, `keys-${k}.jsonl`);
      writeFileSync(path, JSON.stringify(cardioMcq(`m${k}`, keys)) + '\n');
      const r = await cli(
        'eval',
        '--ontology',
        CARDIO,
        '--dataset',
        path,
        '--method',
        'reasoner-only',
        '--out',
        join(h.dir, `keys-${k}.json`),
        '--force',
      );
      tally.record(
        'option-keys',
        `options ${JSON.stringify(keys)} -> exit ${r.code}: ${r.err.trim().slice(0, 90)}`,
        r.code === 1 && /differ only in case/.test(r.err),
      );
    }
    expect(tally.bad('option-keys')).toEqual([]);
  });

  it('seeds: the CLI takes 0 to 2^31 − 1 and refuses anything else with the range', async () => {
    const rand = seededRandom(SEED + 2);
    const dataset = join(h.dir, 'seed.jsonl');
    writeFileSync(dataset, ['s1', 's2', 's3'].map((id) => JSON.stringify(cardioMcq(id))).join('\n') + '\n');
    const bad = ['4294967297', '9007199254740993', '2147483648', '-1', '1.5', '1e3', '0x10', '99999999999999999999'];
    const commands = (seed: string): [string, string[]][] => [
      [
        'eval',
        [
          'eval',
          '--ontology',
          CARDIO,
          '--dataset',
          dataset,
          '--method',
          'reasoner-only',
          '--sample',
          '2',
          '--seed',
          seed,
          '--out',
          join(h.dir, 'seed.json'),
          '--force',
        ],
      ],
      [
        'generate',
        [
          'generate',
          '--ontology',
          CARDIO,
          '--out',
          join(h.dir, 'seed-gen.jsonl'),
          '--mcq',
          '1',
          '--oq',
          '0',
          '--seed',
          seed,
          '--force',
        ],
      ],
      ['revise', ['revise', '--ontology', CARDIO, '--out', join(h.dir, 'seed-rev'), '--seed', seed, '--force']],
    ];
    for (let k = 0; k < 6; k++) {
      const seed = pick(rand, bad);
      const [what, args] = pick(rand, commands(seed));
      const r = await cli(...args);
      tally.record(
        'seeds',
        `${what} --seed ${seed} -> exit ${r.code}: ${r.err.trim().slice(0, 80)}`,
        r.code === 2 && r.err.includes('from 0 to 2147483647'),
      );
    }
    expect(tally.bad('seeds')).toEqual([]);
    // The top of the range still draws (a control, not a probe: it passed before #37 too).
    const top = await cli(...commands('2147483647')[0][1]);
    expect(top.code, top.err).toBe(0);
  });

  describe('outside-el over MCP', () => {
    let client: Client;
    const DEPTH = 300;
    beforeAll(async () => {
      const lines = [
        'Prefix(:=<http://example.org/k#>)',
        'Prefix(rdfs:=<http://www.w3.org/2000/01/rdf-schema#>)',
        'Ontology(<http://example.org/k>',
        'Declaration(ObjectProperty(:r))',
        'Declaration(Class(:W))',
        'Declaration(Class(:Z))',
        'AnnotationAssertion(rdfs:label :Z "zeta")',
      ];
      for (let i = 0; i < DEPTH; i++) {
        lines.push(`Declaration(Class(:K${i}))`, `AnnotationAssertion(rdfs:label :K${i} "kay ${i}")`);
        if (i + 1 < DEPTH) lines.push(`SubClassOf(:K${i} :K${i + 1})`);
        // A universal: ELK reads the axiom only in part, so every class of the chain is outside EL.
        lines.push(`SubClassOf(:K${i} ObjectAllValuesFrom(:r :W))`);
      }
      lines.push(')', '');
      const file = join(h.dir, 'chain.ofn');
      writeFileSync(file, lines.join('\n'));
      const handle = await h.container.ontologies.open(file);
      const open = new OpenOntologies({ tasks: new TaskRegistry(), release: () => undefined });
      open.adopt(handle);
      const qs = new QueryService(handle);
      const server = createOntologyMcpServer(new ServedOntologies(open, () => qs), 'fuzz');
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(a);
      client = new Client({ name: 'fuzz', version: '1' });
      await client.connect(b);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('outside-el: an option names at most 20 classes outside EL, then how many more, in the JSON and the text', async () => {
      const rand = seededRandom(SEED + 3);
      for (let k = 0; k < 4; k++) {
        const picks = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => `kay ${Math.floor(rand() * 50)}`);
        const options = [...new Set(picks)];
        const r = (await client.callTool({
          name: 'check_answer',
          arguments: { question: 'Which of these is a kind of zeta?', kind: 'mcq', options, answer: ['A'] },
        })) as CallToolResult;
        const size = JSON.stringify(r).length;
        const checked = (
          r.structuredContent as { checked?: { options?: { outsideEl?: string[]; outsideElMore?: number }[] } }
        )?.checked;
        const lists = (checked?.options ?? []).map((o) => o.outsideEl?.length ?? 0);
        const more = (checked?.options ?? []).map((o) => o.outsideElMore ?? 0);
        const text = (r.content[0] as { text: string }).text;
        tally.record(
          'outside-el',
          `${options.length} options -> ${size} bytes; names per option ${lists.join('/')}, more ${more.join('/')}`,
          lists.length === options.length &&
            lists.every((n) => n > 0 && n <= 20) &&
            more.every((n) => n > 0) &&
            /and \d+ more\)/.test(text) &&
            size < 20_000,
        );
      }
      expect(tally.bad('outside-el')).toEqual([]);
    });
  });
});
