import { basename, extname } from 'node:path';
import { UserError } from '../core/errors';

/** The name clients know a newly served ontology by: its file name, e.g. "pizza.owl". */
export function clientName(h: { path: string; summary: { file: string } }, taken: (name: string) => boolean): string {
  let name = basename(h.summary.file || h.path);
  // Two files of the same name from different folders stay apart.
  for (let n = 2; taken(name); n++) name = `${basename(h.path)}#${n}`;
  return name;
}

/**
 * The ontology a client names: with one served the name may be left out, with several it must pick
 * one by file name, with or without its extension, in any case.
 */
export function pickByName<T extends { name: string }>(served: T[], name: string | undefined): T {
  const names = () => served.map((o) => `"${o.name}"`).join(', ');
  if (name === undefined || name.trim() === '') {
    if (served.length === 1) return served[0];
    throw new UserError(
      'usage',
      `${served.length} ontologies are loaded; say which one with "ontology": one of ${names()}.`,
    );
  }
  const want = name.trim().toLowerCase();
  const hit =
    served.find((o) => o.name.toLowerCase() === want) ?? served.find((o) => stem(o.name).toLowerCase() === want);
  if (hit) return hit;
  throw new UserError('unknown-ontology', `No ontology "${name}" is loaded; the loaded ones are ${names()}.`);
}

function stem(name: string): string {
  return basename(name, extname(name));
}
