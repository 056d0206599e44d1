#!/usr/bin/env node
// Runs the ELK bridge's JUnit tests (resources/elk-bridge/src/test, on test/fixtures/el) with Maven; part of `npm test`.
//
//   node scripts/test-bridge.mjs
//
// Maven runs offline first (after `npm install` the local repository holds what the build needs); when the offline
// run lacks an artifact only the test run needs (the JUnit platform provider on a clean machine), it runs again
// online, once. Set OARAG_SKIP_BRIDGE_BUILD=1 to skip, as for the build. Maven is spawned with an argument array
// (`cmd.exe /c` for mvn.cmd on Windows), with a 10-minute limit.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeDir, mvn } from './mvn-run.mjs';

const reportsDir = join(bridgeDir, 'target', 'surefire-reports');
const LIMIT_MS = 10 * 60_000;

const log = (msg) => process.stderr.write(`[test-bridge] ${msg}\n`);

if (process.env.OARAG_SKIP_BRIDGE_BUILD) {
  log('OARAG_SKIP_BRIDGE_BUILD is set: the ELK bridge tests were not run.');
  process.exit(0);
}

/** Counts from the Surefire XML reports of this run. */
function counts() {
  const c = { tests: 0, failures: 0, errors: 0, skipped: 0, classes: 0 };
  if (!existsSync(reportsDir)) return c;
  for (const f of readdirSync(reportsDir)) {
    if (!/^TEST-.*\.xml$/.test(f)) continue;
    const head = /<testsuite\b[^>]*>/.exec(readFileSync(join(reportsDir, f), 'utf8'))?.[0] ?? '';
    const num = (k) => Number(new RegExp(`\\b${k}="(\\d+)"`).exec(head)?.[1] ?? 0);
    c.tests += num('tests');
    c.failures += num('failures');
    c.errors += num('errors');
    c.skipped += num('skipped');
    c.classes++;
  }
  return c;
}

// eslint-disable-next-line no-control-regex -- ESC is exactly what an ANSI colour code starts with
const clean = (text) => text.replace(/\x1b\[[0-9;]*m/g, '').trim();
const base = ['-q', '-B', '-Dstyle.color=never', 'test'];
const t0 = Date.now();
rmSync(reportsDir, { recursive: true, force: true });
let run = await mvn(['-o', ...base], LIMIT_MS);
if (
  run.code !== 0 &&
  /offline|has not been downloaded|Could not resolve|Cannot access/i.test(run.output) &&
  !counts().classes
) {
  log('an artifact the tests need is not in the local Maven repository; running Maven online once.');
  run = await mvn(base, LIMIT_MS);
}
const seconds = ((Date.now() - t0) / 1000).toFixed(1);
const c = counts();
if (run.code === null) {
  log(clean(run.output));
  log('Maven (mvn) and a JDK 11+ are needed for the bridge tests; see resources/elk-bridge/README.md.');
  process.exit(1);
}
if (run.code !== 0) {
  if (clean(run.output)) process.stderr.write(`${clean(run.output)}\n`);
  log(
    `FAILED after ${seconds} s: ${c.tests} JUnit tests, ${c.failures} failed, ${c.errors} errors (reports in ${reportsDir}).`,
  );
  process.exit(1);
}
if (c.tests === 0) {
  log(`Maven succeeded but ran no JUnit test (no reports in ${reportsDir}).`);
  process.exit(1);
}
log(
  `${c.tests - c.skipped} JUnit tests of the ELK bridge passed (${c.classes} classes${c.skipped ? `, ${c.skipped} skipped` : ''}) in ${seconds} s.`,
);
