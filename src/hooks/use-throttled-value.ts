import { startTransition, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/idle';
import { isListScrolling, whenNotScrolling } from '../lib/scroll-activity';

export interface ThrottleTiming {
  /** When the value shown now was shown (-Infinity: never). */
  lastShownAt: number;
  /** When the value last changed. */
  lastChangeAt: number;
  /** When the oldest change not yet shown came. */
  pendingSince: number;
  now: number;
}

export interface ThrottleOptions {
  /** The shortest time between two values shown. */
  intervalMs: number;
  /** Wait until the value has not changed for this long (a burst of changes is shown once it pauses)… */
  quietMs?: number;
  /** …but never hold a change longer than this. */
  maxWaitMs?: number;
}

/**
 * How long until a change may be shown: the first at once; then never sooner than `intervalMs` after the last one shown,
 * and, while changes keep coming, when they pause for `quietMs` or at the latest `maxWaitMs`
 * after the first change held back.
 */
export function throttleWait(timing: ThrottleTiming, options: ThrottleOptions): number {
  const { lastShownAt, lastChangeAt, pendingSince, now } = timing;
  const { intervalMs, quietMs = 0, maxWaitMs = Number.POSITIVE_INFINITY } = options;
  if (lastShownAt === Number.NEGATIVE_INFINITY) return 0;
  const untilInterval = lastShownAt + intervalMs - now;
  const untilQuiet = Math.min(lastChangeAt + quietMs - now, pendingSince + maxWaitMs - now);
  return Math.max(0, untilInterval, untilQuiet);
}

/**
 * `value`, changing at most once per `intervalMs` (and, with `quietMs`, only when a stream of
 * changes pauses, or `maxWaitMs` after the first change held back), as a transition (React may
 * interrupt it for urgent work), and only when the browser has a moment (at the latest
 * `intervalMs` after that) and no list is being scrolled (each scroll step would throw the
 * transition's render away: lib/scroll-activity.ts): for views that are costly to draw again, such as charts over a
 * thousand live events, while the figures beside them follow every change; under a burst they
 * wait until the page has caught up. The newest value always comes through in the end.
 */
export function useThrottledValue<T>(value: T, options: ThrottleOptions): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  const changedAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(value);
  // One redraw on its way at a time, taking the newest value when it runs (a stream of changes
  // does not restart its wait; the wait is looked at again when it ends).
  const pending = useRef<(() => void) | null>(null);
  const { intervalMs, quietMs, maxWaitMs } = options;
  // A wait in progress follows the options as they are now (the charts wait longer while the live stream is paced).
  const timing = useRef<ThrottleOptions>(options);
  useEffect(() => {
    timing.current = { intervalMs, quietMs, maxWaitMs };
  }, [intervalMs, quietMs, maxWaitMs]);
  useEffect(() => {
    latest.current = value;
    changedAt.current = Date.now();
    if (Object.is(value, shown) || pending.current !== null) return;
    const pendingSince = Date.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let cancelIdle: (() => void) | null = null;
    let cancelScroll: (() => void) | null = null;
    const waitNow = () => throttleWait({ lastShownAt: shownAt.current, lastChangeAt: changedAt.current, pendingSince, now: Date.now() }, timing.current);
    const arm = () => {
      timer = setTimeout(() => {
        timer = null;
        if (waitNow() > 0) {
          arm();
          return;
        }
        show();
      }, waitNow());
    };
    // After the scroll (if one is on), at an idle moment, and still no scroll then.
    const show = () => {
      cancelScroll = whenNotScrolling(() => {
        cancelScroll = null;
        cancelIdle = whenIdle(() => {
          cancelIdle = null;
          if (isListScrolling()) {
            show();
            return;
          }
          pending.current = null;
          shownAt.current = Date.now();
          startTransition(() => setShown(latest.current));
        }, timing.current.intervalMs);
      });
    };
    arm();
    pending.current = () => {
      if (timer !== null) clearTimeout(timer);
      cancelIdle?.();
      cancelScroll?.();
      pending.current = null;
    };
  }, [value, shown]);
  useEffect(() => () => pending.current?.(), []);
  return shown;
}
