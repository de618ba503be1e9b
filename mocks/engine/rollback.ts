// Rolling back past a compaction (ADR-0024 decision 11): the same superseded flag, reversed.

import type { CompactionRecord, Message } from './types';

export interface RollbackPlan {
  /** Superseded by the rolled-back compactions, at or before the cursor: un-supersede. */
  restore_ids: string[];
  /** Active summary messages of those compactions, and active messages after the cursor: supersede. */
  supersede_ids: string[];
  /** Records to mark rolled_back. */
  rolled_back_record_ids: string[];
}

/**
 * `records` are the compactions applied at/after the checkpoint; `cursorIndex` is the last
 * message index the checkpoint covers. Dry runs and already rolled-back records are ignored.
 * Ids come out in the order of `messages`.
 */
export function computeRollback(messages: readonly Message[], records: readonly CompactionRecord[], cursorIndex: number): RollbackPlan {
  const applied = records.filter((r) => !r.dry_run && !r.rolled_back);
  const summaries = new Set(applied.flatMap((r) => (r.summary_message_id ? [r.summary_message_id] : [])));
  const compacted = new Set(applied.flatMap((r) => r.superseded_message_ids));
  const restore: string[] = [];
  const supersede: string[] = [];
  for (const m of messages) {
    if (summaries.has(m.id) || m.index > cursorIndex) {
      if (!m.superseded) supersede.push(m.id);
      continue;
    }
    if (m.superseded && compacted.has(m.id)) restore.push(m.id);
  }
  return { restore_ids: restore, supersede_ids: supersede, rolled_back_record_ids: applied.map((r) => r.id) };
}

/** Applies a rollback plan: new objects for changed messages; `supersededBy` names the rollback (e.g. the checkpoint id). */
export function applyRollback(messages: readonly Message[], plan: RollbackPlan, supersededBy: string): Message[] {
  const restore = new Set(plan.restore_ids);
  const supersede = new Set(plan.supersede_ids);
  return messages.map((m) => {
    if (restore.has(m.id)) return { ...m, superseded: false, superseded_by: null };
    if (supersede.has(m.id)) return { ...m, superseded: true, superseded_by: supersededBy };
    return m;
  });
}
