import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest globalSetup: gives the test workers a file to note browser skips in, and prints their count at the
 * end, so a run without Chromium says so in its summary instead of looking green. The workers are forked
 * after this runs, so they inherit the variable.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'oarag-skips-'));
  const log = join(dir, 'browser-skips.txt');
  process.env.OARAG_BROWSER_SKIP_LOG = log;
  return () => {
    const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(dir, { recursive: true, force: true });
    if (!lines.length) return;
    const reasons = [...new Set(lines)];
    process.stdout.write(
      `\n[e2e] ${lines.length} browser test file(s) skipped: ${reasons.join('; ')}\n` +
        '[e2e] Install Chromium to run them: apt-get install -y chromium (or set OARAG_CHROMIUM).\n',
    );
  };
}
