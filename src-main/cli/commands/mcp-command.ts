import { UserError } from '../../core/errors';
import { appVersion } from '../../core/version';
import type { OpenOntologies } from '../../ontology/open-ontologies';
import type { CommandContext, CommandSpec } from '../command-spec';
import { openOntology } from './shared';

export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary:
    'Serve ontologies to MCP clients (LM Studio, Claude Desktop, VS Code) over stdio, or Streamable HTTP with --http.',
  usage:
    'oarag mcp --ontology <file> [--ontology <file> ...] [--http <port>]   (stdout carries the protocol; messages go to stderr)',
  options: { ontology: { type: 'string', multiple: true }, http: { type: 'string' } },
  async run(ctx) {
    const files = (ctx.values.ontology as string[] | undefined) ?? [];
    if (!files.length) throw new UserError('usage', 'give at least one --ontology <file>.');
    const port = ctx.values.http === undefined ? null : Number(ctx.values.http);
    if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535))
      throw new UserError('usage', '--http must be a port from 0 to 65535.');
    const log = (s: string) => ctx.io.stderr(`oarag mcp: ${s}\n`);

    // Everything before this line is Node starting and loading modules (under tsx, also transpiling).
    const t0 = performance.now();
    // The MCP SDK (with zod and ajv) loads here and not for the other commands.
    const [{ StdioServerTransport }, { createOntologyMcpServer }, { ServedOntologies }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('../../mcp/mcp-server'),
      import('../../mcp/served-ontologies'),
    ]);
    const open = ctx.container.openOntologies;
    const set = new ServedOntologies(open, (h) => ctx.container.queryService(h));
    // What this run adopted, given back when it ends: a container passed in (tests) outlives the run.
    const adopted: string[] = [];
    try {
      for (const file of files) adopted.push(...(await adoptFile(ctx, file, log)));
      const loadSeconds = (performance.now() - t0) / 1000;
      const ready = () =>
        `ready in ${(performance.now() / 1000).toFixed(2)} s from process start (modules ${(t0 / 1000).toFixed(2)} s, ontologies ${loadSeconds.toFixed(2)} s)`;

      const stopped = new Promise<void>((resolve) => {
        if (ctx.io.signal?.aborted) return resolve();
        ctx.io.signal?.addEventListener('abort', () => resolve(), { once: true });
      });

      if (port !== null) {
        // Loaded only when asked for: the HTTP stack is not needed over stdio.
        const { startMcpHttp } = await import('../../mcp/http-server');
        const http = await startMcpHttp({
          port,
          create: (client) => createOntologyMcpServer(set, appVersion(), client),
        });
        log(ready());
        ctx.io.stdout(`MCP (Streamable HTTP) on ${http.url} with header "Authorization: Bearer ${http.token}"\n`);
        await stopped;
        await http.close();
        return 0;
      }

      const server = createOntologyMcpServer(set, appVersion());
      const transport = new StdioServerTransport();
      // The client closing stdin (or the pipe breaking) ends the session: exit cleanly rather than linger.
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        process.stdin.once('end', () => resolve());
        process.stdin.once('close', () => resolve());
        process.stdout.once('error', () => resolve());
      });
      await server.connect(transport);
      log(ready());
      const why = await Promise.race([
        closed.then(() => 'client closed the connection'),
        stopped.then(() => 'stopped by a signal'),
      ]);
      await server.close().catch(() => undefined);
      log(`${why}; bye.`);
      return 0;
    } finally {
      giveBack(open, adopted);
    }
  },
};

/** Opens a file and serves it; the path when this adopted it (it was not served before). */
async function adoptFile(ctx: CommandContext, file: string, log: (s: string) => void): Promise<string[]> {
  const open = ctx.container.openOntologies;
  const h = await openOntology(ctx, file);
  // Build the closure index now, so the first tool call does not pay for it.
  void h.closure;
  const fresh = !open.has(h.path);
  const o = open.adopt(h);
  log(
    `${o.name}: ${h.summary.classes} classes, ${h.summary.objectProperties} relations (${h.summary.cache === 'hit' ? 'from the cache' : 'loaded and cached'})`,
  );
  return fresh ? [h.path] : [];
}

function giveBack(open: OpenOntologies, ids: string[]): void {
  for (const id of ids)
    try {
      open.close(id);
    } catch {
      // A task of another door (the API on a shared container) still reads it: it stays open.
    }
}
