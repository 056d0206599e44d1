// Builds resources/elk-bridge/elk-bridge.jar with Maven during `npm install`. Skips the build when the
// jar is newer than every source file and the pom, unless --force is given.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bridge = join(root, 'resources', 'elk-bridge');
const jar = join(bridge, 'elk-bridge.jar');
const force = process.argv.includes('--force');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function has(cmd) {
  return spawnSync(cmd, ['-version'], { stdio: 'ignore' }).status === 0 || spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
}

if (!force && existsSync(jar)) {
  const sources = Math.max(newest(join(bridge, 'src')), statSync(join(bridge, 'pom.xml')).mtimeMs);
  if (statSync(jar).mtimeMs >= sources) {
    console.error('elk-bridge.jar is up to date.');
    process.exit(0);
  }
}
if (!has('java')) {
  console.error('Building the ELK bridge needs Java: install a JDK 11 or newer (e.g. `apt-get install openjdk-17-jdk-headless`).');
  process.exit(1);
}
if (!has('mvn')) {
  console.error('Building the ELK bridge needs Maven: install it (e.g. `apt-get install maven`) and run `npm run build:bridge`.');
  process.exit(1);
}
console.error('Building the ELK bridge (OWL API + ELK) with Maven…');
const r = spawnSync('mvn', ['-q', '-B', 'package', '-DskipTests'], { cwd: bridge, stdio: ['ignore', 'inherit', 'inherit'] });
if (r.status !== 0 || !existsSync(jar)) {
  console.error(`Maven failed (exit ${r.status}); see the output above.`);
  process.exit(r.status || 1);
}
console.error('Built resources/elk-bridge/elk-bridge.jar.');
