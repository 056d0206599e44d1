/** Seeded 1–2 character typos (substitute, delete, insert, swap), for measuring fuzzy linking. */
export function makeTypo(word: string, rand: () => number, edits: 1 | 2): string {
  let s = word;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let e = 0; e < edits; e++) {
    if (s.length < 2) break;
    const i = Math.floor(rand() * s.length);
    const op = Math.floor(rand() * 4);
    const ch = letters[Math.floor(rand() * letters.length)];
    if (op === 0) s = s.slice(0, i) + ch + s.slice(i + 1);
    else if (op === 1) s = s.slice(0, i) + s.slice(i + 1);
    else if (op === 2) s = s.slice(0, i) + ch + s.slice(i);
    else if (i < s.length - 1) s = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    else s = s.slice(0, i - 1) + s[i] + s[i - 1];
  }
  return s === word ? makeTypo(word, rand, edits) : s;
}
