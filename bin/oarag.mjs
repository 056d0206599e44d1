#!/usr/bin/env node
// The `oarag` command: runs the bundled CLI (out/cli, see scripts/build-cli.mjs). When any file the bundle
// was made from has changed since, it rebuilds first (about a second), so an edited source never runs as
// its old bundled self. Development and tests may run src-main/cli/bin.ts under tsx instead.
import { pathToFileURL } from 'node:url';
import { buildCli, freshBuild } from '../scripts/build-cli.mjs';

let build = freshBuild();
if (!build) {
  try {
    build = await buildCli();
    if (process.env.OARAG_DEBUG)
      process.stderr.write(`oarag: rebuilt the CLI bundle in ${build.seconds.toFixed(1)} s\n`);
  } catch (e) {
    process.stderr.write(
      `oarag: the CLI bundle is missing or older than its sources, and rebuilding it failed: ${e?.message ?? e}\n` +
        'Run `node scripts/build-cli.mjs` to see why (it needs the dev dependencies, esbuild among them).\n',
    );
    process.exit(70);
  }
}
await import(pathToFileURL(build.entry).href);
