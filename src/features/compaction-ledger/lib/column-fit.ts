/**
 * Which ledger columns fit the width at hand. Each column has a minimum width (its grid track's)
 * and a priority (0: always shown; the higher, the sooner it hides). The operator's own choices in
 * the column chooser win: a column turned on stays on (the grid then scrolls sideways), one turned
 * off stays off; the rest hide, least important first, until the minimum widths fit.
 */
export interface FitColumn {
  id: string;
  minWidth: number;
  priority: number;
}

/** The smallest width of a CSS grid track: `118px` → 118, `minmax(120px, 1fr)` → 120, `1fr` → 0. */
export function trackMinWidth(track: string): number {
  const match = /^(?:minmax\(\s*)?(\d+(?:\.\d+)?)px/.exec(track.trim());
  return match ? Number(match[1]) : 0;
}

export interface Fit {
  /** Column id → false for every hidden column (the operator's and the width's). */
  visibility: Record<string, boolean>;
  /** The columns hidden only because they do not fit (the chooser can bring them back). */
  autoHidden: string[];
}

export function fitColumns(columns: readonly FitColumn[], available: number | null, chosen: Readonly<Record<string, boolean>>): Fit {
  const visibility: Record<string, boolean> = {};
  for (const column of columns) if (chosen[column.id] === false) visibility[column.id] = false;
  const autoHidden: string[] = [];
  if (available === null) return { visibility, autoHidden };
  let total = columns.reduce((sum, c) => (chosen[c.id] === false ? sum : sum + c.minWidth), 0);
  // Least important first; among equals, the rightmost first.
  const candidates = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority > 0 && chosen[column.id] === undefined)
    .sort((a, b) => b.column.priority - a.column.priority || b.index - a.index);
  for (const { column } of candidates) {
    if (total <= available) break;
    visibility[column.id] = false;
    autoHidden.push(column.id);
    total -= column.minWidth;
  }
  return { visibility, autoHidden };
}
