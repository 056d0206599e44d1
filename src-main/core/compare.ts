/**
 * Orders strings by UTF-16 code units, as `<` does. Unlike localeCompare it is the same on every
 * machine and locale, which is what reproducible orders (ids by IRI, label tie-breaks) need.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
