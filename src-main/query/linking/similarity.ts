import difflib from 'difflib';

/** Ratcliff/Obershelp "gestalt" similarity in [0, 1], as Python's difflib computes it. */
export function gestaltSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  return new difflib.SequenceMatcher(null, a, b).ratio();
}
