/** The control characters (C0 but newline and tab, DEL, C1) in a text: what must never reach a terminal raw. */
export function rawControls(text: string): string[] {
  return [...text].filter((ch) => {
    const c = ch.charCodeAt(0);
    return (c < 0x20 && c !== 0x0a && c !== 0x09) || (c >= 0x7f && c <= 0x9f);
  });
}
