import { terminalSafe } from '../core/terminal-safe';
import type { TaskProgress } from '../core/task';
import type { CliIo } from './cli-io';

/**
 * A one-line bar redrawn in place on a TTY; elsewhere silent, so logs and pipes stay clean. It writes its
 * own control sequences on the raw stderr (CliIo.control), its stage text made terminal-safe.
 */
export function progressBar(io: Pick<CliIo, 'stderr' | 'control' | 'isTTY'>) {
  const write = io.control ?? io.stderr;
  const enabled = io.isTTY;
  let last = '';
  let lastAt = 0;
  return {
    update(p: TaskProgress): void {
      if (!enabled) return;
      const now = Date.now();
      const width = 30;
      const filled = Math.round(p.fraction * width);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round(p.fraction * 100)
        .toString()
        .padStart(3)}% ${terminalSafe(p.stage)}`;
      if (line === last || (now - lastAt < 100 && line.slice(-12) === last.slice(-12))) return;
      last = line;
      lastAt = now;
      write(`\r${line}\u001b[K`);
    },
    done(): void {
      if (enabled && last) write('\r\u001b[K');
      last = '';
    },
  };
}
