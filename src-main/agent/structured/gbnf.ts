/**
 * Small helpers for writing GBNF (llama.cpp's grammar format) by hand. Names are compiled into a
 * prefix trie rather than one flat alternation: llama.cpp keeps one parse stack per live
 * alternative, so a flat list of 50k names costs 50k stacks on the first character, while a trie
 * keeps only the branches that still match.
 */

/** A GBNF string literal for `s`. */
export function gbnfLiteral(s: string): string {
  let out = '"';
  for (const ch of s) {
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else out += ch;
  }
  return `${out}"`;
}

interface TrieNode {
  end: boolean;
  kids: Map<string, TrieNode>;
}

/**
 * Rules matching exactly one of `words`; the entry rule is `name`. Returns the rule lines.
 * An empty list gives a rule that matches nothing a model can write (a never-closing class),
 * so callers should not offer that slot at all.
 */
export function trieRules(name: string, words: readonly string[]): string[] {
  const root: TrieNode = { end: false, kids: new Map() };
  for (const w of words) {
    if (!w) continue;
    let n = root;
    for (const ch of w) {
      let k = n.kids.get(ch);
      if (!k) n.kids.set(ch, (k = { end: false, kids: new Map() }));
      n = k;
    }
    n.end = true;
  }
  const rules: string[] = [];
  let next = 0;
  const ruleFor = (node: TrieNode): string => {
    const id = `${name}-${next++}`;
    rules.push(`${id} ::= ${expr(node)}`);
    return id;
  };
  const expr = (node: TrieNode): string => {
    const branches: string[] = [];
    for (const [ch, kid] of [...node.kids].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      // Follow a chain of single-child, non-final nodes into one literal.
      let lit = ch;
      let n = kid;
      while (!n.end && n.kids.size === 1) {
        const [c2, k2] = n.kids.entries().next().value as [string, TrieNode];
        lit += c2;
        n = k2;
      }
      branches.push(n.kids.size ? `${gbnfLiteral(lit)} ${ruleFor(n)}` : gbnfLiteral(lit));
    }
    if (!branches.length) return '""';
    const alt = branches.length === 1 ? branches[0] : `( ${branches.join(' | ')} )`;
    if (!node.end) return alt;
    return branches.length === 1 ? `( ${alt} )?` : `${alt}?`;
  };
  if (!words.some(Boolean)) {
    rules.push(`${name} ::= [\\x00]`);
    return rules;
  }
  rules.unshift(`${name} ::= ${expr(root)}`);
  return rules;
}
