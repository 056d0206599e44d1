import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { UserError } from '../core/errors';
import { kindOfFile } from '../core/input-file';

const FORMATS = 'RDF/XML, OWL/XML, OWL functional syntax, Turtle or OBO';

/** The checks that need no JVM, so common mistakes get an answer in milliseconds. */
export function checkOntologyFile(path: string): void {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new UserError('not-found', `No file at ${path}.`);
  }
  if (st.isDirectory()) throw new UserError('not-a-file', `${path} is a folder; give the ontology file inside it.`);
  // A pipe or a device would block or never end the hash and the parse (core/input-file).
  if (!st.isFile())
    throw new UserError('not-a-file', `${path} is ${kindOfFile(st)}, not a regular file; give the ontology file.`);
  if (st.size === 0) throw new UserError('empty-file', `${path} is empty; an ontology file (${FORMATS}) was expected.`);
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(8192, st.size));
    readSync(fd, buf, 0, buf.length, 0);
    if (buf[0] === 0x1f && buf[1] === 0x8b) {
      throw new UserError(
        'compressed-file',
        `${path} is gzip-compressed; unpack it first (gunzip) and open the ontology inside.`,
      );
    }
    if (buf[0] === 0x50 && buf[1] === 0x4b) {
      throw new UserError('compressed-file', `${path} is a zip archive; unpack it and open the ontology file inside.`);
    }
    // UTF-16 and UTF-32 text with a byte order mark is full of NUL bytes; the bridge decodes it.
    if (wideBom(buf)) return;
    let control = 0;
    for (const b of buf) if (b === 0 || b < 9 || (b > 13 && b < 32 && b !== 27)) control++;
    if (buf.includes(0) || control > buf.length * 0.1) {
      throw new UserError('binary-file', `${path} looks like a binary file, not an ontology (${FORMATS}).`);
    }
  } finally {
    closeSync(fd);
  }
}

function wideBom(b: Buffer): boolean {
  if (
    b.length >= 4 &&
    ((b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) ||
      (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0))
  )
    return true;
  return b.length >= 2 && ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe));
}
