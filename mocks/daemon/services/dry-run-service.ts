import type { Store } from '../../store/store';
import type { CompactRequest, Schemas } from '../../store/types';
import { wholeFigures } from '../../../src/domain/diff/proposal-figures';
import { DaemonError, notFound } from '../errors';
import { encodeCursor, paginate, parseLimit } from '../read-models/queries';
import { requireSession } from '../read-models/lookups';
import { dryRun } from './compaction-service';

/** The cursor query of a kept proposal's list. */
const listQuery = (proposalId: string) => `dry-run|${proposalId}`;

/** ?first=: a whole number from 1 to 1000, or absent (the whole list). */
export function parseFirst(raw: string | null): number | null {
  if (raw === null) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new DaemonError(400, 'invalid_request', 'first must be a whole number from 1 to 1000', { field: 'first' });
  return n;
}

/**
 * POST /sessions/{id}/compactions/dry-run[?first=N]: the proposal, never persisted, kept a while by
 * its proposal_id. With first, only its first N messages with their entries of the lists about
 * messages (pruned, the record's superseded ids), the whole proposal's figures and where the rest
 * starts: the rest is read from this same proposal, so a strategy that calls a model or a plugin's
 * hooks runs once per preview.
 */
export function answerDryRun(store: Store, sessionId: string, request: CompactRequest, first: number | null): Schemas['DryRunResult'] {
  const result = dryRun(store, sessionId, request);
  const proposalId = store.dryRunProposals.keep(sessionId, result.messages, result.pruned);
  const total = result.messages.length;
  if (first === null || first >= total) return { ...result, proposal_id: proposalId, messages_total: total, messages_next_cursor: null };
  const messages = result.messages.slice(0, first);
  const answered = new Set(messages.map((m) => m.id));
  return {
    ...result,
    record: { ...result.record, superseded_message_ids: result.record.superseded_message_ids.filter((id) => answered.has(id)) },
    messages,
    ...(result.pruned ? { pruned: result.pruned.filter((p) => answered.has(p.message_id)) } : {}),
    proposal_id: proposalId,
    messages_total: total,
    messages_next_cursor: encodeCursor(first, listQuery(proposalId)),
    figures: wholeFigures(result),
  };
}

/** GET /sessions/{id}/compactions/dry-run/{proposal_id}/messages: a kept proposal's list, a page at a time, with its pages' pruned entries. */
export function proposalMessages(store: Store, sessionId: string, proposalId: string, query: URLSearchParams): Schemas['ProposalMessagePage'] {
  requireSession(store, sessionId);
  const kept = store.dryRunProposals.get(sessionId, proposalId);
  if (kept === 'expired') {
    throw new DaemonError(410, 'proposal_expired', 'This dry-run proposal is no longer kept (a session keeps its latest few): run the preview again.', { proposal_id: proposalId });
  }
  if (kept === null) throw notFound('proposal', proposalId);
  const page = paginate(kept.messages, query.get('cursor'), parseLimit(query.get('limit'), 1000), listQuery(proposalId));
  const pruned: Schemas['PrunedOutput'][] = [];
  for (const m of page.items) {
    const entry = kept.pruned.get(m.id);
    if (entry) pruned.push(entry);
  }
  return { ...page, pruned };
}
