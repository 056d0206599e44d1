import type { Evidence } from '../../src-main/api/contract';

/**
 * What an answer was given with, as far as it was checked: the observations kept for the answer step
 * and their verdicts. "Answered from ontology evidence" would claim more than that when the only
 * observation kept is a NOT ENTAILED about something else. Mirrors src-main/agent/answer-basis.ts
 * (the record's Markdown export), which the renderer cannot import.
 */
export function answerBasis(digest: readonly Pick<Evidence, 'verdict'>[] | undefined): string {
  const kept = digest ?? [];
  if (!kept.length) return "answered from the model's own knowledge: no ontology observation was kept";
  const entailed = kept.filter((e) => e.verdict === 'ENTAILED').length;
  const notEntailed = kept.filter((e) => e.verdict === 'NOT ENTAILED').length;
  const other = kept.length - entailed - notEntailed;
  const parts = [
    entailed ? `${entailed} entailed` : '',
    notEntailed ? `${notEntailed} not entailed` : '',
    other ? `${other} ${other === 1 ? 'card or list' : 'cards or lists'}` : '',
  ].filter(Boolean);
  return `answered with ${kept.length} ontology ${kept.length === 1 ? 'observation' : 'observations'} in view (${parts.join(', ')})`;
}
