import { commitProposal } from '../../engine/apply';
import { computePins } from '../../engine/pins';
import { prunedSizes, pruneToolOutputs } from '../../engine/prune';
import { applyRollback, computeRollback } from '../../engine/rollback';
import type { Store } from '../../store/store';
import type { AgentState, Checkpoint, CompactResult, Message, Schemas, SessionState } from '../../store/types';
import { effectiveConfig } from '../settings/config';
import { applyCompacted, touchSession } from '../compaction/compaction-commit';
import { requestValues, runPipeline } from '../compaction/compaction-input';
import { proposalView } from './compaction-service';
import { DaemonError } from '../errors';
import { remember } from './idempotent';
import { requireAgent, requireCheckpoint, requireSession } from '../read-models/lookups';
import { activeMessages, estimatePartsOf } from '../read-models/views';

/** GET …/checkpoints/{cid}/proposal: what a waiting checkpoint proposes, exactly as recorded. */
export function checkpointProposal(store: Store, sessionId: string, checkpointId: string): Schemas['DryRunResult'] {
  const session = requireSession(store, sessionId);
  const checkpoint = requireCheckpoint(session, checkpointId);
  const stored = session.proposals[checkpoint.id];
  if (!stored || !checkpoint.proposal) {
    throw new DaemonError(404, 'no_proposal', `Checkpoint ${checkpointId} has no proposal waiting (it may have been resolved).`, { checkpoint_id: checkpointId });
  }
  const agent = requireAgent(store, session, checkpoint.agent_path);
  const { agent_path: _agentPath, dry_run: _dryRun, ...overrides } = checkpoint.proposal.request;
  return proposalView(session, agent, stored.outcome, overrides, 'checkpoint');
}

/** POST …/checkpoints/{cid}/resume: approve, edit or reject a compaction_pending proposal. */
export function resumeCheckpoint(
  store: Store,
  sessionId: string,
  checkpointId: string,
  body: Schemas['ResumeRequest'],
  actor: string,
  idempotencyKey: string | null,
): Schemas['ResumeResult'] {
  return remember(store, idempotencyKey && `resume:${sessionId}:${idempotencyKey}`, () => {
    const session = requireSession(store, sessionId);
    const checkpoint = requireCheckpoint(session, checkpointId);
    if (checkpoint.reason !== 'compaction_pending' || !checkpoint.proposal) {
      throw new DaemonError(409, 'not_pending', `Checkpoint ${checkpointId} has no compaction waiting for approval.`);
    }
    if (checkpoint.resolution !== null) {
      throw new DaemonError(409, 'already_resolved', `Checkpoint ${checkpointId} was already ${checkpoint.resolution}.`, { checkpoint });
    }
    const agent = requireAgent(store, session, checkpoint.agent_path);
    const { agent_path: _agentPath, dry_run: _dryRun, ...proposed } = checkpoint.proposal.request;
    let result: CompactResult | null = null;
    const stored = session.proposals[checkpoint.id];
    if (body.action === 'approve' && stored) {
      // What the reviewer read is what is applied, unless the list moved under it (e.g. a rollback).
      const current = activeMessages(agent).map((m) => m.id);
      if (current.length !== stored.active_ids.length || current.some((id, i) => id !== stored.active_ids[i])) {
        throw new DaemonError(409, 'proposal_stale', `The messages of ${agent.agent_path} changed since checkpoint ${checkpointId} proposed this compaction; edit and preview again.`);
      }
      const record = applyCompacted(store, session, agent, commitProposal(stored.outcome), actor, 'checkpoint');
      result = { outcome: 'completed', record, reason: record.fallback_reason, checkpoint_id: checkpoint.id };
    } else if (body.action !== 'reject') {
      const request = body.action === 'edit' ? { ...proposed, ...body.overrides } : proposed;
      // The sub-strategy the proposal was made with (its request's, else the agent's).
      const sub = requestValues(session, agent, request).checkpoint.sub_strategy;
      const strategy = request.strategy === undefined || request.strategy === 'checkpoint' ? sub : request.strategy;
      const outcome = runPipeline(store, session, agent, { trigger: checkpoint.proposal.record.trigger, request: { ...request, strategy }, dryRun: false });
      if (outcome.kind === 'compacted') {
        const record = applyCompacted(store, session, agent, outcome, actor, 'checkpoint');
        result = { outcome: 'completed', record, reason: record.fallback_reason, checkpoint_id: checkpoint.id };
      } else {
        result = { outcome: outcome.kind === 'failed' ? 'failed' : 'noop', record: null, reason: 'reason' in outcome ? outcome.reason : 'nothing to compact', checkpoint_id: checkpoint.id };
      }
    }
    const resolved: Checkpoint = {
      ...checkpoint,
      resolution: body.action === 'approve' ? 'approved' : body.action === 'edit' ? 'edited' : 'rejected',
      resumed_at: store.nowIso(),
    };
    session.checkpoints = session.checkpoints.map((c) => (c.id === checkpoint.id ? resolved : c));
    delete session.proposals[checkpoint.id];
    session.pending_checkpoint_id = null;
    session.status = 'idle';
    store.addAudit({
      type: 'compaction.checkpoint_resolved',
      at: resolved.resumed_at as string,
      session_id: session.id,
      run_id: checkpoint.proposal.record.run_id,
      agent_path: agent.agent_path,
      compaction_id: result?.record?.id ?? null,
      actor,
      data: { checkpoint_id: checkpoint.id, action: body.action, overrides: body.overrides ?? null, outcome: result?.outcome ?? null },
    });
    store.publish('checkpoint.resolved', session.id, { checkpoint: resolved });
    touchSession(store, session);
    return { checkpoint: resolved, result };
  });
}

/** The pruning pre-pass over an agent's active list after a rollback (as estimateOf runs it). */
function rollbackPruned(session: SessionState, agent: AgentState, messages: readonly Message[]): NonNullable<Schemas['RollbackResult']['pruned']> {
  const { prune, always_keep } = effectiveConfig(session, agent).values;
  const active = computePins(messages.filter((m) => !m.superseded), always_keep).messages;
  return prunedSizes(active, pruneToolOutputs(active, prune, (m) => m.pin !== null));
}

/** POST …/checkpoints/{cid}/rollback: undo the compaction after this checkpoint and every later one of the agent. */
export function rollbackCheckpoint(
  store: Store,
  sessionId: string,
  checkpointId: string,
  dryRunOnly: boolean,
  actor: string,
  idempotencyKey: string | null,
): Schemas['RollbackResult'] {
  const key = dryRunOnly ? null : idempotencyKey && `rollback:${sessionId}:${idempotencyKey}`;
  return remember(store, key, () => {
    const session = requireSession(store, sessionId);
    const checkpoint = requireCheckpoint(session, checkpointId);
    if (checkpoint.rolled_back) throw new DaemonError(409, 'already_rolled_back', `Checkpoint ${checkpointId} was already rolled back to.`);
    const agent = requireAgent(store, session, checkpoint.agent_path);
    const from = checkpoint.compaction_id ? session.compactions.findIndex((r) => r.id === checkpoint.compaction_id) : -1;
    if (from < 0) throw new DaemonError(409, 'nothing_to_roll_back', `Checkpoint ${checkpointId} precedes no compaction.`);
    const records = session.compactions.slice(from).filter((r) => r.agent_path === agent.agent_path && !r.rolled_back);
    const cursorIndex = agent.messages.findIndex((m) => m.id === checkpoint.message_cursor);
    const plan = computeRollback(agent.messages, records, cursorIndex);
    const rolledBack = applyRollback(agent.messages, plan, `rollback:${checkpoint.id}`);
    const result: Schemas['RollbackResult'] = {
      dry_run: dryRunOnly,
      checkpoint_id: checkpoint.id,
      restore_message_ids: plan.restore_ids,
      supersede_message_ids: plan.supersede_ids,
      rolled_back_compaction_ids: records.map((r) => r.id),
      // The agent's estimate now and once rolled back, in the parts the session header adds up.
      estimate_before: estimatePartsOf(session, agent),
      estimate_after: estimatePartsOf(session, agent, rolledBack),
    };
    if (dryRunOnly) {
      // What the pruning pre-pass would shorten in the list after the rollback: shown, so the figures add up.
      const pruned = rollbackPruned(session, agent, rolledBack);
      return pruned.length > 0 ? { ...result, pruned } : result;
    }
    agent.messages = rolledBack;
    for (const r of records) store.replaceCompaction(session, { ...r, rolled_back: true, version: r.version + 1 });
    session.checkpoints = session.checkpoints.map((c) => (c.id === checkpoint.id ? { ...c, rolled_back: true } : c));
    store.addAudit({
      type: 'compaction.rolled_back',
      at: store.nowIso(),
      session_id: session.id,
      run_id: null,
      agent_path: agent.agent_path,
      compaction_id: checkpoint.compaction_id,
      actor,
      data: { checkpoint_id: checkpoint.id, compaction_ids: result.rolled_back_compaction_ids, restored: plan.restore_ids.length, superseded: plan.supersede_ids.length },
    });
    store.publish('compaction.rolled_back', session.id, { checkpoint_id: checkpoint.id, compaction_ids: result.rolled_back_compaction_ids });
    touchSession(store, session);
    return result;
  });
}
