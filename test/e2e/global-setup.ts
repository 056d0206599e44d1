import { ensureRendererBuilt } from './support/renderer-build';

/**
 * Vitest globalSetup for the e2e tests: builds out/renderer when it is older than the sources. The e2e
 * harness also calls ensureRendererBuilt() itself, so the tests work whether or not vitest.config.ts
 * lists this file.
 */
export default async function setup(): Promise<void> {
  await ensureRendererBuilt();
}
