import { terminalSafe } from '../core/terminal-safe';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal, i.e. whether progress bars make sense. */
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
  /** The raw stderr, for the progress bar's own control sequences only (see terminalSafeIo). */
  control?: (text: string) => void;
}

/**
 * The CLI's I/O with every control character but newline and tab escaped on stdout and stderr: whatever an
 * ontology, a dataset or an error message holds, nothing printed can drive the terminal.
 */
export function terminalSafeIo(io: CliIo): CliIo {
  if (io.control) return io;
  return {
    ...io,
    stdout: (s) => io.stdout(terminalSafe(s)),
    stderr: (s) => io.stderr(terminalSafe(s)),
    control: io.stderr,
  };
}

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;
export const EXIT_BUG = 3;
