/** C0 and C1 control characters (and DEL) except newline and tab. */
// eslint-disable-next-line no-control-regex -- finding control characters is this module's job
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text from an ontology, a dataset or a file, made safe to print to a terminal: every control character
 * but newline and tab becomes a visible escape (ESC is `\u001b`), so a label cannot set the window title,
 * clear the screen or hide what follows. In JSON the escape reads back as the same character.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
