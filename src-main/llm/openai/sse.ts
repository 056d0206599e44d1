/**
 * Server-sent events, as OpenAI-compatible servers stream chat completions: events separated by a blank
 * line, each with one or more `data:` lines (joined with newlines). Comments (`:`) and other fields are
 * ignored. Accepts LF, CRLF and CR line ends, and events split anywhere across chunks.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  /** Feeds decoded text; returns the data of every event completed by it. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** Ends the stream: an unterminated last event still counts. */
  end(): string[] {
    const out: string[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === '') {
      if (this.data.length) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
  }
}
