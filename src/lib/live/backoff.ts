/** Reconnect delays: exponential from `baseMs`, capped at `capMs`, with "full jitter" over the upper half. */
export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  /** A number in [0, 1); Math.random unless told. */
  random?: () => number;
}

/** The delay before reconnect attempt `attempt` (1 for the first retry). */
export function backoffDelay(attempt: number, { baseMs = 500, capMs = 15_000, random = Math.random }: BackoffOptions = {}): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Between half and all of the ceiling: spread reconnecting tabs apart, never reconnect at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
