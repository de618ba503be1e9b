/**
 * The ledger's rows recycle their elements while it scrolls: a row's React key is its slot
 * (`RowSlots`), so a row leaving the window hands its elements to a row entering it (React changes
 * their text and attributes; nothing is created or removed). For that the window keeps one length:
 * the rows in view plus the overscan, however the view cuts the rows.
 */

/** The virtualiser's range (@tanstack/virtual-core's `Range`): the rows in view, the overscan, the count. */
export interface RowRange {
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

/** The rows in view plus the overscan on both sides, as the virtualiser would render them (before clamping to the list). */
export function naturalLength(range: RowRange): number {
  return range.endIndex - range.startIndex + 1 + 2 * range.overscan;
}

/**
 * The indices to render: `length` consecutive rows from the overscan above the view (fewer only
 * when the list is shorter): as many rows enter as leave.
 */
export function fixedWindow(range: RowRange, length: number): number[] {
  const size = Math.max(0, Math.min(range.count, length));
  const start = Math.max(0, Math.min(range.startIndex - range.overscan, range.count - size));
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * The rows' React keys ("slots"), given from one window to the next so that React reuses elements
 * without moving many of them (a moved element is laid out again from scratch, like a new one):
 * - a row still in the window keeps its slot (its elements stay as they are);
 * - rows entering below the ones kept (scrolling down) take the slots of the rows that left, in
 *   their order: React changes their text and moves each once, to the end;
 * - rows entering above or between the ones kept (scrolling up, a live arrival at the top) get
 *   new slots: React inserts them there (moving the kept ones after them instead would cost more);
 * - a window with no row kept (a jump) takes every slot in the same order: nothing moves.
 */
export class RowSlots {
  private ids: readonly string[] = [];
  private slots: readonly number[] = [];
  private next = 0;

  /** The slots of `ids` (the window's rows, in order), one each, none repeated. */
  assign(ids: readonly string[]): readonly number[] {
    const previous = new Map(this.ids.map((id, i) => [id, this.slots[i] as number]));
    const kept = new Set(ids.filter((id) => previous.has(id)));
    const free = this.ids.flatMap((id, i) => (kept.has(id) ? [] : [this.slots[i] as number]));
    let below = kept.size === 0;
    let seen = 0;
    const slots = ids.map((id) => {
      const own = previous.get(id);
      if (own !== undefined) {
        seen += 1;
        below = seen === kept.size;
        return own;
      }
      if (below && free.length > 0) return free.shift() as number;
      this.next += 1;
      return this.next;
    });
    this.ids = ids;
    this.slots = slots;
    return slots;
  }
}
