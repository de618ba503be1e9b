/**
 * Collapsing a dry-run diff: unchanged runs folded into "N unchanged messages" items around the
 * changes, and the jump from one change hunk to the next (n / p).
 */
import { tokensOf, type Block, type DiffModel, type DiffRow } from './diff-model';

export type DiffItem =
  | { type: 'row'; row: number }
  | {
      type: 'fold';
      /** Stable while the rows stay the same: the key of the first folded row. */
      id: string;
      start: number;
      /** Exclusive. */
      end: number;
      tokens: number;
    };

export interface CollapseOptions {
  /** Unchanged rows kept visible on each side of a change (whole blocks, so maybe a few more). */
  context?: number;
  /** Fewer hidden rows than this are shown instead of folded. */
  minFold?: number;
  /** Fold ids the reviewer opened. */
  expanded?: ReadonlySet<string>;
}

export interface CollapsedView {
  items: DiffItem[];
  /** Item index of each row, or -1 when the row is folded away. */
  itemOfRow: Int32Array;
  /** Item index of each hunk start (same order as model.hunks). */
  hunkItems: number[];
  folds: number;
}

export const DEFAULT_CONTEXT = 3;
export const DEFAULT_MIN_FOLD = 4;

/**
 * Folds the unchanged runs (no changed and no pinned block) into "N unchanged messages" items,
 * keeping `context` rows next to each change. Fold boundaries are block boundaries, so a tool
 * exchange is either wholly visible or wholly inside one fold.
 */
export function collapse(model: DiffModel, options: CollapseOptions = {}): CollapsedView {
  const context = options.context ?? DEFAULT_CONTEXT;
  const minFold = Math.max(1, options.minFold ?? DEFAULT_MIN_FOLD);
  const expanded = options.expanded ?? new Set<string>();
  const { rows, blocks } = model;
  const items: DiffItem[] = [];
  const itemOfRow = new Int32Array(rows.length).fill(-1);
  let folds = 0;

  const pushRows = (from: number, to: number) => {
    for (let r = from; r < to; r++) {
      itemOfRow[r] = items.length;
      items.push({ type: 'row', row: r });
    }
  };

  let b = 0;
  while (b < blocks.length) {
    const block = blocks[b] as Block;
    if (block.changed || block.pinned) {
      pushRows(block.start, block.end);
      b++;
      continue;
    }
    // A run of quiet blocks [b, e).
    let e = b;
    while (e < blocks.length && !(blocks[e] as Block).changed && !(blocks[e] as Block).pinned) e++;
    const runStart = block.start;
    const runEnd = (blocks[e - 1] as Block).end;
    // Leading context after a shown block, trailing context before one.
    let lead = b;
    if (b > 0) {
      let kept = 0;
      while (lead < e && kept < context) {
        const blk = blocks[lead] as Block;
        kept += blk.end - blk.start;
        lead++;
      }
    }
    let trail = e;
    if (e < blocks.length) {
      let kept = 0;
      while (trail > lead && kept < context) {
        const blk = blocks[trail - 1] as Block;
        kept += blk.end - blk.start;
        trail--;
      }
    }
    const foldStart = lead < e ? (blocks[lead] as Block).start : runEnd;
    const foldEnd = trail > lead ? (blocks[trail - 1] as Block).end : foldStart;
    const hidden = foldEnd - foldStart;
    const id = hidden > 0 ? (rows[foldStart] as DiffRow).key : '';
    if (hidden >= minFold && !expanded.has(id)) {
      pushRows(runStart, foldStart);
      let tokens = 0;
      for (let r = foldStart; r < foldEnd; r++) tokens += tokensOf((rows[r] as DiffRow).before ?? (rows[r] as DiffRow).after);
      items.push({ type: 'fold', id, start: foldStart, end: foldEnd, tokens });
      folds++;
      pushRows(foldEnd, runEnd);
    } else {
      pushRows(runStart, runEnd);
    }
    b = e;
  }
  const hunkItems = model.hunks.map((r) => itemOfRow[r] ?? -1);
  return { items, itemOfRow, hunkItems, folds };
}

/** The hunk to jump to from the item at `current` (the topmost shown): next or previous, or null. */
export function nextHunk(hunkItems: readonly number[], current: number, direction: 1 | -1): number | null {
  if (direction === 1) {
    for (const item of hunkItems) if (item > current) return item;
    return null;
  }
  for (let k = hunkItems.length - 1; k >= 0; k--) {
    const item = hunkItems[k] as number;
    if (item < current) return item;
  }
  return null;
}
