/**
 * The dry-run diff's row model built: the active list (before) and the proposed list (after) aligned
 * by message id, tool exchanges grouped (tool-groups.ts), totals counted and the changes indexed for
 * n / p. The model's types are in diff-model.ts; folding the unchanged runs is collapse.ts.
 *
 * The proposed list is "every active message (superseded where the proposal supersedes it) plus the
 * new summary message where it lands" (DryRunResult.messages), so each side keeps its own order and
 * a single merge walk aligns them in linear time. Everything here is pure and O(n).
 */
import type { Schemas } from '../contract/types';
import { tokensOf, type Block, type DiffModel, type DiffRow, type DiffTotals, type Message, type RowKind, type ToolGroup } from './diff-model';
import { buildBlocks, groupRows } from './tool-groups';

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

/** The row of a message on both sides (superseded, pinned or unchanged). */
function keptRow(b: Message, a: Message): DiffRow {
  const pin = a.pin ?? b.pin;
  const kind: RowKind = a.superseded ? 'superseded' : pin !== null ? 'pinned' : 'unchanged';
  return { key: b.id, before: b, after: a.superseded ? null : a, kind, pin, group: null };
}

export function alignRows(before: readonly Message[], after: readonly Message[], options: AlignOptions = {}): DiffRow[] {
  const classifyNew = options.afterOnly ?? afterOnlyKind;
  const beforeIds = new Set<string>();
  for (const m of before) beforeIds.add(m.id);
  const afterIds = new Set<string>();
  for (const m of after) afterIds.add(m.id);
  // Ids already emitted out of order on the left (a reordered proposal); their right copy comes later.
  const movedOut = new Set<string>();
  // With no id twice on the left, the same id on both sides is the same message kept in place: none
  // of the checks before that branch can hold (its id is on the left, not yet emitted, and on the right).
  const distinctBefore = beforeIds.size === before.length;

  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const b = before[i];
    const a = after[j];
    if (distinctBefore && b !== undefined && a !== undefined && b.id === a.id) {
      rows.push(keptRow(b, a));
      i++;
      j++;
    } else if (a !== undefined && !beforeIds.has(a.id)) {
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
      rows.push(keptRow(b, a));
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

/** The whole model's totals alone (no blocks or hunks): a whole proposal's figures. */
export function diffTotals(before: readonly Message[], after: readonly Message[]): DiffTotals {
  const rows = alignRows(before, after);
  return totalsOf(rows, groupRows(rows));
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
