import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type Database from 'better-sqlite3';
import { graphChunks, ntIri, type GraphEntity } from './closure-graph';

const CHUNK = 4 << 20;

/**
 * Writes the closure graph of a patched cache: the last graph without the lines whose subject is one of
 * `changed`, then those entities' lines from the patched tables. Every triple's subject is the entity
 * whose row it comes from (closure-graph.ts), so the result has the lines a full write would have, in
 * another order. Returns the new file's SHA-256.
 */
export function patchGraph(db: Database.Database, changed: Set<number>, from: string, to: string): string {
  const ids = [...changed];
  const subjects = new Set<string>();
  const iriOf = db.prepare('SELECT iri FROM entity WHERE id = ?').pluck();
  for (const id of ids) subjects.add(ntIri(iriOf.get(id) as string));
  const out = openSync(to, 'w');
  const hash = createHash('sha256');
  const write = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    for (let off = 0; off < bytes.length;) off += writeSync(out, bytes, off);
    hash.update(bytes);
  };
  try {
    copyOthers(from, subjects, write);
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
    for (const c of chunks) write(c.text);
  } finally {
    closeSync(out);
  }
  return hash.digest('hex');
}

/** Streams the graph at `from` to `write`, leaving out the lines whose subject is in `subjects`. */
function copyOthers(from: string, subjects: Set<string>, write: (text: string) => void): void {
  const fd = openSync(from, 'r');
  const buf = Buffer.allocUnsafe(CHUNK);
  const decoder = new StringDecoder('utf8');
  let carry = '';
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n === 0) break;
      const text = carry + decoder.write(buf.subarray(0, n));
      const cut = text.lastIndexOf('\n') + 1;
      carry = text.slice(cut);
      write(keep(text.slice(0, cut), subjects));
    }
    carry += decoder.end();
    if (carry) write(keep(carry + '\n', subjects));
  } finally {
    closeSync(fd);
  }
}

function keep(lines: string, subjects: Set<string>): string {
  if (subjects.size === 0) return lines;
  const kept: string[] = [];
  let start = 0;
  let from = 0;
  while (start < lines.length) {
    const end = lines.indexOf('\n', start) + 1 || lines.length;
    const subjectEnd = lines.indexOf('> ', start) + 1;
    if (subjects.has(lines.slice(start, subjectEnd))) {
      if (from < start) kept.push(lines.slice(from, start));
      from = end;
    }
    start = end;
  }
  if (from < lines.length) kept.push(lines.slice(from));
  return kept.join('');
}
