/**
 * Live arrivals and when their highlight ends. Ended highlights are cleared together, at most every
 * `ARRIVAL_SWEEP_MS`: clearing each live batch's on a timer of its own cost the ledger one render
 * per batch a few seconds later (sixty a second under a burst), on top of the batches' own.
 */

/** How long a newly arrived row stays highlighted. */
export const ARRIVAL_HIGHLIGHT_MS = 4000;

/** The shortest time between two clearings of ended highlights. */
export const ARRIVAL_SWEEP_MS = 500;

/** `arrivals` (record id → arrival time) without those whose highlight has ended by `now`; the same map when none has. */
export function withoutEnded(arrivals: ReadonlyMap<string, number>, now: number): ReadonlyMap<string, number> {
  let next: Map<string, number> | null = null;
  for (const [id, at] of arrivals) {
    if (now - at < ARRIVAL_HIGHLIGHT_MS) continue;
    next ??= new Map(arrivals);
    next.delete(id);
  }
  return next ?? arrivals;
}

/** How long until the next clearing is worth doing (the oldest highlight ends), never sooner than the sweep interval; null: nothing to clear. */
export function nextSweepIn(arrivals: ReadonlyMap<string, number>, now: number): number | null {
  let oldest = Number.POSITIVE_INFINITY;
  for (const at of arrivals.values()) oldest = Math.min(oldest, at);
  return Number.isFinite(oldest) ? Math.max(ARRIVAL_SWEEP_MS, oldest + ARRIVAL_HIGHLIGHT_MS - now) : null;
}
