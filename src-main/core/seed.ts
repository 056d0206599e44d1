import { UserError } from './errors';

/** The largest seed, on the CLI as over the API: larger numbers would alias (seededRandom takes 32 bits) or lose digits. */
export const MAX_SEED = 2 ** 31 - 1;

/** A `--seed` value: a whole number from 0 to MAX_SEED, else a usage error that gives the range. */
export function seedOption(v: unknown, name = 'seed'): number | undefined {
  if (v === undefined) return undefined;
  const s = String(v).trim();
  if (typeof v !== 'string' || !/^\d+$/.test(s) || Number(s) > MAX_SEED)
    throw new UserError(
      'usage',
      `--${name} must be a whole number from 0 to ${MAX_SEED} (2^31 − 1), not "${String(v)}".`,
    );
  return Number(s);
}
