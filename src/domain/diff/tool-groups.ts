/**
 * Tool exchanges over the aligned rows of a dry-run diff, and the blocks they make: runs of rows
 * that collapsing never cuts. Pure and O(n).
 */
import { isChange, type Block, type DiffRow, type ToolGroup } from './diff-model';

/** Exchanges waiting for their results, by call id: a result goes to the closest earlier call of its id not yet answered (a stack). */
export class WaitingCalls<T> {
  private readonly byCall = new Map<string, T[]>();

  /** `owner` waits for the results of `calls`. */
  wait(calls: readonly { id: string }[], owner: T): void {
    for (const call of calls) {
      const stack = this.byCall.get(call.id);
      if (stack) stack.push(owner);
      else this.byCall.set(call.id, [owner]);
    }
  }

  /** The owner a result of `callId` answers, no longer waiting for it; undefined for an orphan result. */
  take(callId: string): T | undefined {
    return this.byCall.get(callId)?.pop();
  }
}

/**
 * Tool exchanges over the aligned rows, as the engine groups units: a result belongs to the closest
 * earlier assistant message that declared its tool_call_id and has not received it yet (parallel
 * calls, results in any order, not necessarily adjacent). Sets `row.group`.
 */
export function groupRows(rows: DiffRow[]): Map<string, ToolGroup> {
  const groups = new Map<string, ToolGroup>();
  const waiting = new WaitingCalls<ToolGroup>();
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
      waiting.wait(m.tool_calls, group);
    } else if (m.role === 'tool' && m.tool_call_id !== null) {
      const owner = waiting.take(m.tool_call_id);
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
    // Never before the block's start: with an id twice, a row's group (by id) may be the other one, ended earlier.
    let end = Math.max(start, lastOf(start));
    let changed = false;
    let pinned = false;
    let k = start;
    while (k <= end) {
      end = Math.max(end, lastOf(k));
      const kind = (rows[k] as DiffRow).kind;
      if (isChange(kind)) changed = true;
      else if (kind === 'pinned') pinned = true;
      k++;
    }
    blocks.push({ start, end: end + 1, changed, pinned });
    start = end + 1;
  }
  return blocks;
}
