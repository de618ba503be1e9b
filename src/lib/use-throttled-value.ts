import { startTransition, useEffect, useRef, useState } from 'react';

/** How long until a change may be shown: 0 when the last one shown is `intervalMs` old. */
export function throttleWait(lastShownAt: number, now: number, intervalMs: number): number {
  return Math.max(0, lastShownAt + intervalMs - now);
}

/**
 * `value`, changing at most once per `intervalMs`, as a transition (React may interrupt it for
 * urgent work): for views that are costly to draw again, such as charts over a thousand live
 * events, while the figures beside them follow every change. The newest value always comes
 * through in the end.
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const apply = () => {
      shownAt.current = Date.now();
      startTransition(() => setShown(value));
    };
    const timer = setTimeout(apply, throttleWait(shownAt.current, Date.now(), intervalMs));
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
