/**
 * The ledger's rows recycle their elements while it scrolls: a row's React key is its slot
 * (`RowSlots`), and the elements stay in the rows' order, so nothing is ever moved. A moved element
 * is styled and laid out again from scratch, like a new one: in Chromium, moving 20 rows to the
 * other end cost 20 ms, changing the text of all 26 rows 9 ms. For that the window keeps one length:
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
 * The rows' React keys ("slots"), given from one window to the next in one of two ways, whichever
 * costs the browser less:
 * - a few rows entering (a live arrival at the top, a slow scroll): the rows that stay keep their
 *   slots and elements, the entering rows get new slots (React creates their elements where they
 *   go, and removes those of the rows that left);
 * - more than `maxEntering` (a fast scroll, a jump): every slot stays where it was in the window,
 *   so each element shows the record now at its place (React changes text and attributes only).
 */
export class RowSlots {
  private slots: readonly number[] = [];
  private ids: readonly string[] = [];
  private next = 0;

  constructor(private readonly maxEntering: number) {}

  /** The slots of `ids` (the window's rows, in order), one each, none repeated. */
  assign(ids: readonly string[]): readonly number[] {
    const previous = new Map(this.ids.map((id, i) => [id, this.slots[i] as number]));
    const entering = ids.filter((id) => !previous.has(id)).length;
    const fresh = () => {
      this.next += 1;
      return this.next;
    };
    const slots = entering <= this.maxEntering ? ids.map((id) => previous.get(id) ?? fresh()) : ids.map((_, i) => this.slots[i] ?? fresh());
    this.ids = ids;
    this.slots = slots;
    return slots;
  }
}
