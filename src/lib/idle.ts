/** Work put off until the browser is idle: what is secondary waits for the first screen to be drawn. */

/** Waits for the browser's next idle moment (at most `timeoutMs`); answers the cancel function. */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/** Runs `run` in a task of its own as soon as the next frame has been drawn. */
export function afterNextFrame(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** Settles in a task of its own, after what the browser has queued (input, rendering) meanwhile. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
