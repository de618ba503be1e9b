import type { EventFrame } from '../../domain/contract/types';
import { BACKLOG_THRESHOLDS, backlogVerdict, LagMeter, type BacklogThresholds } from './backlog';
import { holdFor, RateWindow, type Pacing } from './pacing';

/** How far behind the page is; null while it keeps up. */
export interface Behind {
  /** Frames received and not yet applied. */
  frames: number;
  /** How late the newest applied frame was, ms. */
  lagMs: number;
}

export interface FrameFeedOptions {
  /** Applies a batch of frames (the frame bus). */
  publish: (frames: readonly EventFrame[]) => void;
  /** Frames received but not yet handed to the feed (the connection's backlog). */
  waiting: () => number;
  /** The page fell behind, or caught up (null). Called on changes only. */
  onBehind: (behind: Behind | null) => void;
  /** Far behind: drop the backlog and reload what is shown. */
  onDrop: () => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  thresholds?: BacklogThresholds;
  /** After a drop, none again for this long (the reload needs its time). */
  dropCooldownMs?: number;
  /** While behind and no frame comes, whether it has caught up is checked again after this long. */
  recheckMs?: number;
  /** Under a heavy stream, batches spaced (pacing.ts); without it, every flush applies. */
  pacing?: Pacing;
  /**
   * The stream went above the pacing rate (true), or back under it (false): what redraws at a cost
   * (the per-event charts) waits for it to slow. Called on changes only.
   */
  onPaced?: (paced: boolean) => void;
  /** While paced and no frame comes, the rate is looked at again after this long. */
  pacedRecheckMs?: number;
}

/**
 * Between the live connection and the caches: frames are applied in batches (all the connection
 * handled in one go, once per animation frame: one cache update each), and after each batch the backlog is judged
 * (backlog.ts): the page says when it is behind, and when it is far behind drops the backlog and
 * reloads once instead of lagging silently.
 */
export class FrameFeed {
  private buffer: EventFrame[] = [];
  private behind: Behind | null = null;
  private readonly meter = new LagMeter();
  private lastDropAt = Number.NEGATIVE_INFINITY;
  private recheck: unknown = null;
  /** Frames pushed since the last flush, and over the last second. */
  private arrived = 0;
  private readonly rate = new RateWindow();
  private lastPublishAt: number | null = null;
  /** The timer that applies a batch held back by pacing. */
  private held: unknown = null;
  private paced = false;
  /** The timer that looks at the rate again while paced. */
  private pacedRecheck: unknown = null;
  private readonly o: Required<Omit<FrameFeedOptions, 'thresholds' | 'pacing'>> & { thresholds: BacklogThresholds; pacing: Pacing | null };

  constructor(options: FrameFeedOptions) {
    this.o = {
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      thresholds: BACKLOG_THRESHOLDS,
      dropCooldownMs: 10_000,
      recheckMs: 1_000,
      onPaced: () => undefined,
      pacedRecheckMs: 500,
      ...options,
      pacing: options.pacing ?? null,
    };
  }

  /** A frame to apply with the next flush. */
  push(frame: EventFrame): void {
    this.buffer.push(frame);
    this.arrived += 1;
  }

  /** Frames taken in and not yet applied. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Applies what came (or, paced, holds it a moment), then judges the backlog. */
  flush(): void {
    const now = this.o.now();
    this.rate.add(now, this.arrived);
    this.arrived = 0;
    const rate = this.streamRate(now);
    this.judgeRate(rate);
    if (this.o.pacing !== null && this.buffer.length > 0) {
      const wait = holdFor(now, this.lastPublishAt, rate, this.o.pacing);
      if (wait > 0) {
        this.held ??= this.o.setTimer(() => {
          this.held = null;
          this.flush();
        }, wait);
        return;
      }
    }
    if (this.held !== null) this.o.clearTimer(this.held);
    this.held = null;
    const frames = this.buffer;
    this.buffer = [];
    if (frames.length > 0) {
      this.o.publish(frames);
      this.lastPublishAt = now;
    }
    const newest = frames[frames.length - 1];
    const lagMs = newest ? this.meter.lag(Date.parse(newest.at), this.o.now()) : null;
    this.judge(lagMs);
  }

  /** Drops what waits here (the connection drops its own backlog), e.g. on a skip ahead. */
  clear(): void {
    this.buffer = [];
  }

  /** The daemon changed (restart, another address): lateness is measured afresh. */
  resetClock(): void {
    this.meter.reset();
  }

  stop(): void {
    if (this.recheck !== null) this.o.clearTimer(this.recheck);
    this.recheck = null;
    if (this.pacedRecheck !== null) this.o.clearTimer(this.pacedRecheck);
    this.pacedRecheck = null;
    if (this.held !== null) this.o.clearTimer(this.held);
    this.held = null;
    this.buffer = [];
  }

  /**
   * How heavy the stream is: the frames handled over the last second and those received and not
   * handled yet. A page slower than the stream handles fewer frames a second than come, however
   * many come: counted by what it handled alone, a stream of 2,000 frames a second on a busy
   * machine looked like 990, was never paced, and the page fell further behind applying every
   * frame's batch (and redrawing the charts) instead of fewer, larger ones.
   */
  private streamRate(now: number): number {
    return this.rate.perSecond(now) + this.o.waiting();
  }

  /** Whether the stream is above the pacing rate; while it is, looked at again until it is not (no frame may come to say so). */
  private judgeRate(rate = this.streamRate(this.o.now())): void {
    const { pacing } = this.o;
    if (pacing === null) return;
    const paced = rate > pacing.aboveRate;
    if (paced !== this.paced) {
      this.paced = paced;
      this.o.onPaced(paced);
    }
    if (paced && this.pacedRecheck === null) {
      this.pacedRecheck = this.o.setTimer(() => {
        this.pacedRecheck = null;
        this.judgeRate();
      }, this.o.pacedRecheckMs);
    }
  }

  private judge(lagMs: number | null): void {
    const pending = this.o.waiting() + this.buffer.length;
    const verdict = backlogVerdict({ pending, lagMs }, this.behind !== null, this.o.thresholds);
    if (verdict === 'drop' && this.o.now() - this.lastDropAt >= this.o.dropCooldownMs) {
      this.lastDropAt = this.o.now();
      this.buffer = [];
      this.meter.reset();
      this.o.onDrop();
    }
    this.setBehind(verdict === 'current' ? null : { frames: pending, lagMs: lagMs ?? this.behind?.lagMs ?? 0 });
    if (this.recheck !== null) this.o.clearTimer(this.recheck);
    this.recheck = null;
    // No frame may come to say it has caught up: look again in a moment.
    if (this.behind !== null) {
      this.recheck = this.o.setTimer(() => {
        this.recheck = null;
        this.judge(null);
      }, this.o.recheckMs);
    }
  }

  private setBehind(next: Behind | null): void {
    const before = this.behind;
    this.behind = next;
    // Told on a change of state, and while behind at most when the count moves by a tenth.
    if (before === null && next === null) return;
    if (before !== null && next !== null && Math.abs(next.frames - before.frames) <= Math.max(5, before.frames / 10)) {
      this.behind = before;
      return;
    }
    this.o.onBehind(next);
  }
}
