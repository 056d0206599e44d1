/** Size limits the parser enforces; anything over a limit is a parse error. */
export interface DialectLimits {
  /** Characters of raw input, wrappers included. */
  maxQueryLength: number;
  /** Characters between the quotes of one name (UTF-16 code units). */
  maxNameLength: number;
  /** Triple patterns in one query (`,` and `;` shorthands count each condition). */
  maxConditions: number;
  /** Names in a VALUES list, as written (before duplicates are dropped). */
  maxValues: number;
}

export const DEFAULT_DIALECT_LIMITS: Readonly<DialectLimits> = Object.freeze({
  maxQueryLength: 2000,
  maxNameLength: 300,
  maxConditions: 8,
  maxValues: 50,
});

const LIMIT_KEYS: readonly (keyof DialectLimits)[] = ['maxQueryLength', 'maxNameLength', 'maxConditions', 'maxValues'];

/**
 * Fills in defaults for missing (undefined) limits. A supplied limit must be a
 * positive integer or `Infinity`; anything else is a configuration bug and
 * throws a RangeError (input can never trigger this).
 */
export function resolveLimits(overrides?: Partial<DialectLimits>): DialectLimits {
  const limits: DialectLimits = { ...DEFAULT_DIALECT_LIMITS };
  if (!overrides) return limits;
  for (const key of LIMIT_KEYS) {
    const value = overrides[key];
    if (value === undefined) continue;
    const valid = typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= 1));
    if (!valid) {
      throw new RangeError(`dialect limit ${key} must be a positive integer or Infinity, got ${String(value)}`);
    }
    limits[key] = value;
  }
  return limits;
}
