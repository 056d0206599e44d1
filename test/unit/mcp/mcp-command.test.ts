import { describe, expect, it } from 'vitest';
import { cliHarness } from '../../support/cli-harness';

const { cli } = cliHarness('oarag-mcp-cli-');

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
