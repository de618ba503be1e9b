import { startTransition, useEffect, useRef, useState } from 'react';
import { whenIdle } from './use-idle-gate';

/** How long until a change may be shown: 0 when the last one shown is `intervalMs` old. */
export function throttleWait(lastShownAt: number, now: number, intervalMs: number): number {
  return Math.max(0, lastShownAt + intervalMs - now);
}

/**
 * `value`, changing at most once per `intervalMs`, as a transition (React may interrupt it for
 * urgent work), and only when the browser has a moment (at the latest `intervalMs` after that):
 * for views that are costly to draw again, such as charts over a thousand live events, while the
 * figures beside them follow every change; under a burst they wait until the page has caught up.
 * The newest value always comes through in the end.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(value);
  // One redraw on its way at a time, taking the newest value when it runs (a stream of changes
  // does not restart its wait).
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    latest.current = value;
    if (Object.is(value, shown) || pending.current !== null) return;
    let cancelIdle: (() => void) | null = null;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        pending.current = null;
        shownAt.current = Date.now();
        startTransition(() => setShown(latest.current));
      }, intervalMs);
    }, throttleWait(shownAt.current, Date.now(), intervalMs));
    pending.current = () => {
      clearTimeout(timer);
      cancelIdle?.();
      pending.current = null;
    };
  }, [value, shown, intervalMs]);
  useEffect(() => () => pending.current?.(), []);
  return shown;
}
