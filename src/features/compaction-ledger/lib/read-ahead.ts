/** Rows from the end of the loaded ones at which the next page is asked for. */
export const READ_AHEAD_ROWS = 40;
/** The view's top is in view while its first rendered row is one of these. */
export const TOP_ROWS = 10;

/** The rows the table has rendered (the virtualiser's window), by index. */
export interface RowWindow {
  first: number;
  last: number;
  /**
   * Of those, the rows below the view (a few at rest; while scrolling down, the lead of
   * lib/scroll-reach.ts): the next page is asked for that much earlier again, so it is in before
   * the lead reaches the loaded end. A lead held at the loaded end took the landing page's rows
   * all in one render (median 69-113 rows, up to 200, at 16,000 px/s), a long task.
   */
  ahead?: number;
}

/**
 * When to read the next page for the rendered `rows` of `loaded` ones: now, at the browser's next idle
 * moment, or not yet (null; also when there is no next page or one is being read).
 * With the view's top in view a read ahead waits for an idle moment: live records arrive at the top
 * and push the loaded end away (at a thousand a second, within one batch of the view being cut back
 * to its first page), so under a live stream it is seldom needed by then. Scrolled down, or with the
 * loaded end itself in the window, it is read at once.
 */
export function readAhead(rows: RowWindow, loaded: number, canRead: boolean): 'now' | 'idle' | null {
  if (!canRead || rows.last < loaded - READ_AHEAD_ROWS - (rows.ahead ?? 0)) return null;
  return rows.first < TOP_ROWS && rows.last < loaded - 1 ? 'idle' : 'now';
}
