// Fails when code outside src-main/ontology/ reads or writes the ontology cache's tables in SQL:
// the cache schema is the ontology room's to change, and the other rooms read it through the
// OntologyHandle's methods (names, cardSearch, contentHashes, ...). Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TABLES = [
  'meta',
  'entity',
  'annotation',
  'annprop',
  'parent',
  'equiv',
  'link',
  'stated',
  'prop_parent',
  'prop_chain',
  'prop_range',
  'card',
  'name',
  'card_search',
  'card_fts',
  'name_fts',
];
// A table named after FROM / JOIN / INTO / UPDATE / TABLE inside a string: SQL on that table.
const SQL = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+(${TABLES.join('|')})\\b(?![\\w.(])`, 'i');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src-main'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|vue|mjs|js)$/.test(f) && !f.startsWith('src-main/ontology/'));
const found = [];
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  // String literals, template literals over several lines included.
  for (const m of text.matchAll(/`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g)) {
    if (!SQL.test(m[0])) continue;
    const line = text.slice(0, m.index).split('\n').length;
    found.push(`${f}:${line}: ${m[0].replace(/\s+/g, ' ').slice(0, 100)}`);
  }
}
if (found.length) {
  console.error(
    `SQL on the ontology cache outside src-main/ontology/ (read it through OntologyHandle instead):\n  ${found.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`no SQL on the ontology cache outside src-main/ontology/ (${files.length} files).`);
