/**
 * Live arrivals and when their highlight ends, kept as the batches they came in (oldest first):
 * a batch adds one entry, not a copy of every highlight still on (four seconds of a burst at 1,000
 * events a second are 4,000). Ended highlights are cleared together, at most every
 * `ARRIVAL_SWEEP_MS`: clearing each live batch's on a timer of its own cost the ledger one render
 * per batch a few seconds later (sixty a second under a burst), on top of the batches' own.
 */

/** How long a newly arrived row stays highlighted. */
export const ARRIVAL_HIGHLIGHT_MS = 4000;

/** The shortest time between two clearings of ended highlights. */
export const ARRIVAL_SWEEP_MS = 500;

/** Records that arrived together, and when (on the document's timeline). */
export interface ArrivalBatch {
  at: number;
  ids: ReadonlySet<string>;
}

export type Arrivals = readonly ArrivalBatch[];

/** The arrivals with a batch that came at `at`. */
export function withArrived(arrivals: Arrivals, ids: readonly string[], at: number): Arrivals {
  return ids.length === 0 ? arrivals : [...arrivals, { at, ids: new Set(ids) }];
}

/** Whether the record is highlighted as just arrived. */
export function hasArrived(arrivals: Arrivals, id: string): boolean {
  for (let i = arrivals.length - 1; i >= 0; i -= 1) if ((arrivals[i] as ArrivalBatch).ids.has(id)) return true;
  return false;
}

/** `arrivals` without the batches whose highlight has ended by `now`; the same list when none has. */
export function withoutEnded(arrivals: Arrivals, now: number): Arrivals {
  const ended = arrivals.findIndex((batch) => now - batch.at < ARRIVAL_HIGHLIGHT_MS);
  if (ended === 0) return arrivals;
  return ended < 0 ? (arrivals.length === 0 ? arrivals : []) : arrivals.slice(ended);
}

/** How long until the next clearing is worth doing (the oldest highlight ends), never sooner than the sweep interval; null: nothing to clear. */
export function nextSweepIn(arrivals: Arrivals, now: number): number | null {
  const oldest = arrivals[0];
  return oldest === undefined ? null : Math.max(ARRIVAL_SWEEP_MS, oldest.at + ARRIVAL_HIGHLIGHT_MS - now);
}
