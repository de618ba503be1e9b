import type { Range } from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';
import { reachWindow, REST_ROWS, ScrollReach } from './scroll-reach';

/**
 * `useVirtualizer` options that draw the rows a scroll will need before the frame that shows them
 * (scroll-reach.ts): the rows render in the scroll event itself, before the frame is painted (a
 * scroll event comes once a frame), with overscan reaching as far ahead as the view is moving.
 */
export function useScrollAhead() {
  const [reach] = useState(() => new ScrollReach());
  const rangeExtractor = useCallback(
    (range: Range) => {
      const now = performance.now();
      reach.note(range.startIndex, now);
      return reachWindow(range, reach.ahead(now));
    },
    [reach],
  );
  return { rangeExtractor, overscan: REST_ROWS, useFlushSync: true } as const;
}
