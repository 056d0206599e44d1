/** The form that agrees with a count: `agree(keys.length, 'is', 'are')`. */
export function agree(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** "A", "A and C", "A, B and C". */
export function listAnd(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** "Option A", "Options A and C": the subject of a sentence about chosen options. */
export function optionsSubject(keys: readonly string[]): string {
  return `${agree(keys.length, 'Option', 'Options')} ${listAnd(keys)}`;
}
