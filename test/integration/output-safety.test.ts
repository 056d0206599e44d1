import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardioWithDataset, cliHarness } from '../support/cli-harness';

/**
 * Issue #12 defect 3: output paths destroyed what they pointed at (a device node replaced by a file,
 * revise overwriting its own input or a populated folder, eval's .md sibling overwritten, generate
 * overwriting any file). Every writer now follows one policy (src-main/core/output-policy.ts).
 * Device and FIFO targets are nodes made in a temp folder, never the real /dev/null.
 */
describe('output safety (generate, revise, eval through the CLI)', () => {
  const harness = cliHarness('oarag-out-', { env: process.env });
  const { dir: D } = harness;
  const { onto, dataset } = cardioWithDataset(harness, { mcq: 4, oq: 2 });

  const cli = (...argv: string[]) => harness.cli(argv);

  it('refuses a FIFO, a device node and a directory as --out, leaving them as they were', async () => {
    const fifo = join(D, 'fifo');
    execFileSync('mkfifo', [fifo]);
    let r = await cli('generate', '--ontology', onto, '--out', fifo, '--mcq', '2', '--oq', '0', '--force');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/named pipe.*regular files/);
    expect(statSync(fifo).isFIFO()).toBe(true);
    const folder = join(D, 'a-folder');
    mkdirSync(folder);
    r = await cli('generate', '--ontology', onto, '--out', folder, '--mcq', '2', '--oq', '0', '--force');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/is a directory/);
    expect(statSync(folder).isDirectory()).toBe(true);
    const dev = join(D, 'null-device');
    try {
      execFileSync('mknod', [dev, 'c', '1', '3'], { stdio: 'ignore' });
    } catch {
      console.warn('[skip] mknod is not permitted here; the device-node case is covered by the FIFO case');
      return;
    }
    r = await cli('generate', '--ontology', onto, '--out', dev, '--mcq', '2', '--oq', '0', '--force');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/character device/);
    expect(statSync(dev).isCharacterDevice()).toBe(true);
  });

  it('generate refuses an existing file without --force and replaces it with --force; never its own input', async () => {
    const out = join(D, 'existing.jsonl');
    writeFileSync(out, 'keep me\n');
    let r = await cli('generate', '--ontology', onto, '--out', out, '--mcq', '2', '--oq', '0');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/already exists; pass --force/);
    expect(readFileSync(out, 'utf8')).toBe('keep me\n');
    r = await cli('generate', '--ontology', onto, '--out', out, '--mcq', '2', '--oq', '0', '--force');
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^\{/);
    const before = readFileSync(onto, 'utf8');
    r = await cli('generate', '--ontology', onto, '--out', onto, '--mcq', '2', '--oq', '0', '--force');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/input of this run/);
    expect(readFileSync(onto, 'utf8')).toBe(before);
    // No temporary file is left beside the outputs.
    expect(readdirSync(D).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('revise never overwrites its input, nor a populated folder without --force', async () => {
    const out = join(D, 'rev');
    let r = await cli('revise', '--ontology', onto, '--out', out);
    expect(r.code, r.err).toBe(0);
    // Named after its source, so two revisions are told apart.
    const revisedName = `${basename(onto, extname(onto))}.revised.ofn`;
    const revised = join(out, revisedName);
    const first = readFileSync(revised, 'utf8');
    const check = readFileSync(join(out, 'check.ofn'), 'utf8');
    const report = readFileSync(join(out, 'report.json'), 'utf8');
    // The folder's own check.ofn as the input: this run would write check.ofn, so it is refused even with --force.
    r = await cli('revise', '--ontology', join(out, 'check.ofn'), '--out', out, '--force');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/input of this run/);
    expect(readFileSync(join(out, 'check.ofn'), 'utf8')).toBe(check);
    expect(readFileSync(revised, 'utf8')).toBe(first);
    // A second run into the populated folder asks for --force and changes nothing.
    r = await cli('revise', '--ontology', onto, '--out', out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/already exists; pass --force/);
    expect(readFileSync(join(out, 'report.json'), 'utf8')).toBe(report);
    r = await cli('revise', '--ontology', onto, '--out', out, '--force');
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(out).sort()).toEqual([revisedName, 'check.ofn', 'report.json'].sort());
  });

  it('revise --out <existing file> is a clear error (exit 1), not an internal EEXIST', async () => {
    const r = await cli('revise', '--ontology', onto, '--out', dataset);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/as the output folder: it is a file/);
    expect(r.err).not.toMatch(/internal|EEXIST/);
  });

  it('eval checks its .md sibling, and a --store that is not a database is a clear error', async () => {
    const sub = join(D, 'ev');
    mkdirSync(sub);
    writeFileSync(join(sub, 'README.md'), '# mine\n');
    let r = await cli(
      'eval',
      '--ontology',
      onto,
      '--dataset',
      dataset,
      '--method',
      'reasoner-only',
      '--out',
      join(sub, 'README.json'),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/README\.md already exists/);
    expect(readFileSync(join(sub, 'README.md'), 'utf8')).toBe('# mine\n');
    expect(existsSync(join(sub, 'README.json'))).toBe(false);
    const notes = join(D, 'notes.txt');
    writeFileSync(notes, 'secret line one\n'.repeat(200));
    r = await cli(
      'eval',
      '--ontology',
      onto,
      '--dataset',
      dataset,
      '--method',
      'reasoner-only',
      '--out',
      join(sub, 'r.json'),
      '--store',
      notes,
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/is not an SQLite results store/);
    expect(r.err).not.toMatch(/internal|secret/);
    r = await cli(
      'eval',
      '--ontology',
      onto,
      '--dataset',
      dataset,
      '--method',
      'reasoner-only',
      '--out',
      join(sub, 'r.json'),
      '--store',
      join(D, 'r.sqlite'),
    );
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(sub, 'r.md'))).toBe(true);
  });
});
