import type { ChangeKind, DiffChange } from '../../src-main/api/contract';

/** The change kinds as the release notes title them (src-main/diff/diff-markdown.ts says the same). */
export const KIND_TITLES: Record<ChangeKind, string> = {
  'class-added': 'New classes',
  'class-removed': 'Removed classes',
  'class-obsoleted': 'Obsoleted classes',
  'class-unobsoleted': 'Classes no longer obsolete',
  'label-changed': 'Label changes',
  'parent-added': 'Direct parents added',
  'parent-removed': 'Direct parents removed',
  'link-added': 'Entailed links added',
  'link-removed': 'Entailed links removed',
  'equivalence-added': 'Equivalences added',
  'equivalence-removed': 'Equivalences removed',
  'unsatisfiable-gained': 'Newly unsatisfiable classes',
  'unsatisfiable-lost': 'Classes no longer unsatisfiable',
  'definition-added': 'Definitions added',
  'definition-removed': 'Definitions removed',
  'definition-changed': 'Definitions changed',
  'synonym-added': 'Synonyms added',
  'synonym-removed': 'Synonyms removed',
  'xref-added': 'Cross-references added',
  'xref-removed': 'Cross-references removed',
  'annotation-added': 'Other annotations added',
  'annotation-removed': 'Other annotations removed',
};

/** Whether a kind adds (+), removes (−) or changes (~) something, for its colour. */
export function kindSign(kind: ChangeKind): '+' | '−' | '~' {
  if (/-(added|gained|unobsoleted)$/.test(kind)) return '+';
  if (/-(removed|lost|obsoleted)$/.test(kind)) return '−';
  return '~';
}

/** Every text of a change, for the filter box: names, CURIEs, IRIs and labels. */
export function changeText(c: DiffChange): string {
  const parts: string[] = [];
  for (const v of Object.values(c)) {
    if (typeof v === 'string') parts.push(v);
    else if (v && typeof v === 'object') parts.push(v.name, 'curie' in v ? (v.curie ?? '') : '', v.iri);
  }
  return parts.join(' ').toLowerCase();
}

/** `GO, PO:` or one per line → ['GO', 'PO:']; the main side checks each. */
export function splitNamespaces(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
