import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding `value` as of the last commit, for handlers React does not call (a document's keys).
 * It is set in the commit that draws the value (a layout effect), so an event in the very next task
 * already reads it; a passive effect runs a task or more later, and a key pressed at once after the
 * previous one (or after a navigation) acted on the state before it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
