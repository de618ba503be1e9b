// Persisting a compaction into an agent's full message store (superseded flags + summary),
// and committing a checkpoint's approved proposal.

import type { CompactedOutcome } from './engine-types';
import type { Message } from './types';

/**
 * All of an agent's messages (superseded included) after the compaction: superseded ids get
 * superseded = true and superseded_by = the compaction id; the summary message is inserted
 * just before the first message it replaces. New objects for changed messages only.
 */
export function applyCompaction(
  all: readonly Message[],
  outcome: Pick<CompactedOutcome, 'record' | 'superseded_ids' | 'summary_message'>,
): Message[] {
  const gone = new Set(outcome.superseded_ids);
  const out: Message[] = [];
  // Idempotent: a summary already in the store is not inserted twice.
  let placed = outcome.summary_message === null || all.some((m) => m.id === outcome.summary_message?.id);
  for (const m of all) {
    if (!placed && gone.has(m.id) && outcome.summary_message) {
      out.push(outcome.summary_message);
      placed = true;
    }
    out.push(gone.has(m.id) ? { ...m, superseded: true, superseded_by: outcome.record.id } : m);
  }
  if (!placed && outcome.summary_message) out.push(outcome.summary_message);
  return out;
}

/** The active (model-visible) list of a full store. */
export function activeMessages(all: readonly Message[]): Message[] {
  return all.filter((m) => !m.superseded);
}

/** An approved checkpoint proposal, committed: the record and its audit drafts are no longer a dry run. */
export function commitProposal(proposal: CompactedOutcome): CompactedOutcome {
  return {
    ...proposal,
    record: { ...proposal.record, dry_run: false },
    audit: proposal.audit.map((a) => ({ ...a, data: { ...a.data, dry_run: false } })),
  };
}
