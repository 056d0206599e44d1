#!/usr/bin/env node
// Builds the Java ELK bridge (resources/elk-bridge) into resources/elk-bridge/elk-bridge.jar.
// Run by `npm install` (postinstall) and `npm run build:bridge` (--force).
//
//   node scripts/build-bridge.mjs [--force]
//
// The build is skipped when the jar is newer than the pom and every file under resources/elk-bridge/src.
// Needs a JDK 11+ (`java`) and Maven (`mvn`) on the PATH; Maven downloads the dependencies from Maven Central
// into its usual local repository. Set OARAG_SKIP_BRIDGE_BUILD=1 to skip the build entirely.
// No dependencies; Maven and Java are spawned with argument arrays, never through a shell (except `cmd.exe /c`
// for mvn.cmd on Windows, which Node cannot spawn directly).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bridgeDir = join(root, 'resources', 'elk-bridge');
const pom = join(bridgeDir, 'pom.xml');
const srcDir = join(bridgeDir, 'src');
const jar = join(bridgeDir, 'elk-bridge.jar');
const jsa = join(bridgeDir, 'elk-bridge.jsa');
const force = process.argv.includes('--force');
const isWindows = process.platform === 'win32';

const log = (msg) => process.stderr.write(`[build-bridge] ${msg}\n`);

function fail(msg) {
  log(msg);
  process.exit(1);
}

/** Newest modification time (ms) of a file or of every file below a folder. */
function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Runs a command synchronously for a version probe; returns its combined output, or null when it cannot run. */
function probe(cmd, args) {
  const r =
    isWindows && cmd === 'mvn'
      ? spawnSync('cmd.exe', ['/d', '/s', '/c', 'mvn', ...args], { encoding: 'utf8', windowsHide: true })
      : spawnSync(cmd, args, { encoding: 'utf8', windowsHide: true });
  if (r.error || r.status !== 0) return null;
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

/**
 * A class-data archive (AppCDS) of the classes a load and an extract use, beside the jar: a bridge JVM
 * maps them instead of loading and verifying them, 0.1-0.15 s of every start. It is made by the Java on
 * the PATH and only fits that Java and this jar; the bridge uses it when present, and a JVM it does not
 * fit loads its classes as usual. Failing to make it is not an error.
 */
function writeArchive() {
  if (!force && existsSync(jsa) && statSync(jsa).mtimeMs > statSync(jar).mtimeMs) return;
  rmSync(jsa, { force: true });
  const sample = join(root, 'resources', 'samples', 'cardio.ofn');
  const out = join(tmpdir(), `oarag-cds-${process.pid}.ndjson`);
  const t0 = Date.now();
  const r = spawnSync(
    'java',
    [`-XX:ArchiveClassesAtExit=${jsa}`, '-Xlog:disable', '-jar', jar, 'extract', sample, out],
    {
      encoding: 'utf8',
      timeout: 120_000,
      windowsHide: true,
    },
  );
  rmSync(out, { force: true });
  if (r.status === 0 && existsSync(jsa)) {
    log(`wrote ${basename(jsa)} (class-data archive) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  } else {
    rmSync(jsa, { force: true });
    const why = r.error?.message ?? `${r.stderr ?? ''}`.trim().split('\n').pop() ?? `exit ${r.status}`;
    log(`no class-data archive (optional, the bridge starts a little slower without it): ${why}`);
  }
}

function javaMajor(versionText) {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(versionText);
  if (!m) return null;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major; // "1.8.0_292" is Java 8
}

if (process.env.OARAG_SKIP_BRIDGE_BUILD) {
  log('OARAG_SKIP_BRIDGE_BUILD is set: not building the ELK bridge.');
  process.exit(0);
}
if (!existsSync(pom)) fail(`No ${pom}: the ELK bridge sources are missing.`);

if (!force && existsSync(jar)) {
  const jarTime = statSync(jar).mtimeMs;
  const srcTime = Math.max(newest(pom), existsSync(srcDir) ? newest(srcDir) : 0);
  if (jarTime > srcTime) {
    log('elk-bridge.jar is up to date (use --force to rebuild).');
    if (probe('java', ['-version']) !== null) writeArchive();
    process.exit(0);
  }
}

const javaOut = probe('java', ['-version']);
if (javaOut === null) {
  fail(
    'Java was not found on the PATH. Install a JDK 11 or newer (e.g. Temurin 17) and Maven 3.6+, then run `npm run build:bridge`.',
  );
}
const major = javaMajor(javaOut);
if (major !== null && major < 11) {
  fail(
    `Java ${major} was found, but the ELK bridge needs Java 11 or newer. Install a JDK 11+ and run \`npm run build:bridge\`.`,
  );
}
const mvnOut = probe('mvn', ['-v']);
if (mvnOut === null) {
  fail('Maven (mvn) was not found on the PATH. Install Maven 3.6+ (and a JDK 11+), then run `npm run build:bridge`.');
}

log(`building elk-bridge.jar with Maven (Java ${major ?? '?'}); the first build downloads dependencies...`);
const t0 = Date.now();
const args = ['-q', '-B', '-Dstyle.color=never', 'package', '-DskipTests'];
const child = isWindows
  ? spawn('cmd.exe', ['/d', '/s', '/c', 'mvn', ...args], {
      cwd: bridgeDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    })
  : spawn('mvn', args, { cwd: bridgeDir, stdio: ['ignore', 'pipe', 'pipe'] });
// Maven's output (errors only, with -q) goes to stderr so that stdout stays clean; drop its bare colour resets.
const forward = (d) => {
  // eslint-disable-next-line no-control-regex -- ESC is exactly what an ANSI colour code starts with
  const text = d.toString().replace(/\x1b\[[0-9;]*m/g, '');
  if (text.trim()) process.stderr.write(text);
};
child.stdout.on('data', forward);
child.stderr.on('data', forward);
const ticker = setInterval(() => log(`still building (${Math.round((Date.now() - t0) / 1000)} s)...`), 30_000);
child.on('error', (e) => {
  clearInterval(ticker);
  fail(`Could not start Maven: ${e.message}`);
});
child.on('close', (code) => {
  clearInterval(ticker);
  if (code !== 0) fail(`Maven failed (exit code ${code}); see the messages above.`);
  if (!existsSync(jar)) fail(`Maven finished but ${jar} was not produced.`);
  const mb = (statSync(jar).size / 1048576).toFixed(1);
  log(`built elk-bridge.jar (${mb} MB) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  writeArchive();
});
