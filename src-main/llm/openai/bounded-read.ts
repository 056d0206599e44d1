/**
 * A response body read up to `maxBytes`: a server may answer with any amount (a 64 MiB reply was once
 * accepted whole, 936 MB of memory), so past the bound the rest is cancelled, not buffered.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let n = 0;
  let truncated = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      const room = maxBytes - n;
      if (r.value.byteLength > room) {
        chunks.push(r.value.subarray(0, room));
        n += room;
        truncated = true;
        break;
      }
      chunks.push(r.value);
      n += r.value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return { text: Buffer.concat(chunks, n).toString('utf8'), truncated };
}
