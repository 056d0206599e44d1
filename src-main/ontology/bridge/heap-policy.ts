import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { totalmem } from 'node:os';

export type InputFormat = 'obo' | 'functional' | 'turtle' | 'rdfxml' | 'owlxml' | 'unknown';

/**
 * MiB of heap per MiB of input. Measured as the largest live set after a collection during load and
 * extract: OBO 17-19x its size (go-mgi-subset, envo), RDF/XML about 8x (so.owl), functional syntax
 * 9-13x for synthetic GO 50k (32 MiB: ran in 640 MiB) but 25x for synthetic SNOMED 350k (114 MiB:
 * 2.85 GiB live, ran in 3.2 GiB). Turtle and OWL/XML were not measured and get the OBO and RDF/XML
 * factors. An estimate that is too small costs one retry with twice the heap (OntologyService), so
 * these aim at the typical file, not the worst one.
 */
const MB_PER_MB: Record<InputFormat, number> = {
  obo: 48,
  functional: 28,
  turtle: 48,
  rdfxml: 24,
  owlxml: 24,
  unknown: 48,
};
/** The JVM, OWL API and ELK before any ontology: about 100 MiB live, with room. */
const BASE_MB = 384;
export const HEAP_FLOOR_MB = 512;

/** Half the machine's memory, at most 16 GiB: the most a load may take, retries included. */
export function heapCapMb(machineBytes = totalmem()): number {
  return Math.max(HEAP_FLOOR_MB, Math.min(16_384, Math.floor(machineBytes / 2 / 2 ** 20)));
}

export interface HeapEstimate {
  mb: number;
  format: InputFormat;
  bytes: number;
}

/** The heap for one input: a base plus a per-format multiple of its size, between the floor and the cap. */
export function heapForInput(bytes: number, format: InputFormat, capMb = heapCapMb()): number {
  const want = BASE_MB + MB_PER_MB[format] * (bytes / 2 ** 20);
  return Math.round(Math.max(HEAP_FLOOR_MB, Math.min(capMb, want)));
}

/** The heap to retry with after running out: twice as much, up to the cap; null when at the cap already. */
export function heapAfterOutOfMemory(currentMb: number, capMb = heapCapMb()): number | null {
  if (currentMb >= capMb) return null;
  return Math.min(capMb, Math.max(HEAP_FLOOR_MB, currentMb * 2));
}

/** The same signs the bridge uses to recognise a format, enough to pick a factor; never an error. */
export function sniffFormat(head: string): InputFormat {
  const text = head.replace(/^\uFEFF/, '');
  if (/<rdf:RDF\b|xmlns:rdf=/.test(text)) return 'rdfxml';
  if (/<Ontology\b[^>]*xmlns="http:\/\/www\.w3\.org\/2002\/07\/owl#"|<owl:Ontology\b/.test(text)) return 'owlxml';
  if (/^\s*(Prefix|Ontology)\s*\(/m.test(text)) return 'functional';
  if (/^\s*(format-version:|\[Term\]|\[Typedef\])/m.test(text)) return 'obo';
  if (/^\s*(@prefix|@base|PREFIX|BASE)\b/im.test(text)) return 'turtle';
  return 'unknown';
}

/** Sizes the heap for a file from its size and the format its first bytes show. */
export function heapForFile(path: string, capMb = heapCapMb()): HeapEstimate {
  let bytes = 0;
  let format: InputFormat = 'unknown';
  try {
    bytes = statSync(path).size;
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(Math.min(16_384, bytes));
      readSync(fd, buf, 0, buf.length, 0);
      const wide = buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff));
      // UTF-16 text is twice the bytes of the same ontology in UTF-8.
      if (wide) bytes = Math.floor(bytes / 2);
      // Dropping the NUL bytes of wide text leaves its ASCII markup readable, whatever the byte order.
      format = sniffFormat(wide ? Buffer.from(buf.filter((b) => b !== 0)).toString('latin1') : buf.toString('utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    // an unreadable file fails later with a proper error; the floor is enough to say so
  }
  return { mb: heapForInput(bytes, format, capMb), format, bytes };
}
