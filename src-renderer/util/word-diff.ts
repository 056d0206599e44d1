// The same comparison as src-main/diff/word-diff.ts (the HTML export); the renderer imports no main-side code.
/** A piece of a word-level comparison: text kept, removed from the old or added in the new. */
export interface WordPiece {
  op: 'same' | 'del' | 'add';
  text: string;
}

const MAX_TOKENS = 3000;

/**
 * The old and new text compared word by word (whitespace kept with the word before it), by the
 * longest common subsequence; texts too long to compare that way come back as one removal and one addition.
 */
export function wordDiff(a: string, b: string): WordPiece[] {
  const x = a.match(/\S+\s*|\s+/g) ?? [];
  const y = b.match(/\S+\s*|\s+/g) ?? [];
  if (x.length > MAX_TOKENS || y.length > MAX_TOKENS)
    return [...(a ? [{ op: 'del' as const, text: a }] : []), ...(b ? [{ op: 'add' as const, text: b }] : [])];
  const key = (t: string) => t.trimEnd();
  const n = x.length;
  const m = y.length;
  const L = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      L[i][j] = key(x[i]) === key(y[j]) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const out: WordPiece[] = [];
  const push = (op: WordPiece['op'], text: string) => {
    const last = out[out.length - 1];
    if (last?.op === op) last.text += text;
    else out.push({ op, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (key(x[i]) === key(y[j])) {
      push('same', y[j]);
      i++;
      j++;
    } else if (L[i + 1][j] >= L[i][j + 1]) push('del', x[i++]);
    else push('add', y[j++]);
  }
  while (i < n) push('del', x[i++]);
  while (j < m) push('add', y[j++]);
  return out;
}
