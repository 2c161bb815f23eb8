/**
 * Long loops on the event loop's thread, cut into slices with a turn for whatever waits
 * (requests, timers) between them: the catalogue's sync and reload in a running shop
 * (decision 0026, docs/performance.md).
 */

/** Lets whatever waits on the event loop (requests, timers) run before going on. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The longest a loop over the catalogue works before the event loop gets a turn. */
const SLICE_MS = 8;

/**
 * For long loops over the catalogue: returns a step to await at each round, which gives the
 * event loop a turn once SLICE_MS of work has run since the last turn. A turn every 500 plans
 * still held the loop up to 80 ms (bench:api -- --mixed): a global plan's coverage costs a
 * hundred times a local plan's.
 */
export function turnsBetweenSlices(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToLoop();
    since = performance.now();
  };
}
