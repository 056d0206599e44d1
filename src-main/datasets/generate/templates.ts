/**
 * Question texts, in our own words (in the spirit of the paper's Example 1/2, not copied). A blank
 * "[?]" marks the masked part; names are quoted exactly as the ontology spells them, so a model can
 * reuse them verbatim in its queries.
 */

const CHOOSE = 'Choose every option that the ontology supports, and no option that is only plausible.';

export function fillerQuestion(a: string, r: string): string {
  return `Complete this statement about "${a}": every "${a}" is related by "${r}" to some [?]. ${CHOOSE}`;
}

export function subjectQuestion(r: string, b: string): string {
  return `Which concepts complete this statement: every [?] is related by "${r}" to some "${b}"? ${CHOOSE}`;
}

export function relationQuestion(a: string, b: string): string {
  return `Which relation completes this statement: every "${a}" is related by [?] to some "${b}"? ${CHOOSE}`;
}

export function openQuestion(root: string, conditions: { r: string; b: string }[]): string {
  const list = conditions.map((c) => `related by "${c.r}" to some "${c.b}"`).join('; ');
  return `Name one or more kinds of "${root}" in this ontology that meet all of these conditions: ${list}. Give each concept's name exactly as the ontology spells it.`;
}
