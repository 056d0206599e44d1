// Fails when a source file grows past 600 lines: a file that long holds more than one job.
// Run by `npm run lint`. Generated files would be listed in GENERATED; there are none today.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 600;
const GENERATED = new Set([]);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|vue|mjs|js|java)$/.test(f) && !GENERATED.has(f) && !f.startsWith('node_modules/'));
const long = [];
for (const f of files) {
  let lines;
  try {
    lines = readFileSync(f, 'utf8').split('\n').length;
  } catch {
    continue; // deleted in the working tree
  }
  if (lines > LIMIT) long.push(`${f}: ${lines} lines`);
}
if (long.length) {
  console.error(`Files over ${LIMIT} lines (split them by job):\n  ${long.join('\n  ')}`);
  process.exit(1);
}
console.log(`no source file over ${LIMIT} lines (${files.length} files).`);
