/**
 * A rollback preview as two lists for the diff: the agent's active list now, and the list after
 * the rollback (restored messages back in their history place, the undone compactions' summaries
 * and the messages after the checkpoint superseded).
 */
import type { Schemas } from '../../../domain/contract/types';

type Message = Schemas['Message'];
type RollbackResult = Schemas['RollbackResult'];

export interface RollbackLists {
  before: Message[];
  after: Message[];
  /** Restored messages in history order. */
  restored: Message[];
  /** Ids the preview names that the history does not hold (should be none). */
  unknown: string[];
  /**
   * Token figures that add up: before − superseded + restored − pruned = after. before is the active
   * list as stored now, after what the next estimate sees once the pruning pre-pass has run on the
   * list after the rollback (afterStored is that list as stored).
   */
  tokens: { before: number; after: number; afterStored: number; restored: number; superseded: number; pruned: number; prunedCount: number; balanced: boolean };
}

const tokens = (messages: readonly Message[]) => messages.reduce((sum, m) => sum + m.metadata.token_estimate, 0);

export function rollbackLists(history: readonly Message[], preview: Pick<RollbackResult, 'restore_message_ids' | 'supersede_message_ids' | 'pruned'>): RollbackLists {
  const restore = new Set(preview.restore_message_ids);
  const supersede = new Set(preview.supersede_message_ids);
  const before: Message[] = [];
  const after: Message[] = [];
  const restored: Message[] = [];
  // Restored messages that were superseded: the ones that come back into the list.
  let back = 0;
  const gone: Message[] = [];
  const known = new Set<string>();
  for (const m of history) {
    known.add(m.id);
    if (!m.superseded) before.push(m);
    if (restore.has(m.id)) {
      const restoredMessage = m.superseded ? { ...m, superseded: false, superseded_by: null } : m;
      if (m.superseded) back += m.metadata.token_estimate;
      restored.push(restoredMessage);
      after.push(restoredMessage);
    } else if (!m.superseded && !supersede.has(m.id)) {
      after.push(m);
    } else if (!m.superseded) {
      gone.push(m);
    }
  }
  const unknown = [...restore, ...supersede].filter((id) => !known.has(id));
  const pruned = preview.pruned ?? [];
  const prunedTokens = pruned.reduce((sum, p) => sum + p.tokens_before - p.tokens_after, 0);
  const figures = { before: tokens(before), afterStored: tokens(after), restored: back, superseded: tokens(gone), pruned: prunedTokens, prunedCount: pruned.length };
  const afterSeen = figures.afterStored - prunedTokens;
  return {
    before,
    after,
    restored,
    unknown,
    tokens: { ...figures, after: afterSeen, balanced: figures.before - figures.superseded + figures.restored - prunedTokens === afterSeen },
  };
}
