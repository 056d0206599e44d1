export interface Completion {
  name: string;
  iri: string;
  kind: 'class' | 'relation';
}

const STOP = /[\s(){},]/;

/** The word being typed at the caret (a 'quoted name' still open counts as one), or null. */
export function completionAt(text: string, caret: number): { word: string; start: number } | null {
  const before = text.slice(0, caret);
  const quotes = (before.match(/'/g) ?? []).length;
  if (quotes % 2 === 1) {
    const start = before.lastIndexOf("'");
    return { word: before.slice(start + 1), start };
  }
  let start = caret;
  while (start > 0 && !STOP.test(before[start - 1])) start--;
  const word = before.slice(start);
  return word && !/^(and|or|not|some|only|value|min|max|exactly|that|inverse)$/i.test(word) ? { word, start } : null;
}

/** Manchester syntax quotes a name that is not one plain word. */
export function manchesterName(name: string): string {
  return /^[A-Za-z_][\w.-]*$/.test(name) ? name : `'${name.replace(/'/g, '')}'`;
}

/** The text with the word at the caret replaced by the chosen name, and where the caret goes. */
export function insertName(text: string, caret: number, name: string): { text: string; caret: number } {
  const at = completionAt(text, caret) ?? { word: '', start: caret };
  const piece = `${manchesterName(name)} `;
  return { text: text.slice(0, at.start) + piece + text.slice(caret), caret: at.start + piece.length };
}
