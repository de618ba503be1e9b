import type { Range, Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import { reachWindow, REST_ROWS, ScrollReach } from '../lib/scroll-reach';
import { setListScrolling } from '../lib/scroll-activity';

/**
 * `useVirtualizer` options that draw the rows a scroll will need before the frame that shows them
 * (scroll-reach.ts): the rows render in the scroll event itself, before the frame is painted (a
 * scroll event comes once a frame), with overscan reaching as far ahead as the view is moving.
 * Once the view rests, the window shrinks back to the rows in view and a few on each side.
 * While it scrolls, work that can wait (a chart's redraw) waits for it (lib/scroll-activity.ts).
 */
/** No scroll event for this long: the view rests. */
const REST_DELAY_MS = 400;

export function useScrollAhead() {
  const [reach] = useState(() => new ScrollReach());
  // A new extractor when the view rests: the virtualiser asks it again for the window at rest.
  const [rests, setRests] = useState(0);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const now = performance.now();
      reach.note(range.startIndex, range.endIndex - range.startIndex + 1, now);
      return reachWindow(range, reach.ahead(now));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function once the view rests is the point
    [reach, rests],
  );
  const onChange = useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>) => {
      setListScrolling(reach, instance.isScrolling);
      if (!instance.isScrolling && reach.rest()) setRests((n) => n + 1);
    },
    [reach],
  );
  useEffect(() => () => setListScrolling(reach, false), [reach]);
  // The view rests 400 ms after its last scroll event (the virtualiser's default is 150): on a
  // loaded machine one frame of a steady scroll can take longer than 150 ms, and each such false
  // rest dropped the parked rows and shrank the window, to create them again a frame later.
  return { rangeExtractor, onChange, overscan: REST_ROWS, useFlushSync: true, isScrollingResetDelay: REST_DELAY_MS } as const;
}
