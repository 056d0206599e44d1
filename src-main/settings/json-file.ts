import { renameSync } from 'node:fs';
import { UserError } from '../core/errors';
import { MIB, readInputFileSync } from '../core/input-file';
import { writeOutputFile } from '../core/output-policy';
import { describeJsonError } from '../core/safe-json';

/** Settings and recent files are small; anything larger is not ours. */
const MAX_JSON_BYTES = 4 * MIB;

/**
 * Reads one of the app's JSON files: undefined when it is absent. A file that is not a regular file
 * (a pipe would block the start for good) or is too large is left as it is and reported; one that is
 * not JSON is set aside (renamed `.damaged-<time>`) and reported. The app then starts from defaults.
 */
export function readJsonFile(path: string, what: string): { value: unknown; problem?: string } {
  let text: string;
  try {
    const raw = readInputFileSync(path, { what, maxBytes: MAX_JSON_BYTES, missingOk: true });
    if (!raw) return { value: undefined };
    text = raw.toString('utf8');
  } catch (e) {
    return { value: undefined, problem: e instanceof UserError ? e.message : String(e) };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const aside = `${path}.damaged-${Date.now()}`;
    try {
      renameSync(path, aside);
    } catch {
      return { value: undefined, problem: `The ${what} ${path} is not valid JSON (${describeJsonError(e)}).` };
    }
    return {
      value: undefined,
      problem: `The ${what} ${path} was not valid JSON (${describeJsonError(e)}); it was kept as ${aside}.`,
    };
  }
}

/** Through the output policy: a temporary sibling, fsync, rename; a pipe, device or folder there is refused. */
export function writeJsonFile(path: string, value: unknown): void {
  writeOutputFile(path, JSON.stringify(value, null, 2), { force: true });
}
