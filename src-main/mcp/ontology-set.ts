import { basename, extname } from 'node:path';
import { UserError } from '../core/errors';
import type { OntologyHandle } from '../ontology/ontology-handle';
import type { QueryService } from '../query/exec/query-service';

/** One loaded ontology as MCP clients name it: by file name, e.g. "pizza.owl". */
export interface ServedOntology {
  id: string;
  handle: OntologyHandle;
  query: QueryService;
}

/**
 * The ontologies one MCP server answers over. Tools take an optional `ontology` argument; with one
 * ontology it may be left out, with several it must pick one (by file name, with or without extension).
 */
export class OntologySet {
  readonly list: ServedOntology[] = [];

  add(handle: OntologyHandle, query: QueryService): ServedOntology {
    let id = basename(handle.summary.file || handle.path);
    // Two files of the same name from different folders stay apart.
    for (let n = 2; this.list.some((o) => o.id === id); n++) id = `${basename(handle.path)}#${n}`;
    const entry = { id, handle, query };
    this.list.push(entry);
    return entry;
  }

  get ids(): string[] {
    return this.list.map((o) => o.id);
  }

  pick(name: string | undefined): ServedOntology {
    if (name === undefined || name.trim() === '') {
      if (this.list.length === 1) return this.list[0];
      throw new UserError(
        'usage',
        `${this.list.length} ontologies are loaded; say which one with "ontology": one of ${this.ids.map((i) => `"${i}"`).join(', ')}.`,
      );
    }
    const want = name.trim().toLowerCase();
    const hit =
      this.list.find((o) => o.id.toLowerCase() === want) ?? this.list.find((o) => stem(o.id).toLowerCase() === want);
    if (hit) return hit;
    throw new UserError(
      'unknown-ontology',
      `No ontology "${name}" is loaded; the loaded ones are ${this.ids.map((i) => `"${i}"`).join(', ')}.`,
    );
  }
}

function stem(id: string): string {
  return basename(id, extname(id));
}
