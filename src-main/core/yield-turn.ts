/**
 * The longest stretch of work a loop over many items (an evaluation, a dataset parse, a comparison) runs
 * before it lets the event loop turn: the server answers other requests, and a cancel lands, in between.
 */
export const YIELD_EVERY_MS = 20;

/** A pause to await in such a loop: it awaits a macrotask once YIELD_EVERY_MS of work ran since the last one. */
export function turnTaker(everyMs = YIELD_EVERY_MS): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await new Promise<void>((r) => setImmediate(r));
    last = performance.now();
  };
}
