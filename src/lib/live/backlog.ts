/**
 * Whether the page keeps up with the live stream: how many frames wait to be applied, and how late
 * the newest applied frame is. Behind: the connection indicator says so ("behind by N events,
 * catching up") until it has caught up; far behind: the backlog is dropped and what is shown is
 * reloaded once (cheaper than applying thousands of stale frames one by one).
 */

export interface BacklogThresholds {
  /** Frames waiting, or lateness, from which the page counts as behind… */
  behindFrames: number;
  behindLagMs: number;
  /** …and under which (both) it has caught up again (lower, so the state does not flicker). */
  caughtUpFrames: number;
  caughtUpLagMs: number;
  /** From here on, the backlog is dropped and the view reloaded. */
  dropFrames: number;
  dropLagMs: number;
}

export const BACKLOG_THRESHOLDS: BacklogThresholds = {
  behindFrames: 100,
  behindLagMs: 1_500,
  caughtUpFrames: 20,
  caughtUpLagMs: 500,
  dropFrames: 5_000,
  dropLagMs: 20_000,
};

export interface BacklogReading {
  /** Frames received and not yet applied. */
  pending: number;
  /** How late the newest applied frame was applied (ms), null when not known. */
  lagMs: number | null;
}

export type BacklogVerdict = 'current' | 'behind' | 'drop';

/** The verdict for a reading, given whether the page was behind at the last one. */
export function backlogVerdict(reading: BacklogReading, wasBehind: boolean, t: BacklogThresholds = BACKLOG_THRESHOLDS): BacklogVerdict {
  const lag = reading.lagMs ?? 0;
  if (reading.pending >= t.dropFrames || lag >= t.dropLagMs) return 'drop';
  if (reading.pending >= t.behindFrames || lag >= t.behindLagMs) return 'behind';
  if (wasBehind && (reading.pending >= t.caughtUpFrames || lag >= t.caughtUpLagMs)) return 'behind';
  return 'current';
}

/**
 * Lateness of frames by the daemon's own timestamps, whatever the offset between its clock and
 * the browser's: the smallest (receive time − frame time) seen is taken as the offset plus the
 * quickest delivery, and lateness is counted from there. Reset it when the daemon changes.
 */
export class LagMeter {
  private floor = Number.POSITIVE_INFINITY;

  /** How late a frame stamped `frameAtMs` is at `nowMs`; null when the stamp is unreadable. */
  lag(frameAtMs: number, nowMs: number): number | null {
    if (!Number.isFinite(frameAtMs)) return null;
    const delay = nowMs - frameAtMs;
    if (delay < this.floor) this.floor = delay;
    return delay - this.floor;
  }

  reset(): void {
    this.floor = Number.POSITIVE_INFINITY;
  }
}
