import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from './paths';

let version: string | undefined;

export function appVersion(): string {
  if (version) return version;
  try {
    version = (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    version = '0.0.0';
  }
  return version;
}
