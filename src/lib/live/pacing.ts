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

/**
 * Frames a second, over the last second. A stream that began less than a second ago is judged by
 * the time it has run (at least `minSpanMs`, so a lone lump of frames is not a heavy stream):
 * counted over a whole second, a burst of 1,000 events a second read as under the pacing rate for
 * its first half second, and every frame's batch was applied and rendered on its own (about thirty
 * renders) while the page fell behind; now it is paced from its first 130 ms or so.
 */
export class RateWindow {
  private entries: { at: number; count: number }[] = [];
  /** When the frames now in the window began to come (the first added to an empty window). */
  private startedAt = 0;

  constructor(private readonly minSpanMs = 250) {}

  add(at: number, count: number): void {
    if (count <= 0) return;
    this.prune(at);
    if (this.entries.length === 0) this.startedAt = at;
    this.entries.push({ at, count });
  }

  perSecond(now: number): number {
    this.prune(now);
    let sum = 0;
    for (const entry of this.entries) sum += entry.count;
    const span = now - this.startedAt;
    return span >= 1000 || sum === 0 ? sum : (sum * 1000) / Math.max(span, this.minSpanMs);
  }

  private prune(now: number): void {
    const since = now - 1000;
    if (this.entries.length > 0 && (this.entries[0] as { at: number }).at <= since) this.entries = this.entries.filter((e) => e.at > since);
  }
}

/** How long a batch ready at `now` waits before it is applied: 0 to apply it now. */
export function holdFor(now: number, lastAppliedAt: number | null, rate: number, pacing: Pacing): number {
  if (lastAppliedAt === null || rate <= pacing.aboveRate) return 0;
  return Math.max(0, lastAppliedAt + pacing.gapMs - now);
}
