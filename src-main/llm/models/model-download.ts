import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LlmError } from '../errors';
import { inspectGguf, type GgufFacts } from '../gguf/gguf-facts';

export interface DownloadProgress {
  totalBytes: number;
  downloadedBytes: number;
  /** 0..1, 0 while the size is unknown. */
  fraction: number;
  bytesPerSecond: number;
}

export interface DownloadOptions {
  /** `https://…/model.gguf`, or a Hugging Face URI: `hf:<user>/<repo>:<quant>` or `hf:<user>/<repo>/<file.gguf>`. */
  uri: string;
  dir: string;
  fileName?: string;
  /** Expected SHA-256 of the file (hex); a mismatch deletes nothing but renames the file to `.bad` and fails. */
  sha256?: string;
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  /** Time allowed to reach the server and learn the file size (default 20 s). */
  connectTimeoutMs?: number;
  /** Longest time without a downloaded byte before giving up (default 60 s); the partial file is kept for resuming. */
  stallTimeoutMs?: number;
  headers?: Record<string, string>;
}

const URI = /^(hf:|https?:\/\/)/i;

/** node-llama-cpp is imported when a download starts, not with this module: the type alone comes here. */
type Downloader = Awaited<ReturnType<typeof import('node-llama-cpp').createModelDownloader>>;

/**
 * Downloads a model with node-llama-cpp's downloader (ipull: parallel connections, split models, resume
 * of an interrupted download from its temp file), then checks the checksum when given and the GGUF
 * header. Failures become `LlmError('download')` with the reason; a cancel keeps the partial file so that
 * the next attempt resumes.
 */
export async function downloadModel(o: DownloadOptions): Promise<{ file: string; facts: GgufFacts }> {
  if (!URI.test(o.uri))
    throw new LlmError(
      'bad-spec',
      `"${o.uri}" is not a model address: use https://…/file.gguf or hf:<user>/<repo>:<quant>.`,
    );
  if (o.signal?.aborted) throw new LlmError('aborted', 'The download was cancelled.');
  const dir = resolve(o.dir);
  await mkdir(dir, { recursive: true });
  const connectMs = o.connectTimeoutMs ?? 20_000;
  // node-llama-cpp's downloader retries an unreachable host for minutes and cannot be cancelled while it
  // resolves the file, so reachability is checked first, with a bounded request.
  await preflight(o.uri, connectMs, o.signal, o.headers);
  const { createModelDownloader } = await import('node-llama-cpp');
  const watch = progressWatch(o.onProgress);
  const creating = createModelDownloader({
    modelUri: o.uri,
    dirPath: dir,
    fileName: o.fileName,
    headers: o.headers,
    onProgress: watch.onProgress,
    showCliProgress: false,
    skipExisting: true,
    deleteTempFileOnCancel: false,
  });
  creating.catch(() => undefined);
  const downloader = await raceWith(
    creating,
    connectMs,
    o.signal,
    `Could not reach the server for ${o.uri} within ${duration(connectMs)}.`,
  ).catch((e) => {
    throw asDownloadError(o.uri, e);
  });
  const file = await fetchFile(downloader, o, watch);
  return checkedModel(file, o.sha256);
}

interface ProgressWatch {
  onProgress: (s: { totalSize: number; downloadedSize: number; averageSpeed?: number }) => void;
  /** Milliseconds since the last downloaded byte. */
  idleMs(): number;
}

/** Reports the downloader's progress, and notes when the last byte came in (for the stall watchdog). */
function progressWatch(report: DownloadOptions['onProgress']): ProgressWatch {
  let lastBytes = -1;
  let lastChange = Date.now();
  return {
    onProgress: (s) => {
      if (s.downloadedSize !== lastBytes) {
        lastBytes = s.downloadedSize;
        lastChange = Date.now();
      }
      report?.({
        totalBytes: s.totalSize,
        downloadedBytes: s.downloadedSize,
        fraction: s.totalSize > 0 ? Math.min(1, s.downloadedSize / s.totalSize) : 0,
        bytesPerSecond: s.averageSpeed ?? 0,
      });
    },
    idleMs: () => Date.now() - lastChange,
  };
}

/** Runs the download, stopped by a cancel or a stall; either keeps the partial file for the next attempt. */
async function fetchFile(downloader: Downloader, o: DownloadOptions, watch: ProgressWatch): Promise<string> {
  const stallMs = o.stallTimeoutMs ?? 60_000;
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  let stalled = false;
  const watchdog = setInterval(
    () => {
      if (watch.idleMs() > stallMs) {
        stalled = true;
        ctl.abort();
      }
    },
    Math.min(1000, stallMs),
  );
  try {
    return await downloader.download({ signal: ctl.signal });
  } catch (e) {
    await downloader.cancel({ deleteTempFile: false }).catch(() => undefined);
    if (o.signal?.aborted)
      throw new LlmError('aborted', 'The download was cancelled; it resumes where it stopped next time.');
    if (stalled)
      throw new LlmError(
        'download',
        `The download of ${o.uri} stalled for ${duration(stallMs)}; it resumes where it stopped next time.`,
      );
    throw asDownloadError(o.uri, e);
  } finally {
    clearInterval(watchdog);
    o.signal?.removeEventListener('abort', onAbort);
  }
}

/** The downloaded file, once its checksum (when given) and its GGUF header check out. */
async function checkedModel(file: string, sha256: string | undefined): Promise<{ file: string; facts: GgufFacts }> {
  if (sha256) {
    const actual = await sha256File(file);
    if (actual.toLowerCase() !== sha256.toLowerCase()) {
      await rename(file, `${file}.bad`).catch(() => undefined);
      throw new LlmError(
        'download',
        `The downloaded file's SHA-256 is ${actual}, not the expected ${sha256}; it was set aside as ${file}.bad.`,
      );
    }
  }
  try {
    return { file, facts: await inspectGguf(file) };
  } catch (e) {
    throw new LlmError('model-invalid', `The downloaded file ${file} is not a usable model: ${(e as Error).message}`, {
      cause: e,
    });
  }
}

export function sha256File(file: string): Promise<string> {
  return new Promise((res, rej) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', rej)
      .on('end', () => res(h.digest('hex')));
  });
}

/** Resolves when the model's server answers at all (or, for a direct URL, answers a non-error status). */
async function preflight(
  uri: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  headers?: Record<string, string>,
): Promise<void> {
  const isHf = /^hf:/i.test(uri);
  const url = isHf ? process.env.HF_ENDPOINT || process.env.MODEL_ENDPOINT || 'https://huggingface.co/' : uri;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'HEAD',
      redirect: 'follow',
      signal: combined,
      headers: isHf ? undefined : headers,
    });
  } catch (e) {
    if (signal?.aborted) throw new LlmError('aborted', 'The download was cancelled.');
    if (timeout.aborted)
      throw new LlmError(
        'download',
        `Could not reach ${new URL(url).host} within ${duration(timeoutMs)} to download ${uri}.`,
      );
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new LlmError(
      'download',
      `Cannot reach ${new URL(url).host} to download ${uri}: ${cause?.code ?? cause?.message ?? (e as Error).message}.`,
      { cause: e },
    );
  }
  await res.body?.cancel().catch(() => undefined);
  if (!isHf && res.status >= 400 && res.status !== 405) {
    throw new LlmError(
      'download',
      `${uri} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${res.status === 401 || res.status === 403 ? ' (the file needs an access token)' : ''}.`,
      { status: res.status },
    );
  }
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function raceWith<T>(p: Promise<T>, ms: number, signal: AbortSignal | undefined, timeoutMessage: string): Promise<T> {
  return new Promise<T>((res, rej) => {
    const t = setTimeout(() => rej(new LlmError('download', timeoutMessage)), ms);
    const onAbort = () => rej(new LlmError('aborted', 'The download was cancelled.'));
    signal?.addEventListener('abort', onAbort, { once: true });
    p.then(res, rej).finally(() => {
      clearTimeout(t);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

function asDownloadError(uri: string, e: unknown): LlmError {
  if (e instanceof LlmError) return e;
  const cause = (e as { cause?: { code?: string } })?.cause?.code;
  const msg = e instanceof Error ? e.message : String(e);
  return new LlmError('download', `Downloading ${uri} failed: ${cause ? `${cause}: ` : ''}${msg}`, { cause: e });
}
