import { applyCompaction } from '../../engine/apply';
import type { CompactedOutcome, CompactionOutcome } from '../../engine/engine-types';
import type { Store } from '../../store/store';
import type { AgentState, Checkpoint, CompactionRecord, CompactRequest, CompactResult, Message, Schemas, SessionState } from '../../store/types';
import { activeMessages, toSummary } from '../read-models/views';

/** Renumbers `index` after a summary was inserted; ids never change. */
export function reindex(messages: readonly Message[]): Message[] {
  return messages.map((m, i) => (m.index === i ? m : { ...m, index: i }));
}

function recordAudit(store: Store, session: SessionState, agent: AgentState, outcome: CompactionOutcome, actor: string, compactionId: string | null): void {
  for (const draft of outcome.audit) {
    store.addAudit({
      type: draft.type,
      at: store.nowIso(),
      session_id: session.id,
      run_id: `run_${session.id}_${session.run_seq}`,
      agent_path: agent.agent_path,
      compaction_id: compactionId,
      actor,
      data: draft.data,
    });
  }
}

export function touchSession(store: Store, session: SessionState): void {
  session.updated_at = store.nowIso();
  store.publish('session.updated', session.id, { session: toSummary(store, session) });
}

/** Commits a compacted outcome: supersedes, places the summary, persists the record, checkpoints for rollback. */
export function applyCompacted(
  store: Store,
  session: SessionState,
  agent: AgentState,
  outcome: CompactedOutcome,
  actor: string,
  strategyLabel?: Schemas['Strategy'],
): CompactionRecord {
  const record: CompactionRecord = { ...outcome.record, dry_run: false, ...(strategyLabel ? { strategy: strategyLabel } : {}) };
  const before = activeMessages(agent);
  const checkpoint: Checkpoint = {
    id: store.nextId('chk'),
    session_id: session.id,
    agent_path: agent.agent_path,
    reason: 'pre_compaction',
    created_at: record.created_at,
    created_by: 'harness',
    message_cursor: before[before.length - 1]?.id ?? null,
    compaction_id: record.id,
    proposal: null,
    resumed_at: null,
    resolution: null,
    rolled_back: false,
  };
  session.checkpoints.push(checkpoint);
  agent.messages = reindex(applyCompaction(agent.messages, { ...outcome, record }));
  store.addCompaction(session, record);
  recordAudit(store, session, agent, outcome, actor, record.id);
  store.publish('compaction.completed', session.id, { record });
  touchSession(store, session);
  return record;
}

function pendingCheckpoint(
  store: Store,
  session: SessionState,
  agent: AgentState,
  proposal: CompactedOutcome,
  request: CompactRequest,
  actor: string,
): Checkpoint {
  const checkpoint: Checkpoint = {
    id: store.nextId('chk'),
    session_id: session.id,
    agent_path: agent.agent_path,
    reason: 'compaction_pending',
    created_at: store.nowIso(),
    created_by: 'harness',
    message_cursor: activeMessages(agent).at(-1)?.id ?? null,
    compaction_id: null,
    proposal: { request, record: { ...proposal.record, strategy: 'checkpoint' } },
    resumed_at: null,
    resolution: null,
    rolled_back: false,
  };
  session.checkpoints.push(checkpoint);
  session.proposals[checkpoint.id] = { outcome: proposal, active_ids: activeMessages(agent).map((m) => m.id) };
  session.status = 'paused';
  session.pending_checkpoint_id = checkpoint.id;
  store.addAudit({
    type: 'compaction.checkpoint_created',
    at: checkpoint.created_at,
    session_id: session.id,
    run_id: `run_${session.id}_${session.run_seq}`,
    agent_path: agent.agent_path,
    compaction_id: null,
    actor,
    data: { checkpoint_id: checkpoint.id, reason: 'compaction_pending', proposed_strategy: proposal.record.strategy, threshold_estimate: proposal.record.threshold_estimate },
  });
  store.publish('checkpoint.created', session.id, { checkpoint });
  touchSession(store, session);
  return checkpoint;
}

/**
 * Commits what the pipeline decided. Noop and failed outcomes are audited and published;
 * nothing is superseded for them.
 */
export function commitOutcome(
  store: Store,
  session: SessionState,
  agent: AgentState,
  outcome: CompactionOutcome,
  request: Omit<CompactRequest, 'agent_path'>,
  actor: string,
): CompactResult {
  switch (outcome.kind) {
    case 'compacted': {
      const record = applyCompacted(store, session, agent, outcome, actor);
      return { outcome: 'completed', record, reason: record.fallback_reason, checkpoint_id: null };
    }
    case 'pending': {
      const checkpoint = pendingCheckpoint(store, session, agent, outcome.proposal, { agent_path: agent.agent_path, ...request }, actor);
      return { outcome: 'pending_checkpoint', record: null, reason: 'The checkpoint strategy waits for an operator to approve the proposal.', checkpoint_id: checkpoint.id };
    }
    case 'noop': {
      recordAudit(store, session, agent, outcome, actor, null);
      store.publish('compaction.noop', session.id, { agent_path: agent.agent_path, strategy: outcome.strategy, reason: outcome.reason, detail: outcome.detail });
      return { outcome: 'noop', record: null, reason: `${outcome.reason}: ${outcome.detail}`, checkpoint_id: null };
    }
    case 'failed': {
      recordAudit(store, session, agent, outcome, actor, null);
      store.publish('compaction.failed', session.id, { agent_path: agent.agent_path, strategy: outcome.strategy, reason: outcome.reason });
      return { outcome: 'failed', record: null, reason: outcome.reason, checkpoint_id: null };
    }
    case 'not_triggered':
      return { outcome: 'noop', record: null, reason: `below the upper threshold (${outcome.estimate} of ${outcome.upper_limit} tokens)`, checkpoint_id: null };
  }
}
