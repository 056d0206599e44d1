import { terminalSafe } from '../core/terminal-safe';
import {
  ANNOTATION_CHANGE_KINDS,
  CHANGE_KINDS,
  type DiffChange,
  type ChangeKind,
  type DiffReport,
  type DiffSide,
  type DiffEntity,
} from './diff-types';

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

/** Said of a link whose redundancy changed but not whether it holds. */
const BOTH = { 'link-added': 'entailed before too', 'link-removed': 'still entailed' } as const;

/** Release notes: what was compared, a count per change kind, then every change by name and CURIE. */
export function diffMarkdown(r: DiffReport): string {
  const lines = [
    `# Changes from ${code(r.old.file)} to ${code(r.new.file)}`,
    '',
    `- Old: ${side(r.old)}`,
    `- New: ${side(r.new)}`,
    '',
  ];
  if (r.namespaces.length) lines.push(`Only classes whose IRI starts with ${r.namespaces.map(code).join(' or ')}.`, '');
  if (!r.changes.length) {
    lines.push(
      'No changes: the same classes, labels, obsolete marks, direct parents, entailed existential links, ' +
        `equivalences and unsatisfiable classes${r.annotations ? ', definitions, synonyms, cross-references and other annotations' : ''}.`,
    );
    return lines.join('\n') + '\n';
  }
  lines.push('| Change | Count |', '|---|---:|');
  for (const k of [...CHANGE_KINDS, ...ANNOTATION_CHANGE_KINDS]) {
    const n = r.counts[k];
    if (n !== undefined) lines.push(`| ${KIND_TITLES[k]} | ${n.toLocaleString('en-US')} |`);
  }
  lines.push('');
  lines.push(
    'Direct parents are inferred; entailed links are the non-redundant existential consequences ' +
      '(A ⊑ ∃r.B, not implied by a more specific one or inherited from a parent).',
  );
  let current: ChangeKind | undefined;
  for (const c of r.changes) {
    if (c.kind !== current) {
      current = c.kind;
      const both = c.kind === 'link-added' || c.kind === 'link-removed' ? bothCount(r, c.kind) : 0;
      const note = both ? `; ${both.toLocaleString('en-US')} ${BOTH[c.kind as keyof typeof BOTH]}` : '';
      lines.push('', `## ${KIND_TITLES[c.kind]} (${(r.counts[c.kind] ?? 0).toLocaleString('en-US')}${note})`, '');
    }
    lines.push(`- ${detail(c)}`);
  }
  return lines.join('\n') + '\n';
}

function bothCount(r: DiffReport, kind: 'link-added' | 'link-removed'): number {
  return r.changes.filter((c) => c.kind === kind && c.bothEntail).length;
}

function detail(c: DiffChange): string {
  switch (c.kind) {
    case 'label-changed':
      return `${ref(c.class)}: “${escape(c.old)}” → “${escape(c.new)}”`;
    case 'parent-added':
    case 'parent-removed':
      return `${ref(c.class)} *is a* ${ref(c.parent)}`;
    case 'link-added':
    case 'link-removed':
      return `${ref(c.class)} *${escape(c.relation.name)} some* ${ref(c.filler)}${c.bothEntail ? ` (${BOTH[c.kind]})` : ''}`;
    case 'equivalence-added':
    case 'equivalence-removed':
      return `${ref(c.class)} ≡ ${ref(c.other)}`;
    case 'definition-added':
      return `${ref(c.class)}: “${escape(c.new ?? '')}”`;
    case 'definition-removed':
      return `${ref(c.class)}: “${escape(c.old ?? '')}”`;
    case 'definition-changed':
      return `${ref(c.class)}: “${escape(c.old ?? '')}” → “${escape(c.new ?? '')}”`;
    case 'synonym-added':
    case 'synonym-removed':
      return `${ref(c.class)}: “${escape(c.synonym)}” (${c.scope}${c.lang ? `, ${escape(c.lang)}` : ''})`;
    case 'xref-added':
    case 'xref-removed':
      return `${ref(c.class)}: ${escape(c.xref)}`;
    case 'annotation-added':
    case 'annotation-removed':
      return `${ref(c.class)}: *${escape(c.property.name)}* “${escape(c.value)}”${c.lang ? ` (${escape(c.lang)})` : ''}`;
    default:
      return ref(c.class);
  }
}

/** `nucleus (GO:0005634)`; without a CURIE the IRI, as a link; a name that is the CURIE is said once. */
function ref(e: DiffEntity): string {
  if (e.curie && e.curie === e.name) return escape(e.name);
  return `${escape(e.name)} (${e.curie ?? `<${e.iri}>`})`;
}

function side(s: DiffSide): string {
  return `${s.title ? `${escape(s.title)}, ` : ''}${s.classes.toLocaleString('en-US')} classes${s.ontologyIri ? ` (${code(s.ontologyIri)})` : ''}`;
}

function code(s: string): string {
  return '`' + s.replace(/`/g, "'") + '`';
}

/** Names are data: characters Markdown would read as markup are escaped, line breaks flattened. */
function escape(s: string): string {
  // Control characters (ESC c resets a terminal that prints the file) become visible escapes.
  const flat = terminalSafe(s.replace(/\s+/g, ' '));
  // An underscore inside a word (part_of, NCBITaxon_3398) is not emphasis in CommonMark; left as it is.
  return flat.replace(/[\\`*_[\]<>|#~]/g, (ch, at: number) =>
    ch === '_' && /\w/.test(flat[at - 1] ?? '') && /\w/.test(flat[at + 1] ?? '') ? ch : '\\' + ch,
  );
}
