import { ANNOTATION_CHANGE_KINDS, CHANGE_KINDS, type DiffChange, type DiffEntity, type DiffReport } from './diff-types';
import { KIND_TITLES } from './diff-markdown';
import { wordDiff } from './word-diff';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function ref(e: DiffEntity): string {
  const name = `<strong>${esc(e.name)}</strong>`;
  if (e.curie && e.curie === e.name) return name;
  return `${name} <span class="id">${esc(e.curie ?? e.iri)}</span>`;
}

/** A changed definition with the words removed struck through and the words added marked. */
function changedText(a: string, b: string): string {
  const parts = wordDiff(a, b);
  const side = (keep: 'del' | 'add', tag: 'del' | 'ins') =>
    parts.map((p) => (p.op === 'same' ? esc(p.text) : p.op === keep ? `<${tag}>${esc(p.text)}</${tag}>` : '')).join('');
  return `<div class="old">${side('del', 'del')}</div><div class="new">${side('add', 'ins')}</div>`;
}

function detail(c: DiffChange): string {
  switch (c.kind) {
    case 'label-changed':
      return `${ref(c.class)}: “${esc(c.old)}” → “${esc(c.new)}”`;
    case 'parent-added':
    case 'parent-removed':
      return `${ref(c.class)} <em>is a</em> ${ref(c.parent)}`;
    case 'link-added':
    case 'link-removed':
      return `${ref(c.class)} <em>${esc(c.relation.name)} some</em> ${ref(c.filler)}`;
    case 'equivalence-added':
    case 'equivalence-removed':
      return `${ref(c.class)} ≡ ${ref(c.other)}`;
    case 'definition-added':
      return `${ref(c.class)}: <ins>${esc(c.new ?? '')}</ins>`;
    case 'definition-removed':
      return `${ref(c.class)}: <del>${esc(c.old ?? '')}</del>`;
    case 'definition-changed':
      return `${ref(c.class)}:${changedText(c.old ?? '', c.new ?? '')}`;
    case 'synonym-added':
    case 'synonym-removed':
      return `${ref(c.class)}: “${esc(c.synonym)}” (${esc(c.scope)}${c.lang ? `, ${esc(c.lang)}` : ''})`;
    case 'xref-added':
    case 'xref-removed':
      return `${ref(c.class)}: ${esc(c.xref)}`;
    case 'annotation-added':
    case 'annotation-removed':
      return `${ref(c.class)}: <em>${esc(c.property.name)}</em> “${esc(c.value)}”`;
    default:
      return ref(c.class);
  }
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}
.id{color:#777;font:12px monospace}del{background:#fdd;text-decoration:line-through}ins{background:#dfd;text-decoration:none;font-weight:600}
.old,.new{margin:2px 0 2px 1.5em}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:3px 10px;text-align:left}`;

/** The diff as one self-contained HTML page; changed definitions are compared word by word. */
export function diffHtml(r: DiffReport): string {
  const title = `Changes from ${r.old.file} to ${r.new.file}`;
  const out = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${esc(title)}</h1>`,
    `<p>Old: ${esc(r.old.title ?? r.old.file)}, ${r.old.classes} classes · New: ${esc(r.new.title ?? r.new.file)}, ${r.new.classes} classes</p>`,
  ];
  if (!r.changes.length) out.push('<p>No changes.</p>');
  else {
    out.push('<table><tr><th>Change</th><th>Count</th></tr>');
    for (const k of [...CHANGE_KINDS, ...ANNOTATION_CHANGE_KINDS])
      if (r.counts[k] !== undefined) out.push(`<tr><td>${esc(KIND_TITLES[k])}</td><td>${r.counts[k]}</td></tr>`);
    out.push('</table>');
    let current: string | undefined;
    for (const c of r.changes) {
      if (c.kind !== current) {
        if (current) out.push('</ul>');
        current = c.kind;
        out.push(`<h2>${esc(KIND_TITLES[c.kind])} (${r.counts[c.kind] ?? 0})</h2><ul>`);
      }
      out.push(`<li>${detail(c)}</li>`);
    }
    out.push('</ul>');
  }
  out.push('</body></html>');
  return out.join('\n') + '\n';
}
