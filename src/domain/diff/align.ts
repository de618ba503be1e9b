/**
 * The dry-run diff's row model: the active list (before) and the proposed list (after) aligned by
 * message id, tool exchanges grouped, unchanged runs folded, and the changes indexed for n / p.
 *
 * The proposed list is "every active message (superseded where the proposal supersedes it) plus the
 * new summary message where it lands" (DryRunResult.messages), so each side keeps its own order and
 * a single merge walk aligns them in linear time. Everything here is pure and O(n).
 */
import type { Schemas } from '../contract/types';

export type Message = Schemas['Message'];
export type Pin = Schemas['Pin'];

/**
 * - unchanged: on both sides, the same message
 * - pinned: on both sides, in the always-keep set (the pin says why)
 * - superseded: before only; the proposal supersedes it
 * - summary: after only; the compaction summary the proposal inserts where it lands
 * - added: after only; any other message the proposal adds (a compactor plugin's own)
 * - moved: the proposal changed the order (never expected); the message shows once per side, on two rows
 */
export type RowKind = 'unchanged' | 'pinned' | 'superseded' | 'summary' | 'added' | 'moved';

export interface DiffRow {
  /** Unique among the rows: the message id (a moved message's two rows get suffixes). */
  key: string;
  before: Message | null;
  after: Message | null;
  kind: RowKind;
  /** The always-keep reason, from either side. */
  pin: Pin | null;
  /** The tool exchange the row belongs to: the id of its assistant message (the call), or null. */
  group: string | null;
}

export interface ToolGroup {
  id: string;
  /** Row of the assistant message with the calls. */
  head: number;
  /** Last row holding one of its results (≥ head). */
  last: number;
  /** Rows of the exchange, head first, in list order (other rows may sit in between). */
  rows: number[];
  calls: number;
  results: number;
  /** More than one call in one assistant message. */
  parallel: boolean;
  /** Calls with no result in the list (the turn in flight). */
  missing: number;
  /** Some members superseded and others kept: the proposal broke the pair (ADR-0024 decision 9). */
  split: boolean;
}

/** A run of rows that collapsing never cuts: one row, or a tool exchange's whole span. */
export interface Block {
  start: number;
  /** Exclusive. */
  end: number;
  /** Holds a superseded, summary, added or moved row. */
  changed: boolean;
  /** Shown even when unchanged: holds a pinned row. */
  pinned: boolean;
}

export interface SideTotals {
  messages: number;
  tokens: number;
}

export interface DiffTotals {
  before: SideTotals;
  after: SideTotals;
  superseded: SideTotals;
  summary: SideTotals;
  pinned: number;
  groups: number;
  parallelGroups: number;
  /** Ids of split tool exchanges (should be none). */
  splitGroups: string[];
  moved: number;
}

export interface DiffModel {
  rows: DiffRow[];
  groups: Map<string, ToolGroup>;
  blocks: Block[];
  /** Row index where each change hunk (consecutive changed blocks) starts, ascending. */
  hunks: number[];
  totals: DiffTotals;
}

export const tokensOf = (m: Message | null): number => m?.metadata.token_estimate ?? 0;

const CHANGED: ReadonlySet<RowKind> = new Set<RowKind>(['superseded', 'summary', 'added', 'moved']);

export function isChange(kind: RowKind): boolean {
  return CHANGED.has(kind);
}

function afterOnlyKind(m: Message): RowKind {
  return m.metadata.kind === 'compaction_summary' ? 'summary' : 'added';
}

/**
 * Aligns the active list with the proposed list by id. Each before message appears on exactly one
 * row's left side, each proposed message that stays visible on exactly one row's right side, both in
 * their own order; a proposed message marked superseded shows on the left only (struck through).
 */
export interface AlignOptions {
  /** How an after-only message is classified; by default a compaction summary is 'summary', anything else 'added'. */
  afterOnly?: (m: Message) => RowKind;
}

export function alignRows(before: readonly Message[], after: readonly Message[], options: AlignOptions = {}): DiffRow[] {
  const classifyNew = options.afterOnly ?? afterOnlyKind;
  const beforeIds = new Set<string>();
  for (const m of before) beforeIds.add(m.id);
  const afterIds = new Set<string>();
  for (const m of after) afterIds.add(m.id);
  // Ids already emitted out of order on the left (a reordered proposal); their right copy comes later.
  const movedOut = new Set<string>();

  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const b = before[i];
    const a = after[j];
    if (a !== undefined && !beforeIds.has(a.id)) {
      rows.push({ key: a.id, before: null, after: a, kind: classifyNew(a), pin: a.pin, group: null });
      j++;
    } else if (a !== undefined && movedOut.has(a.id)) {
      rows.push({ key: `${a.id}#after`, before: null, after: a.superseded ? null : a, kind: 'moved', pin: a.pin, group: null });
      j++;
    } else if (b !== undefined && !afterIds.has(b.id)) {
      // Gone from the proposal altogether: the same as superseded for the reviewer.
      rows.push({ key: b.id, before: b, after: null, kind: 'superseded', pin: b.pin, group: null });
      i++;
    } else if (b !== undefined && a !== undefined && b.id === a.id) {
      const pin = a.pin ?? b.pin;
      const kind: RowKind = a.superseded ? 'superseded' : pin !== null ? 'pinned' : 'unchanged';
      rows.push({ key: b.id, before: b, after: a.superseded ? null : a, kind, pin, group: null });
      i++;
      j++;
    } else if (b !== undefined) {
      // b is proposed further down (or a already went by): show b here, its proposed copy when it comes.
      movedOut.add(b.id);
      rows.push({ key: `${b.id}#before`, before: b, after: null, kind: 'moved', pin: b.pin, group: null });
      i++;
    } else if (a !== undefined) {
      // Only reachable for an id seen on the left already; kept for totality.
      rows.push({ key: `${a.id}#after`, before: null, after: a.superseded ? null : a, kind: 'moved', pin: a.pin, group: null });
      j++;
    }
  }
  return rows;
}

/**
 * Tool exchanges over the aligned rows, as the engine groups units: a result belongs to the closest
 * earlier assistant message that declared its tool_call_id and has not received it yet (parallel
 * calls, results in any order, not necessarily adjacent). Sets `row.group`.
 */
export function groupRows(rows: DiffRow[]): Map<string, ToolGroup> {
  const groups = new Map<string, ToolGroup>();
  const waiting = new Map<string, ToolGroup[]>();
  rows.forEach((row, index) => {
    if (row.key.endsWith('#after')) return; // a moved message's second row: grouped on its first
    const m = row.before ?? row.after;
    if (m === null) return;
    if (m.role === 'assistant' && m.tool_calls.length > 0) {
      const group: ToolGroup = {
        id: m.id,
        head: index,
        last: index,
        rows: [index],
        calls: m.tool_calls.length,
        results: 0,
        parallel: m.tool_calls.length > 1,
        missing: 0,
        split: false,
      };
      groups.set(group.id, group);
      row.group = group.id;
      for (const call of m.tool_calls) {
        const stack = waiting.get(call.id);
        if (stack) stack.push(group);
        else waiting.set(call.id, [group]);
      }
    } else if (m.role === 'tool' && m.tool_call_id !== null) {
      const owner = waiting.get(m.tool_call_id)?.pop();
      if (owner === undefined) return; // an orphan result stands alone
      owner.rows.push(index);
      owner.last = index;
      owner.results += 1;
      row.group = owner.id;
    }
  });
  for (const group of groups.values()) {
    group.missing = Math.max(0, group.calls - group.results);
    let gone = 0;
    for (const r of group.rows) if (rows[r]?.kind === 'superseded') gone++;
    group.split = gone > 0 && gone < group.rows.length;
  }
  return groups;
}

/** Atomic runs of rows: a tool exchange's span (merged with any exchange overlapping it) or a single row. */
export function buildBlocks(rows: readonly DiffRow[], groups: ReadonlyMap<string, ToolGroup>): Block[] {
  const blocks: Block[] = [];
  const lastOf = (r: number): number => {
    const g = rows[r]?.group;
    return g ? (groups.get(g)?.last ?? r) : r;
  };
  let start = 0;
  while (start < rows.length) {
    let end = lastOf(start);
    let changed = false;
    let pinned = false;
    let k = start;
    while (k <= end) {
      end = Math.max(end, lastOf(k));
      const kind = (rows[k] as DiffRow).kind;
      if (CHANGED.has(kind)) changed = true;
      else if (kind === 'pinned') pinned = true;
      k++;
    }
    blocks.push({ start, end: end + 1, changed, pinned });
    start = end + 1;
  }
  return blocks;
}

function totalsOf(rows: readonly DiffRow[], groups: ReadonlyMap<string, ToolGroup>): DiffTotals {
  const t: DiffTotals = {
    before: { messages: 0, tokens: 0 },
    after: { messages: 0, tokens: 0 },
    superseded: { messages: 0, tokens: 0 },
    summary: { messages: 0, tokens: 0 },
    pinned: 0,
    groups: groups.size,
    parallelGroups: 0,
    splitGroups: [],
    moved: 0,
  };
  for (const row of rows) {
    if (row.before) {
      t.before.messages++;
      t.before.tokens += tokensOf(row.before);
    }
    if (row.after) {
      t.after.messages++;
      t.after.tokens += tokensOf(row.after);
    }
    if (row.kind === 'superseded') {
      t.superseded.messages++;
      t.superseded.tokens += tokensOf(row.before);
    } else if (row.kind === 'summary') {
      t.summary.messages++;
      t.summary.tokens += tokensOf(row.after);
    } else if (row.kind === 'pinned') t.pinned++;
    else if (row.kind === 'moved' && row.before) t.moved++;
  }
  for (const g of groups.values()) {
    if (g.parallel) t.parallelGroups++;
    if (g.split) t.splitGroups.push(g.id);
  }
  return t;
}

/** Start rows of the change hunks: a changed block whose previous block is not changed. */
function hunksOf(blocks: readonly Block[]): number[] {
  const hunks: number[] = [];
  let previous = false;
  for (const block of blocks) {
    if (block.changed && !previous) hunks.push(block.start);
    previous = block.changed;
  }
  return hunks;
}

/** The whole row model of a dry run. */
export function buildDiffModel(before: readonly Message[], after: readonly Message[], options: AlignOptions = {}): DiffModel {
  const rows = alignRows(before, after, options);
  const groups = groupRows(rows);
  const blocks = buildBlocks(rows, groups);
  return { rows, groups, blocks, hunks: hunksOf(blocks), totals: totalsOf(rows, groups) };
}

/**
 * The before list of a dry run: its proposed list minus the messages the proposal adds, each as it is
 * now (not superseded). DryRunResult carries every active message, so no second request is needed.
 */
export function beforeOfProposal(proposed: readonly Message[], record: Pick<Schemas['CompactionRecord'], 'summary_message_id'>): Message[] {
  const out: Message[] = [];
  for (const m of proposed) {
    if (m.id === record.summary_message_id) continue;
    out.push(m.superseded ? { ...m, superseded: false, superseded_by: null } : m);
  }
  return out;
}

// ---- Collapsing ---------------------------------------------------------------------------------

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
