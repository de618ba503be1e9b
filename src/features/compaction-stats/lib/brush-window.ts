/**
 * Which events the timeline's brush shows. The operator's last choice is kept across new events:
 * a window that ends at the newest event follows new ones (same width); one that ends earlier
 * stays where it was put. Before any choice, the newest `initialWidth` events.
 */
export interface BrushChoice {
  /** Events in the window (end − start + 1). */
  width: number;
  /** Where the window ends; null when it follows the newest event. */
  end: number | null;
}

export interface BrushWindow {
  startIndex: number;
  endIndex: number;
}

export function brushWindow(length: number, choice: BrushChoice | null, initialWidth: number): BrushWindow {
  if (length === 0) return { startIndex: 0, endIndex: 0 };
  const last = length - 1;
  const width = Math.min(Math.max(1, choice?.width ?? initialWidth), length);
  const endIndex = choice?.end === null || choice?.end === undefined ? last : Math.min(choice.end, last);
  return { startIndex: Math.max(0, endIndex - width + 1), endIndex };
}

/** The choice the brush's new indices make, for a timeline of `length` events. */
export function brushChoice(length: number, startIndex: number, endIndex: number): BrushChoice {
  return { width: endIndex - startIndex + 1, end: endIndex >= length - 1 ? null : endIndex };
}
