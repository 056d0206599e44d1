import { realpathSync } from 'node:fs';
import { isAbsolute, normalize, sep } from 'node:path';
import { UserError } from '../core/errors';

/** An allowed folder as configured, and where it really is (a root may itself be a symbolic link). */
export interface AllowedRoot {
  path: string;
  real: string;
}

/** A folder the policy let through: the path as asked (lexical), where it really is, and its root. */
export interface AllowedPath {
  path: string;
  real: string;
  root: AllowedRoot;
}

/** The configured roots that exist; a missing one allows nothing. */
export function existingRoots(paths: readonly string[]): AllowedRoot[] {
  const out: AllowedRoot[] = [];
  for (const p of paths) {
    if (!isAbsolute(p) || hasDotDot(p)) continue;
    try {
      out.push({ path: trimSep(normalize(p)), real: realpathSync(p) });
    } catch {
      // Not there (yet): it is listed as missing and allows nothing.
    }
  }
  return out;
}

/** True when `child` is `parent` or lies below it (whole path segments, not string prefixes). */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  return child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

export function hasDotDot(p: string): boolean {
  return p.split(/[\\/]+/).includes('..');
}

/**
 * The one gate for browsing: an absolute path without '..', lexically inside an allowed root, whose
 * real path (symbolic links followed) is inside an allowed root too. Anything else is refused with
 * 'forbidden'; the message names no path but the one the user gave.
 */
export function resolveAllowed(requested: string, roots: readonly AllowedRoot[]): AllowedPath {
  if (requested.includes('\0')) throw new UserError('bad-params', 'The path contains a NUL character.');
  if (!isAbsolute(requested))
    throw new UserError('forbidden', 'Give the full path of a folder inside one of the allowed folders.');
  if (hasDotDot(requested))
    throw new UserError('forbidden', "A browsed path may not contain '..'; pick a folder from the list instead.");
  const path = trimSep(normalize(requested));
  const root = roots.find((r) => isInside(path, r.path) || isInside(path, r.real));
  if (!root) throw new UserError('forbidden', `${requested} is not inside an allowed folder.`);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw new UserError('not-found', `No folder at ${requested}.`);
  }
  if (!roots.some((r) => isInside(real, r.real)))
    throw new UserError('forbidden', `${requested} leads outside the allowed folders (through a symbolic link).`);
  return { path, real, root };
}

/** Whether a real path (an entry's link target) stays inside some allowed root. */
export function realInsideRoots(real: string, roots: readonly AllowedRoot[]): boolean {
  return roots.some((r) => isInside(real, r.real));
}

function trimSep(p: string): string {
  return p.length > 1 && (p.endsWith('/') || p.endsWith('\\')) && !/^[A-Za-z]:[\\/]$/.test(p) ? p.slice(0, -1) : p;
}
