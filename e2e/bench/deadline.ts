/**
 * A bench step that waits on the page (its frames, a screenshot, a script's promise) must end: a
 * page that stops drawing (hidden, or its main thread held) would otherwise leave the run idle
 * with no output. Rejects with `what` and the wait when `work` has not settled within `ms`.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
