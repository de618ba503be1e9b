/**
 * The ledger's rows recycle their elements while it scrolls. A row's React key is its slot: an
 * element that stays in the window keeps its record, and a record entering the window takes the
 * element of one that left (React changes its text and attributes only). Nothing is created,
 * removed or moved while the view moves: a created or moved element is styled and laid out again
 * from scratch (in Chromium, moving 20 rows to the other end cost 20 ms, changing the text of all
 * 26 rows 9 ms), so a scroll step costs the text of the rows entering, and no more.
 *
 * While the view moves, the elements stay in the order they have in the DOM (the rows are placed by
 * their own offsets, so the order does not show), and a slot no row needs now is kept, parked (the
 * table hides it), for the next row entering: the window grows and shrinks by a few rows from frame
 * to frame (the reach ahead, the loaded end), and an element removed and created again a frame later
 * costs its whole row. Once the view rests, the parked slots go and the elements are put back in the
 * rows' order, for assistive technology and the tab order.
 */

/** One element in the DOM order: a row of the window (its position in it), or a parked slot. */
export interface SlotEntry {
  slot: number;
  /** The row's position in the window; null: parked. */
  row: number | null;
}

export interface RowPlacement {
  /** The slot (React key) of each of the window's rows, in the rows' order. */
  slots: readonly number[];
  /** The elements in the order to render them: the window's rows and, while the view moves, parked slots. */
  order: readonly SlotEntry[];
}

/** `T`: what a slot's element shows (a parked slot goes on showing it, hidden). */
export class RowSlots<T = unknown> {
  private byId = new Map<string, number>();
  private shown = new Map<number, T>();
  /** The slots in the order their elements are in the DOM (parked ones too). */
  private order: readonly number[] = [];
  private next = 0;

  /**
   * The slots of the window's rows `ids` (in the rows' order, none repeated) and the order to
   * render them in: while `moving`, the elements' order as it was (rows entering take the slots of
   * rows that left and parked ones, top to bottom; new slots at the end; the slots left over stay,
   * parked); at rest, the rows' order and no parked slot.
   */
  assign(ids: readonly string[], moving: boolean): RowPlacement {
    const staying = new Set<number>();
    for (const id of ids) {
      const slot = this.byId.get(id);
      if (slot !== undefined) staying.add(slot);
    }
    // The slots no staying row holds, in DOM order.
    const free = this.order.filter((slot) => !staying.has(slot));
    let reused = 0;
    const slots = ids.map((id) => this.byId.get(id) ?? free[reused++] ?? this.next++);
    this.byId = new Map(ids.map((id, i) => [id, slots[i] as number]));
    const known = new Set(this.order);
    this.order = moving ? [...this.order, ...slots.filter((slot) => !known.has(slot))] : slots;
    const inDom = new Set(this.order);
    for (const slot of this.shown.keys()) if (!inDom.has(slot)) this.shown.delete(slot);
    const rowOf = new Map(slots.map((slot, i) => [slot, i]));
    return { slots, order: this.order.map((slot) => ({ slot, row: rowOf.get(slot) ?? null })) };
  }

  /** Notes what `slot`'s element shows now. */
  show(slot: number, value: T): void {
    this.shown.set(slot, value);
  }

  /** What `slot`'s element showed last, while it is in the DOM. */
  shownIn(slot: number): T | undefined {
    return this.shown.get(slot);
  }
}
