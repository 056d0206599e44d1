/** Building dialect queries from names shown in the UI. */

/** A name as a dialect string literal: double quotes, with `\` and `"` escaped. */
export function quoteName(name: string): string {
  return `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `EXPLAIN { "A" "r" "B" }`; pass "is a" as the relation for a parent. */
export function explainQuery(subject: string, relation: string, filler: string): string {
  return `EXPLAIN { ${quoteName(subject)} ${quoteName(relation)} ${quoteName(filler)} }`;
}
