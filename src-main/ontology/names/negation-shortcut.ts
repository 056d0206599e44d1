/**
 * Shortcut relations that say what a class does NOT have (CL's `lacks_plasma_membrane_part`:
 * "S lacks_plasma_membrane_part some F" means no plasma membrane part of an S is an F). Read as an
 * ordinary existential they invert their meaning, so generation leaves them out by default and the
 * Test 2 revision words them as the negative statements they are.
 */
export function isNegationShortcut(label: string): boolean {
  return /^(lacks|lacking|not|does not|doesn't|never|has no|absence of)\b/.test(words(label));
}

const words = (label: string) =>
  label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .toLowerCase();

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * The sentence for "S <negation shortcut> some F", said as a negation: "Each hematopoietic stem cell
 * has no CD2 molecule as a plasma membrane part." / "No S is part of any F."
 */
export function negativeSentence(subject: string, label: string, filler: string): string {
  const w = words(label);
  const lacks = /^(lacks|lacking) (.+)$/.exec(w);
  if (lacks) return `Each ${subject} has no ${filler} as ${article(lacks[2])} ${lacks[2]}.`;
  if (/^(lacks|lacking)$/.test(w)) return `Each ${subject} has no ${filler}.`;
  const has = /^has no (.+)$/.exec(w);
  if (has) return `Each ${subject} has no ${filler} as ${article(has[1])} ${has[1]}.`;
  const not = /^(?:not|does not|doesn't|never) (.+)$/.exec(w);
  if (not) {
    const rest = not[1];
    const verb = /^(part|located|adjacent|capable|connected|contained)\b/.test(rest) ? `is ${rest}` : rest;
    return `No ${subject} ${verb} any ${filler}.`;
  }
  return `No ${subject} stands in the relation "${label}" to any ${filler}.`;
}
