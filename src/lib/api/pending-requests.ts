/**
 * Requests to the daemon not answered yet, by endpoint and start time: a hung endpoint is named on
 * the page after a few seconds (the shell's "still waiting" line) while its request keeps waiting
 * for the client's time limit. A plain registry, read on a timer: no render per request.
 */
export interface PendingRequest {
  endpoint: string;
  since: number;
}

const pending = new Set<PendingRequest>();

/** Registers a request on its way; the returned function ends it. */
export function trackRequest(endpoint: string, now: number = Date.now()): () => void {
  const entry = { endpoint, since: now };
  pending.add(entry);
  return () => pending.delete(entry);
}

/** The request waiting longest, or null. */
export function oldestPending(): PendingRequest | null {
  let oldest: PendingRequest | null = null;
  for (const entry of pending) if (oldest === null || entry.since < oldest.since) oldest = entry;
  return oldest;
}

/** How many requests have waited at least `ms` at `now`. */
export function waitingLongerThan(ms: number, now: number = Date.now()): number {
  let n = 0;
  for (const entry of pending) if (now - entry.since >= ms) n += 1;
  return n;
}
