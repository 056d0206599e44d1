import { execFileSync } from 'node:child_process';
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src-main/core/errors';
import { pick, seededRandom } from '../../src-main/core/random';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { cardioWithDataset, cliHarness } from '../support/cli-harness';
import { FuzzTally } from './fuzz-report';

/**
 * Standing fuzz suite, file families (issue #12): output paths for every writer, damage to a cache entry,
 * and deeply nested input in four syntaxes. Seeded, bounded in time; clean outcomes only.
 */
const SEED = Number(process.env.OARAG_FUZZ_SEED ?? 12);
const tally = new FuzzTally();

function kind(p: string): string {
  try {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return 'symlink';
    if (st.isFIFO()) return 'fifo';
    if (st.isCharacterDevice()) return 'chardev';
    if (st.isDirectory()) return 'dir';
    return st.isFile() ? 'file' : 'other';
  } catch {
    return 'absent';
  }
}

function snapshot(p: string): string {
  const k = kind(p);
  return k === 'file' ? `file:${readFileSync(p, 'utf8').length}:${readFileSync(p, 'utf8').slice(0, 64)}` : k;
}

describe('fuzz: files (output paths, cache damage, nested input)', () => {
  const harness = cliHarness('oarag-fuzz-', { env: process.env });
  const { dir: D } = harness;
  const { onto, dataset } = cardioWithDataset(harness, { mcq: 3, oq: 1 });
  let canMknod = true;

  const cli = (...argv: string[]) => harness.cli(argv);

  afterAll(async () => {
    tally.print();
  });

  it('every writer either writes a regular file it was allowed to write, or refuses clearly and changes nothing', async () => {
    const rand = seededRandom(SEED);
    const makers: Record<string, (p: string) => void> = {
      absent: () => {},
      'existing file': (p) => writeFileSync(p, 'precious\n'),
      directory: (p) => mkdirSync(p),
      fifo: (p) => execFileSync('mkfifo', [p]),
      'char device': (p) => {
        try {
          execFileSync('mknod', [p, 'c', '1', '3'], { stdio: 'ignore' });
        } catch {
          canMknod = false;
          execFileSync('mkfifo', [p]);
        }
      },
      'symlink to the input': (p) => symlinkSync(onto, p),
      'symlink to a fifo': (p) => {
        execFileSync('mkfifo', [`${p}.target`]);
        symlinkSync(`${p}.target`, p);
      },
      'dangling symlink': (p) => symlinkSync(join(D, 'nowhere', 'x'), p),
      'under a file': () => {},
      'deep new folder': () => {},
    };
    const kinds = Object.keys(makers);
    for (let i = 0; i < 24; i++) {
      const k = pick(rand, kinds);
      const writer = pick(rand, ['generate', 'revise', 'eval'] as const);
      const force = rand() < 0.5;
      const base = join(D, `t${i}`);
      const target =
        k === 'under a file'
          ? join(dataset, 'child.jsonl')
          : k === 'deep new folder'
            ? join(base, 'a', 'b', 'out.json')
            : base;
      makers[k](base);
      const watched = [onto, dataset, base, `${base}.target`, `${base}.md`];
      const before = watched.map(snapshot);
      const args =
        writer === 'generate'
          ? ['generate', '--ontology', onto, '--out', target, '--mcq', '2', '--oq', '0']
          : writer === 'revise'
            ? ['revise', '--ontology', onto, '--out', target]
            : [
                'eval',
                '--ontology',
                onto,
                '--dataset',
                dataset,
                '--method',
                'reasoner-only',
                '--out',
                target,
                '--store',
                join(D, 'r.sqlite'),
              ];
      if (force) args.push('--force');
      const r = await cli(...args);
      const after = watched.map(snapshot);
      let clean: boolean;
      if (r.code === 0) {
        // Written: only where allowed (absent, a folder for revise, or an existing file with --force), never the input.
        const written = writer === 'revise' ? join(target, 'report.json') : target;
        clean =
          kind(written) === 'file' &&
          after[0] === before[0] &&
          after[1] === before[1] &&
          (k === 'absent' ||
            k === 'deep new folder' ||
            (writer === 'revise' && k === 'directory') ||
            (force && k === 'existing file'));
      } else {
        clean = r.code === 1 && !/internal error/i.test(r.err) && after.every((a, j) => a === before[j]);
      }
      tally.record(
        'output-paths',
        `${writer} --out <${k}>${force ? ' --force' : ''} -> rc ${r.code} ${r.err.trim().slice(0, 90)}`,
        clean,
      );
    }
    if (!canMknod) console.warn('[fuzz] mknod not permitted: device targets were FIFOs');
    expect(tally.bad('output-paths')).toEqual([]);
  });

  it('a damaged cache entry is rebuilt (or still valid) on the next open, never an error', async () => {
    const rand = seededRandom(SEED + 2);
    const cacheDir = join(D, 'fuzz-cache');
    const open = async () => {
      const s = new OntologyService({ cacheDir, appVersion: 'fuzz' });
      s.start();
      try {
        const h = await s.open(onto);
        const ix = h.closure;
        const card = h.card(ix.iri(ix.id(ix.iri(1))!));
        return { cache: h.summary.cache, ok: h.summary.classes > 0 && card !== undefined };
      } finally {
        await s.stop();
      }
    };
    await open();
    const file = (ext: string) =>
      join(
        cacheDir,
        readdirSync(cacheDir).find((n) => n.endsWith(ext) && !n.startsWith('.'))!,
      );
    const damages: Record<string, () => void> = {
      'overwrite a page of the sqlite': () => {
        const f = file('.sqlite');
        const fd = openSync(f, 'r+');
        writeSync(
          fd,
          Buffer.alloc(4096, Math.floor(rand() * 256)),
          0,
          4096,
          4096 * Math.floor(rand() * Math.max(1, statSync(f).size / 4096 - 1)),
        );
        closeSync(fd);
      },
      'truncate the sqlite': () => truncateSync(file('.sqlite'), Math.floor(statSync(file('.sqlite')).size * rand())),
      'empty sqlite': () => truncateSync(file('.sqlite'), 0),
      'truncate the graph': () => truncateSync(file('.nt'), Math.floor(statSync(file('.nt')).size * rand())),
      'delete the graph': () => rmSync(file('.nt')),
      'graph replaced by a folder': () => {
        const f = file('.nt');
        rmSync(f);
        mkdirSync(f);
      },
      'sqlite replaced by a folder': () => {
        const f = file('.sqlite');
        rmSync(f);
        mkdirSync(f);
      },
      'append garbage to the graph': () => writeFileSync(file('.nt'), '<x> <y> "\u0000 garbage', { flag: 'a' }),
      'delete the token': () => rmSync(file('.ok')),
      'garbage token': () => writeFileSync(file('.ok'), '{"version":1,"files":'),
      'touch the sqlite (same content)': () => {
        const f = file('.sqlite');
        writeFileSync(f, readFileSync(f));
      },
      'orphaned build files': () => writeFileSync(join(cacheDir, `.build-999999-${Date.now()}.ndjson.tmp`), 'x'),
    };
    const names = Object.keys(damages);
    for (let i = 0; i < 12; i++) {
      const name = i < names.length ? names[i] : pick(rand, names);
      let clean = false;
      let detail = '';
      try {
        damages[name]();
        const r = await open();
        const again = await open();
        clean =
          r.ok && again.ok && again.cache === 'hit' && !readdirSync(cacheDir).some((n) => n.startsWith('.build-'));
        detail = `${r.cache} then ${again.cache}`;
      } catch (e) {
        detail = String(e).slice(0, 100);
      }
      tally.record('cache-damage', `${name} -> ${detail}`, clean);
    }
    expect(tally.bad('cache-damage')).toEqual([]);
  });

  it('no error message quotes a file it was pointed at', async () => {
    const SECRET = 'SECRETXYZ';
    const shapes = [
      `root:${SECRET}:19000:0:99999:7:::\n`,
      `{"${SECRET}": 1, }\n`,
      `[${SECRET}]\n`,
      `Prefix(:=<http://x/>)\nOntology(<http://x/o>\nSubClassOf(:A ${SECRET}x)\n)\n`,
      `@prefix : <http://x/> .\n:a :b ${SECRET}x .\n`,
      `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><${SECRET}:x/></rdf:RDF>\n`,
      `format-version: 1.2\n[Term]\nid: X:1\nis_a: ${SECRET}x {\n`,
      `\u00ef\u00bb\u00bf${SECRET}\u0000\u0001`,
    ];
    for (const [i, body] of shapes.entries()) {
      const f = join(D, `secret-${i}.txt`);
      writeFileSync(f, body);
      const runs: string[][] = [
        ['load', f],
        ['eval', '--ontology', onto, '--dataset', f, '--method', 'reasoner-only', '--out', join(D, `m${i}.json`)],
        ['revise', '--ontology', onto, '--questions', f, '--out', join(D, `mrev${i}`)],
        ['ask', '--ontology', onto, '--item', f, '--model', 'scripted:/nonexistent.json'],
        [
          'eval',
          '--ontology',
          onto,
          '--dataset',
          dataset,
          '--method',
          'reasoner-only',
          '--out',
          join(D, `ms${i}.json`),
          '--store',
          f,
        ],
      ];
      for (const args of runs) {
        const r = await cli(...args);
        const clean = r.code !== 0 && r.code !== 3 && !r.err.includes(SECRET) && !r.out.includes(SECRET);
        tally.record(
          'messages',
          `${args[0]} ${args.includes(f) ? args[args.indexOf(f) - 1] : ''} <secret ${i}> -> rc ${r.code} ${r.err.trim().slice(0, 100)}`,
          clean,
        );
      }
    }
    expect(tally.bad('messages')).toEqual([]);
  });

  it('nested input in four syntaxes loads or is refused with a clear error, in bounded time', async () => {
    const rand = seededRandom(SEED + 3);
    const R = 'http://example.org/n#';
    const gen: Record<string, (d: number) => string> = {
      ofn: (d) =>
        `Prefix(:=<${R}>)\nOntology(<http://example.org/n>\nDeclaration(Class(:A)) Declaration(Class(:B)) Declaration(ObjectProperty(:r))\nSubClassOf(:A ${'ObjectSomeValuesFrom(:r '.repeat(d)}:B${')'.repeat(d)})\n)\n`,
      ttl: (d) =>
        `@prefix : <${R}> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n<http://example.org/n> a owl:Ontology .\n:A a owl:Class . :B a owl:Class . :r a owl:ObjectProperty .\n` +
        `:A rdfs:subClassOf ${'[ a owl:Restriction ; owl:onProperty :r ; owl:someValuesFrom '.repeat(d)}:B${' ]'.repeat(d)} .\n`,
      owl: (d) =>
        `<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">\n` +
        `<owl:Ontology rdf:about="http://example.org/n"/><owl:Class rdf:about="${R}B"/><owl:ObjectProperty rdf:about="${R}r"/>\n<owl:Class rdf:about="${R}A"><rdfs:subClassOf>` +
        `${`<owl:Restriction><owl:onProperty rdf:resource="${R}r"/><owl:someValuesFrom>`.repeat(d)}<owl:Class rdf:about="${R}B"/>${'</owl:someValuesFrom></owl:Restriction>'.repeat(d)}</rdfs:subClassOf></owl:Class>\n</rdf:RDF>\n`,
      owx: (d) =>
        `<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/n">\n<Declaration><Class IRI="${R}A"/></Declaration><Declaration><Class IRI="${R}B"/></Declaration><Declaration><ObjectProperty IRI="${R}r"/></Declaration>\n` +
        `<SubClassOf><Class IRI="${R}A"/>${`<ObjectSomeValuesFrom><ObjectProperty IRI="${R}r"/>`.repeat(d)}<Class IRI="${R}B"/>${'</ObjectSomeValuesFrom>'.repeat(d)}</SubClassOf>\n</Ontology>\n`,
    };
    const service = new OntologyService({ cacheDir: join(D, 'nest-cache'), appVersion: 'fuzz' });
    service.start();
    try {
      const probes: [string, number][] = [
        ['ofn', 16_000],
        ['ttl', 16_000],
        ['owl', 16_000],
        ['owx', 16_000],
        ['ttl', 2000],
        ['owl', 2000],
        ['owx', 2000],
        ['ofn', 4000],
      ];
      for (let i = 0; i < 8; i++) probes.push([pick(rand, Object.keys(gen)), pick(rand, [1, 10, 200, 1000, 2500])]);
      for (const [i, [fmt, depth]] of probes.entries()) {
        const f = join(D, `nest-${i}-${depth}.${fmt}`);
        writeFileSync(f, gen[fmt](depth));
        const t0 = performance.now();
        let outcome: string;
        let clean: boolean;
        try {
          const h = await service.open(f, { timeoutMs: 60_000 });
          outcome = `loaded ${h.summary.classes} classes`;
          clean = h.summary.classes >= 2;
        } catch (e) {
          outcome = `${(e as UserError).code}: ${(e as Error).message.slice(0, 80)}`;
          clean =
            e instanceof UserError &&
            /^(too-deep|parse-error)$/.test(e.code) &&
            (depth > 15_000 || e.code === 'too-deep');
        }
        const s = (performance.now() - t0) / 1000;
        clean &&= s < 60;
        tally.record('nested-input', `${fmt} depth ${depth} -> ${outcome} (${s.toFixed(1)} s)`, clean);
      }
    } finally {
      await service.stop();
    }
    expect(tally.bad('nested-input')).toEqual([]);
  });
});
