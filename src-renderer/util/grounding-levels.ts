import type { CheckedLevel, Grounding } from '../../src-main/api/contract';

/** What a grounding badge can show: the reasoner's check, the model's claimed level, or no level. */
export type ShownLevel = Grounding | CheckedLevel | 'none';

/** One colour per level for every badge: "not entailed" reads as unrelated, "unchecked" as no level. */
export const LEVEL_COLOUR: Record<ShownLevel, string> = {
  entailed: 'var(--g-entailed)',
  supported: 'var(--g-supported)',
  related: 'var(--g-related)',
  unrelated: 'var(--g-unrelated)',
  'not-entailed': 'var(--g-unrelated)',
  unchecked: 'var(--faint)',
  none: 'var(--faint)',
};

/** A level as a badge writes it. */
export function levelLabel(level: ShownLevel): string {
  return level.replace('-', ' ');
}
