#!/usr/bin/env node
import { runArgs } from './run-args';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

// A reader that stops early (`oarag diff a b | head`) closes the pipe: the rest of the output has nowhere
// to go, which is no error of ours. Stop writing, stop the work, and leave quietly, as other tools do.
let stdoutGone = false;
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  stdoutGone = true;
  controller.abort();
});
process.stderr.on('error', () => {
  // Nowhere left to say anything.
});

const code = await runArgs(process.argv.slice(2), {
  stdout: (s) => void (stdoutGone || process.stdout.write(s)),
  stderr: (s) => void process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = stdoutGone ? 0 : code;
