import { abortedError, LlmError } from '../errors';
import type { GenerateResult, ToolCall } from '../types';
import { DEADLINE, IDLE, STOPPED, type AttemptAbort } from './attempt-abort';
import { AttemptFailure, networkReason } from './openai-wire';
import { SseOverflowError, SseParser } from './sse';
import type { StreamedReply } from './stream-reply';

export interface StreamLimits {
  url: string;
  /** Longest silence allowed between chunks. */
  idleMs: number;
  /** The reply-size cap; the event parser's buffer is sized from it. */
  maxChars: number;
  /** The error for the call's deadline, with the text and tool calls that had arrived. */
  deadlineError: (toolCalls: ToolCall[]) => LlmError;
}

/**
 * Reads a server-sent event stream into `reply` until it ends or the reply stops itself; the server is
 * then told to stop generating. A cancel returns what had arrived, if anything did.
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  reply: StreamedReply,
  abort: AttemptAbort,
  limits: StreamLimits,
): Promise<GenerateResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseParser(Math.max(64 * 1024, limits.maxChars * 4));
  const aborted = new Promise<never>((_, reject) => {
    if (abort.signal.aborted) reject(abort.signal.reason);
    abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    while (!reply.done) {
      const idle = setTimeout(() => abort.abort(IDLE), limits.idleMs);
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await Promise.race([reader.read(), aborted]);
      } catch (e) {
        if (abort.byUser && (reply.progress.text || reply.toolCalls().length)) return reply.partial();
        throw readFailure(e, reply, abort, limits);
      } finally {
        clearTimeout(idle);
      }
      if (r.done) {
        for (const d of sse.end()) reply.handle(d);
        break;
      }
      let events: string[];
      try {
        events = sse.push(decoder.decode(r.value, { stream: true }));
      } catch (e) {
        if (!(e instanceof SseOverflowError)) throw e;
        reply.stop();
        break;
      }
      for (const d of events) {
        reply.handle(d);
        if (reply.done || abort.signal.aborted) break;
      }
    }
  } finally {
    // Whether the reply ended or we stopped it, the server should stop generating.
    if (!abort.signal.aborted) abort.abort(STOPPED);
    reader.cancel().catch(() => undefined);
  }
  if (!reply.done && reply.finish === undefined) {
    throw new AttemptFailure(
      new LlmError('http', `The stream from ${limits.url} ended before the reply was complete.`, {
        partial: reply.partial(),
      }),
      reply.progress.text === '',
    );
  }
  return reply.result();
}

/** Why a read of the stream failed: the caller, the deadline, a stall, or the connection. */
function readFailure(e: unknown, reply: StreamedReply, abort: AttemptAbort, limits: StreamLimits): Error {
  const why = abort.signal.reason;
  if (abort.byUser) return abortedError('The request');
  if (why === DEADLINE) return new AttemptFailure(limits.deadlineError(reply.toolCalls()), false);
  if (why === IDLE)
    return new AttemptFailure(
      new LlmError('timeout', `The stream from ${limits.url} stalled for more than ${limits.idleMs} ms.`, {
        partial: reply.partial(),
      }),
      false,
    );
  return new AttemptFailure(
    new LlmError('http', `The stream from ${limits.url} broke off: ${networkReason(e)}.`, {
      partial: reply.partial(),
    }),
    reply.progress.text === '',
  );
}
