/**
 * Pacing under a heavy stream. Each live batch applied costs the page a render of the ledger and
 * the stats whatever its size (about 10 ms on a 2-core machine): at 1,000 events a second, applied
 * every frame, those renders took the page's whole main thread and every event queued behind them.
 * Past a rate the page is told to apply what came at most every `gapMs` (fewer, larger batches);
 * below it, every frame as before, so an ordinary stream is not held back at all.
 */
export interface Pacing {
  /** Frames a second (an event is two: the record and its session) above which batches are spaced. */
  aboveRate: number;
  /** The least time between two batches applied while above that rate. */
  gapMs: number;
}

export const LIVE_PACING: Pacing = { aboveRate: 1_000, gapMs: 60 };

/** Frames counted over the last second. */
export class RateWindow {
  private entries: { at: number; count: number }[] = [];

  add(at: number, count: number): void {
    if (count > 0) this.entries.push({ at, count });
  }

  perSecond(now: number): number {
    const since = now - 1000;
    if (this.entries.length > 0 && (this.entries[0] as { at: number }).at <= since) this.entries = this.entries.filter((e) => e.at > since);
    let sum = 0;
    for (const entry of this.entries) sum += entry.count;
    return sum;
  }
}

/** How long a batch ready at `now` waits before it is applied: 0 to apply it now. */
export function holdFor(now: number, lastAppliedAt: number | null, rate: number, pacing: Pacing): number {
  if (lastAppliedAt === null || rate <= pacing.aboveRate) return 0;
  return Math.max(0, lastAppliedAt + pacing.gapMs - now);
}
