import type { CheckedOption } from '../agent-types';

/**
 * The most classes an option's `outsideEl` names: on a 3,000-deep chain every option listed 3,002, and an
 * MCP reply for four options took 139 KB. The rest are counted (`outsideElMore`).
 */
export const OUTSIDE_EL_SHOWN = 20;

/** An option's classes outside EL as a reply carries them: the first OUTSIDE_EL_SHOWN, and how many more. */
export function boundedOutsideEl(names: string[]): Pick<CheckedOption, 'outsideEl' | 'outsideElMore'> {
  if (!names.length) return {};
  const more = names.length - OUTSIDE_EL_SHOWN;
  return { outsideEl: names.slice(0, OUTSIDE_EL_SHOWN), ...(more > 0 ? { outsideElMore: more } : {}) };
}

/** "NOT ENTAILED (ELK ignores axioms about VegetarianPizza)": a verdict with what it cannot see. */
export function optionVerdictText(o: Pick<CheckedOption, 'verdict' | 'outsideEl' | 'outsideElMore'>): string {
  if (!o.outsideEl?.length) return o.verdict;
  const more = o.outsideElMore ? ` and ${o.outsideElMore} more` : '';
  return `${o.verdict} (ELK ignores axioms about ${o.outsideEl.join(', ')}${more})`;
}
