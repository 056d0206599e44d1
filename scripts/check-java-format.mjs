#!/usr/bin/env node
// Checks that the ELK bridge's Java sources (resources/elk-bridge/src) are formatted by google-java-format (AOSP
// style, through spotless-maven-plugin as configured in the bridge's pom). Run by `npm run lint`; `--write`
// formats them instead (`npm run format:java`).
//
//   node scripts/check-java-format.mjs [--write]
//
// Maven runs offline first (the local repository holds the formatter once it has run here); when the offline run
// lacks an artifact (a clean machine), it runs again online, once. The formatter is bound to no build phase, so
// `npm install` and the jar build never run it. Set OARAG_SKIP_BRIDGE_BUILD=1 to skip, as for the build and the
// bridge tests. Maven is spawned with an argument array (`cmd.exe /c` for mvn.cmd on Windows), with a 5-minute limit.

import { mvn } from './mvn-run.mjs';

const LIMIT_MS = 5 * 60_000;
const write = process.argv.includes('--write');
const goal = `com.diffplug.spotless:spotless-maven-plugin:${write ? 'apply' : 'check'}`;

const log = (msg) => process.stderr.write(`[check-java-format] ${msg}\n`);

if (process.env.OARAG_SKIP_BRIDGE_BUILD) {
  log('OARAG_SKIP_BRIDGE_BUILD is set: the Java format was not checked.');
  process.exit(0);
}

// eslint-disable-next-line no-control-regex -- ESC is exactly what an ANSI colour code starts with
const clean = (text) => text.replace(/\x1b\[[0-9;]*m/g, '').trim();
const violations = /The following files had format violations/;
const base = ['-q', '-B', '-Dstyle.color=never', goal];
let run = await mvn(['-o', ...base], LIMIT_MS);
if (
  run.code !== 0 &&
  !violations.test(run.output) &&
  /offline|has not been downloaded|Could not resolve|Cannot access/i.test(run.output)
) {
  log('the formatter is not in the local Maven repository yet; running Maven online once.');
  run = await mvn(base, LIMIT_MS);
}
if (run.code === null) {
  log(clean(run.output));
  log('Maven (mvn) and a JDK 17+ are needed to check the Java format; see resources/elk-bridge/README.md.');
  process.exit(1);
}
const output = clean(run.output);
if (run.code !== 0 && violations.test(output)) {
  // Maven's error lines: the file names are indented by four spaces, the diff lines below them by eight
  const files = [...output.matchAll(/^\[ERROR\] {5}(\S.*\.java)$/gm)].map((m) => m[1]);
  const diff = output.split('\n[ERROR] -> [Help')[0].split('\n').slice(0, 60);
  process.stderr.write(`${diff.join('\n')}\n`);
  log(
    `${files.length} Java file(s) under resources/elk-bridge are not formatted by google-java-format:` +
      `\n  ${files.join('\n  ')}\nRun \`npm run -s format:java\` to format them.`,
  );
  process.exit(1);
}
if (run.code !== 0) {
  if (output) process.stderr.write(`${output}\n`);
  log(`Maven failed (exit code ${run.code}) before the Java format could be checked; see the messages above.`);
  process.exit(1);
}
console.log(
  write
    ? 'formatted the Java sources of the ELK bridge (google-java-format).'
    : 'the Java sources of the ELK bridge are formatted (google-java-format).',
);
