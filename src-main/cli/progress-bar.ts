import type { TaskProgress } from '../core/task';

/** A one-line bar redrawn in place on a TTY; elsewhere silent, so logs and pipes stay clean. */
export function progressBar(write: (s: string) => void, enabled: boolean) {
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
        .padStart(3)}% ${p.stage}`;
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
