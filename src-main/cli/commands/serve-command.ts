import { appRoot } from '../../core/paths';
import { UserError } from '../../core/errors';
import { join } from 'node:path';
import type { CommandSpec } from '../command-spec';

export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'Serve the workbench in a browser on 127.0.0.1 (token-protected).',
  usage: 'oarag serve [--port N]   (--port 0 picks a free port)',
  options: { port: { type: 'string' } },
  async run(ctx) {
    const port = ctx.values.port === undefined ? 5179 : Number(ctx.values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UserError('usage', '--port must be a whole number from 0 to 65535.');
    const [{ ApiService }, { startWebServer }] = await Promise.all([
      import('../../api/api-service'),
      import('../../server/web-server'),
    ]);
    const api = new ApiService(ctx.container, 'web');
    const staticDir = ctx.io.env.OARAG_RENDERER_DIR ?? join(appRoot(), 'out', 'renderer');
    let server;
    try {
      server = await startWebServer({ api, port, staticDir });
    } catch (e) {
      throw new UserError(
        'port-busy',
        `could not listen on 127.0.0.1:${port} (${(e as Error).message}); try --port 0.`,
      );
    }
    ctx.io.stdout(`Serving on ${server.url}\n`);
    await new Promise<void>((resolve) => {
      if (ctx.io.signal?.aborted) return resolve();
      ctx.io.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await server.close();
    return 0;
  },
};
