export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal, i.e. whether progress bars make sense. */
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;
export const EXIT_BUG = 3;
