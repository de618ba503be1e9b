/**
 * A rollback preview as two lists for the diff: the agent's active list now, and the list after
 * the rollback (restored messages back in their history place, the undone compactions' summaries
 * and the messages after the checkpoint superseded).
 */
import type { Schemas } from '../../../lib/api/types';

type Message = Schemas['Message'];
type RollbackResult = Schemas['RollbackResult'];

export interface RollbackLists {
  before: Message[];
  after: Message[];
  /** Restored messages in history order. */
  restored: Message[];
  /** Ids the preview names that the history does not hold (should be none). */
  unknown: string[];
  tokens: { before: number; after: number; restored: number; superseded: number };
}

const tokens = (messages: readonly Message[]) => messages.reduce((sum, m) => sum + m.metadata.token_estimate, 0);

export function rollbackLists(history: readonly Message[], preview: Pick<RollbackResult, 'restore_message_ids' | 'supersede_message_ids'>): RollbackLists {
  const restore = new Set(preview.restore_message_ids);
  const supersede = new Set(preview.supersede_message_ids);
  const before: Message[] = [];
  const after: Message[] = [];
  const restored: Message[] = [];
  const gone: Message[] = [];
  const known = new Set<string>();
  for (const m of history) {
    known.add(m.id);
    if (!m.superseded) before.push(m);
    if (restore.has(m.id)) {
      const back = m.superseded ? { ...m, superseded: false, superseded_by: null } : m;
      restored.push(back);
      after.push(back);
    } else if (!m.superseded && !supersede.has(m.id)) {
      after.push(m);
    } else if (!m.superseded) {
      gone.push(m);
    }
  }
  const unknown = [...restore, ...supersede].filter((id) => !known.has(id));
  return {
    before,
    after,
    restored,
    unknown,
    tokens: { before: tokens(before), after: tokens(after), restored: tokens(restored), superseded: tokens(gone) },
  };
}
