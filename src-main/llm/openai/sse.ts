/** One event (or one unterminated line) grew past the parser's bound: the stream is not a sane reply. */
export class SseOverflowError extends Error {
  constructor(readonly limit: number) {
    super(`A server-sent event is larger than ${limit} characters.`);
  }
}

/**
 * Server-sent events, as OpenAI-compatible servers stream chat completions: events separated by a blank
 * line, each with one or more `data:` lines (joined with newlines). Comments (`:`) and other fields are
 * ignored. Accepts LF, CRLF and CR line ends, and events split anywhere across chunks.
 * A server can send one endless line or event; past `maxEventChars` push() throws SseOverflowError
 * instead of buffering without end.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private dataChars = 0;

  constructor(private readonly maxEventChars = 4 * 1024 * 1024) {}

  /** Feeds decoded text; returns the data of every event completed by it. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    const re = /\r\n|\r|\n/g;
    let start = 0;
    for (let m = re.exec(this.buffer); m; m = re.exec(this.buffer)) {
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, m.index), out);
      start = m.index + m[0].length;
    }
    // Slicing once per push (not once per line) keeps a chunk of many short lines linear.
    if (start > 0) this.buffer = this.buffer.slice(start);
    if (this.buffer.length + this.dataChars > this.maxEventChars) throw new SseOverflowError(this.maxEventChars);
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
      this.dataChars = 0;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.data.push(value);
      this.dataChars += value.length + 1;
      if (this.dataChars > this.maxEventChars) throw new SseOverflowError(this.maxEventChars);
    }
  }
}
