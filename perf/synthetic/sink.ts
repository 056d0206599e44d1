import { createWriteStream, renameSync, rmSync } from 'node:fs';

/** Where generated text goes. A returned promise is awaited before the next chunk (backpressure). */
export interface ChunkSink {
  write(chunk: string): void | Promise<void>;
}

/** Collects small strings and hands them to the sink in chunks of about `chunkChars`. */
export class ChunkWriter {
  private parts: string[] = [];
  private size = 0;
  /** Characters handed to the sink so far (the output is ASCII, so also bytes). */
  written = 0;

  constructor(
    private readonly sink: ChunkSink,
    private readonly chunkChars = 1 << 16,
  ) {}

  push(s: string): void {
    this.parts.push(s);
    this.size += s.length;
  }

  get full(): boolean {
    return this.size >= this.chunkChars;
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    this.written += chunk.length;
    const pending = this.sink.write(chunk);
    if (pending) await pending;
  }
}

export interface FileSink extends ChunkSink {
  /** Ends the stream and moves the finished file into place. */
  close(): Promise<void>;
  /** Removes the partial file (after an error). */
  abort(): void;
}

/**
 * A sink writing to `path` through a temporary file renamed on close, so a crash never leaves a
 * truncated file under the final name. `write` returns a promise only when the stream asks to wait.
 */
export function fileSink(path: string): FileSink {
  const tmp = `${path}.tmp-${process.pid}`;
  const stream = createWriteStream(tmp, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let failure: Error | null = null;
  stream.on('error', (e) => {
    failure = e;
  });
  return {
    write(chunk: string): void | Promise<void> {
      if (failure) throw failure;
      if (stream.write(chunk)) return;
      return new Promise<void>((resolve, reject) => {
        const done = (e?: Error) => {
          stream.off('drain', onDrain);
          stream.off('error', onError);
          if (e) reject(e);
          else resolve();
        };
        const onDrain = () => done();
        const onError = (e: Error) => done(e);
        stream.on('drain', onDrain);
        stream.on('error', onError);
      });
    },
    close(): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        stream.end(() => {
          if (failure) return reject(failure);
          try {
            renameSync(tmp, path);
            resolve();
          } catch (e) {
            reject(e as Error);
          }
        });
      });
    },
    abort(): void {
      stream.destroy();
      rmSync(tmp, { force: true });
    },
  };
}
