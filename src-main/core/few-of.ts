/** "a, b, c, d, e, …": the first few of a list a message names, the rest marked as left out. */
export function fewOf(items: readonly string[], max = 5): string {
  return `${items.slice(0, max).join(', ')}${items.length > max ? ', …' : ''}`;
}
