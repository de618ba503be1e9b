/**
 * The ledger's rows recycle their elements while it scrolls. A row's React key is its slot: an
 * element that stays in the window keeps its record, and a record entering the window takes the
 * element of one that left (React changes its text and attributes only). Nothing is created,
 * removed or moved while the view moves: a created or moved element is styled and laid out again
 * from scratch (in Chromium, moving 20 rows to the other end cost 20 ms, changing the text of all
 * 26 rows 9 ms), so a scroll step costs the text of the rows entering, and no more.
 *
 * While the view moves, the elements stay in the order they have in the DOM (the rows are placed by
 * their own offsets, so the order does not show); once it rests, they are put back in the rows'
 * order, for assistive technology and the tab order.
 */

export interface RowPlacement {
  /** The slot (React key) of each of the window's rows, in the rows' order. */
  slots: readonly number[];
  /** The order to render the rows in: positions into the window's rows. */
  order: readonly number[];
}

export class RowSlots {
  private byId = new Map<string, number>();
  /** The slots in the order their elements are in the DOM. */
  private order: readonly number[] = [];
  private next = 0;

  /**
   * The slots of the window's rows `ids` (in the rows' order, none repeated) and the order to
   * render them in: while `moving`, the elements' order as it was (rows that left hand their slots
   * to the rows entering, top to bottom; new slots at the end); at rest, the rows' order.
   */
  assign(ids: readonly string[], moving: boolean): RowPlacement {
    const wanted = new Set(ids);
    const position = new Map(this.order.map((slot, i) => [slot, i]));
    const free = [...this.byId].filter(([id]) => !wanted.has(id)).map(([, slot]) => slot);
    free.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    let reused = 0;
    const slots = ids.map((id) => this.byId.get(id) ?? free[reused++] ?? this.next++);
    const inUse = new Set(slots);
    const order = moving ? [...this.order.filter((slot) => inUse.has(slot)), ...slots.filter((slot) => !position.has(slot))] : slots;
    this.byId = new Map(ids.map((id, i) => [id, slots[i] as number]));
    this.order = order;
    const rowOf = new Map(slots.map((slot, i) => [slot, i]));
    return { slots, order: order.map((slot) => rowOf.get(slot) as number) };
  }
}
