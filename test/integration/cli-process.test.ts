import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OntologyService } from '../../src-main/ontology/ontology-service';
import { tempDir } from '../support/temp-dir';

/**
 * Issue #27 item 9, as a user runs the CLI: `oarag diff … | head` ends quietly, a load with a missing
 * import leaves no `oarag-missing-imports*` folder behind, and --languages is bounded like the setting.
 */
const REPO = resolve(__dirname, '..', '..');
const SAMPLE = join(REPO, 'resources', 'samples', 'cardio.ofn');
const dir = tempDir('oarag-cli-process-');
const env = { ...process.env, OARAG_CACHE_DIR: join(dir.path, 'cache'), OARAG_DATA_DIR: join(dir.path, 'data') };

function sh(script: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const p = spawn('bash', ['-o', 'pipefail', '-c', script], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('exit', (code) => done({ code, out, err }));
  });
}

const oarag = `${JSON.stringify(process.execPath)} --import tsx src-main/cli/bin.ts`;

/** Files under the temporary folders' oarag-* folders that mention `text`. */
function leftovers(text: string): string[] {
  const found: string[] = [];
  for (const base of new Set([tmpdir(), '/tmp'])) {
    let names: string[] = [];
    try {
      names = readdirSync(base).filter((n) => n.startsWith('oarag-missing-imports') || n.startsWith('oarag-jvm-'));
    } catch {
      continue;
    }
    const walk = (p: string) => {
      try {
        if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
        else if (readFileSync(p, 'utf8').includes(text)) found.push(p);
      } catch {
        // removed meanwhile
      }
    };
    for (const n of names) walk(join(base, n));
  }
  return found;
}

describe('the CLI as a process', () => {
  it('`oarag diff a b | true` ends quietly when its reader is gone', async () => {
    const changed = join(dir.path, 'cardio-2.ofn');
    writeFileSync(
      changed,
      readFileSync(SAMPLE, 'utf8').replace(
        'Declaration(Class(:Heart))',
        'Declaration(Class(:Heart))\nDeclaration(Class(:HeartX))',
      ),
    );
    const r = await sh(`${oarag} diff ${JSON.stringify(SAMPLE)} ${JSON.stringify(changed)} | true`);
    expect(r.err).not.toMatch(/EPIPE|Error:|at .*\.ts:\d+/);
    expect(r.code).toBe(0);
  });

  it('a load with a missing import leaves no stand-in behind, while the JVM stays warm and after it exits', async () => {
    const iri = `http://oarag-test-${process.pid}-${Date.now()}.example/missing.owl`;
    const onto = join(dir.path, 'with-import.ofn');
    writeFileSync(
      onto,
      `Prefix(:=<http://x/>)\nOntology(<http://x/o>\nImport(<${iri}>)\nDeclaration(Class(:A))\nDeclaration(Class(:B))\nSubClassOf(:A :B)\n)\n`,
    );
    const service = new OntologyService({ cacheDir: join(dir.path, 'svc-cache'), appVersion: 'test' });
    service.start();
    try {
      const h = await service.open(onto);
      expect(h.summary.warnings.map((w) => w.message).join(' ')).toMatch(/was not found locally/);
      // A web server's JVM lives on between loads: nothing of the finished load may pile up meanwhile.
      expect(service.bridge().running).toBe(true);
      expect(leftovers(iri)).toEqual([]);
    } finally {
      await service.stop();
    }
    expect(leftovers(iri)).toEqual([]);
  });

  it('--languages is bounded like the setting: 10,000 tags are refused at once', async () => {
    const tags = Array.from({ length: 10_000 }, (_, i) => `x${i.toString(36)}`).join(',');
    const t0 = performance.now();
    const r = await sh(`${oarag} load ${JSON.stringify(SAMPLE)} --languages ${tags}`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--languages takes at most 10 tags/);
    expect(performance.now() - t0).toBeLessThan(20_000);
    const long = await sh(`${oarag} load ${JSON.stringify(SAMPLE)} --languages en-${'abcdefgh-'.repeat(5)}x`);
    expect(long.code).toBe(2);
  });

  it('cleans up', () => dir.cleanup());
});
