import type { ApiService } from '../api/api-service';
import type { Container } from '../container';

export interface Backend {
  container: Container;
  api: ApiService;
}

/**
 * Builds and starts the service container once; the modules are imported lazily so that a native
 * module built for the wrong runtime (better-sqlite3 for Node instead of Electron) becomes an error
 * the window can explain instead of a crash before any window exists.
 */
export async function startBackend(): Promise<Backend> {
  const [{ Container }, { ApiService }] = await Promise.all([import('../container'), import('../api/api-service')]);
  const container = new Container();
  await container.start();
  return { container, api: new ApiService(container, 'desktop') };
}

let stopping: Promise<void> | undefined;

/** Cancels running tasks, closes the JVM bridge and the databases; safe to call twice. */
export function stopBackend(b: Backend | undefined, timeoutMs = 5000): Promise<void> {
  if (!b) return Promise.resolve();
  stopping ??= Promise.race([
    b.container.stop().catch((e: unknown) => console.error('stopping the services failed:', e)),
    new Promise<void>((r) => setTimeout(r, timeoutMs)),
  ]);
  return stopping;
}

/** A human explanation for errors seen while starting the services. */
export function startupHint(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version|better_sqlite3\.node/.test(msg)) {
    return `${msg}\n\nbetter-sqlite3 is built for Node, not for Electron. Run \`npx electron-builder install-app-deps\` before \`npm start\` (\`npm test\` rebuilds it for Node again).`;
  }
  return msg;
}
