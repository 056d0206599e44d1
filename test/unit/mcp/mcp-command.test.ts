import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src-main/cli/cli-io';
import { runArgs } from '../../../src-main/cli/run-args';
import { Container } from '../../../src-main/container';
import { tempDir } from '../../support/temp-dir';

const dir = tempDir('oarag-mcp-cli-');
let c: Container;
beforeAll(() => {
  c = new Container({ cacheDir: join(dir.path, 'cache'), dataDir: join(dir.path, 'data'), env: {} });
  c.start();
});
afterAll(async () => {
  await c.stop();
  dir.cleanup();
});

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (s) => void (out += s), stderr: (s) => void (err += s), isTTY: false, env: {}, cwd: dir.path };
  return { code: await runArgs(args, io, c), out, err };
}

describe('oarag mcp arguments', () => {
  it('needs an ontology and a valid port, and fails before speaking MCP on a missing file', async () => {
    const none = await cli(['mcp']);
    expect(none).toMatchObject({ code: 2, out: '' });
    expect(none.err).toBe('oarag mcp: give at least one --ontology <file>.\n');
    const port = await cli(['mcp', '--ontology', 'x.owl', '--http', '70000']);
    expect(port.code).toBe(2);
    expect(port.err).toMatch(/--http must be a port from 0 to 65535/);
    const missing = await cli(['mcp', '--ontology', 'nowhere.owl']);
    expect(missing.code).toBe(1);
    expect(missing.out).toBe(''); // stdout is the protocol channel: nothing else may go there
    expect(missing.err).toMatch(/^oarag mcp: .*nowhere\.owl/);
  });
});
