// Harness-side validation of a compactor plugin's CompactorResult (plugin-host contract,
// agent.md § Always-keep set and § Atomicity). An invalid result makes delegate fall back to drop.

import type { CompactorResult } from './engine-types';
import type { Message } from './types';
import { groupUnits } from './units';

export type CompactorViolation =
  | 'compactor_unknown_message'
  | 'compactor_inconsistent_result'
  | 'compactor_lost_message'
  | 'compactor_dropped_always_keep'
  | 'compactor_split_tool_pair';

export type CompactorValidation = { ok: true } | { ok: false; code: CompactorViolation; detail: string };

function fail(code: CompactorViolation, detail: string): CompactorValidation {
  return { ok: false, code, detail };
}

/**
 * Checks a result against the list the compactor was given:
 *  - every superseded id is a message of `before`, and none is also kept;
 *  - every message of `before` is either kept or superseded;
 *  - every always-keep message (pinned, or in `alwaysKeepIds`) is kept;
 *  - no tool-call/tool-result pair is split: in the returned list no tool result lacks its call
 *    (unless it was already an orphan) and no call lacks a result that existed in `before`;
 *    a new message may not bring a call without results.
 */
export function validateCompactorResult(
  before: readonly Message[],
  result: CompactorResult,
  alwaysKeepIds: ReadonlySet<string> = new Set(),
): CompactorValidation {
  const beforeIds = new Set(before.map((m) => m.id));
  const kept = new Set(result.messages.map((m) => m.id));
  const superseded = new Set(result.superseded);

  for (const id of superseded) {
    if (!beforeIds.has(id)) return fail('compactor_unknown_message', `superseded id ${id} is not in the compacted list`);
    if (kept.has(id)) return fail('compactor_inconsistent_result', `message ${id} is both kept and superseded`);
  }
  for (const m of before) {
    if (!kept.has(m.id) && !superseded.has(m.id)) {
      return fail('compactor_lost_message', `message ${m.id} is neither kept nor superseded`);
    }
  }
  for (const m of before) {
    if ((m.pin !== null || alwaysKeepIds.has(m.id)) && !kept.has(m.id)) {
      const why = m.pin ? m.pin.reason : 'retained by an observer';
      return fail('compactor_dropped_always_keep', `always-keep message ${m.id} (${why}) was dropped`);
    }
  }

  const answeredBefore = new Set(before.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  const orphansBefore = new Set(
    groupUnits(before)
      .filter((u) => u.kind === 'orphan_result')
      .map((u) => u.key),
  );
  for (const unit of groupUnits(result.messages)) {
    if (unit.kind === 'orphan_result' && !orphansBefore.has(unit.key)) {
      return fail('compactor_split_tool_pair', `tool result ${unit.key} is kept without its call`);
    }
    const isNew = !beforeIds.has(unit.key);
    const broken = unit.missing_results.filter((id) => isNew || answeredBefore.has(id));
    if (broken.length > 0) {
      return fail('compactor_split_tool_pair', `call(s) ${broken.join(', ')} of ${unit.key} kept without their results`);
    }
  }
  return { ok: true };
}
