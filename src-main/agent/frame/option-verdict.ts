import type { CheckedOption } from '../agent-types';

/** "NOT ENTAILED (ELK ignores axioms about VegetarianPizza)": a verdict with what it cannot see. */
export function optionVerdictText(o: Pick<CheckedOption, 'verdict' | 'outsideEl'>): string {
  return o.outsideEl?.length ? `${o.verdict} (ELK ignores axioms about ${o.outsideEl.join(', ')})` : o.verdict;
}
