import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { graphChunks, ntIri, type GraphEntity } from './closure-graph';

/** What a patched cache's closure graph replaces: the changed entities' subjects, and their lines now. */
export interface GraphPatch {
  subjects: Buffer[];
  lines: Buffer;
}

/**
 * The closure-graph lines of the `changed` entities, from the patched tables. Every triple's subject is the
 * entity whose row it comes from (closure-graph.ts), so these replace every line with those subjects.
 */
export function graphPatch(db: Database.Database, changed: Set<number>): GraphPatch {
  const ids = [...changed];
  const iriOf = db.prepare('SELECT iri FROM entity WHERE id = ?').pluck();
  const rows = <T>(sql: string): T[] => {
    const st = db.prepare(sql).raw();
    return ids.flatMap((id) => st.all(id) as T[]);
  };
  const chunks = graphChunks({
    entities: rows<GraphEntity>(
      'SELECT id, iri, kind, name, deprecated, unsat, transitive, reflexive FROM entity WHERE id = ?',
    ),
    parent: rows<[number, number]>('SELECT child, parent FROM parent WHERE child = ?'),
    equiv: rows<[number, number]>('SELECT a, b FROM equiv WHERE a = ?'),
    propParent: [],
    link: rows<[number, number, number]>('SELECT s, r, f FROM link WHERE s = ?'),
    iriOf: (id) => iriOf.get(id) as string,
  });
  return {
    subjects: ids.map((id) => Buffer.from(`${ntIri(iriOf.get(id) as string)} `, 'utf8')),
    lines: Buffer.from([...chunks].map((c) => c.text).join(''), 'utf8'),
  };
}

/**
 * Writes the last graph (`from`) without the lines whose subject the patch changes, then the patch's
 * lines: the lines a full write would have, in another order. Returns the new file's SHA-256.
 */
export function writePatchedGraph(patch: GraphPatch, from: string, to: string): string {
  const out = openSync(to, 'w');
  const hash = createHash('sha256');
  const write = (bytes: Buffer) => {
    for (let off = 0; off < bytes.length;) off += writeSync(out, bytes, off);
    hash.update(bytes);
  };
  try {
    const last = readFileSync(from);
    let pos = 0;
    for (const [start, end] of linesOf(last, patch.subjects)) {
      write(last.subarray(pos, start));
      pos = end;
    }
    write(last.subarray(pos));
    write(patch.lines);
  } finally {
    closeSync(out);
  }
  return hash.digest('hex');
}

/**
 * The lines of an N-Triples file whose subject is one of `subjects` (each `<iri> `), as sorted [start, end)
 * byte ranges. A native search for each subject: a patch changes few, and most lines name none of them.
 */
function linesOf(data: Buffer, subjects: Buffer[]): [number, number][] {
  const out: [number, number][] = [];
  for (const s of subjects) {
    for (let at = data.indexOf(s); at >= 0;) {
      if (at > 0 && data[at - 1] !== 0x0a) {
        at = data.indexOf(s, at + 1); // the IRI as an object, or inside a literal
        continue;
      }
      const nl = data.indexOf(0x0a, at);
      const end = nl < 0 ? data.length : nl + 1;
      out.push([at, end]);
      at = data.indexOf(s, end);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}
