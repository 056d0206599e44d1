/** The singular or plural form for a count: `plural(1, 'class is', 'classes are')`. */
export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** "1 class", "3 classes": the count with its noun. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${plural(n, one, many)}`;
}
