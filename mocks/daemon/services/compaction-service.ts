import { computePins } from '../../engine/pins';
import { prunedSizes, pruneToolOutputs } from '../../engine/prune';
import type { CompactedOutcome } from '../../engine/engine-types';
import type { PreparedList } from '../../engine/pipeline';
import type { Store } from '../../store/store';
import type { AgentState, CompactionRecord, CompactRequest, CompactResult, Message, Schemas, SessionState } from '../../store/types';
import { commitOutcome } from '../compaction/compaction-commit';
import { requestValues, runPipeline, runPipelineShowing } from '../compaction/compaction-input';
import { DaemonError, notFound } from '../errors';
import { remember } from './idempotent';
import { requireAgent, requireSession } from '../read-models/lookups';
import { activeMessages } from '../read-models/views';

function assertNotPaused(session: SessionState): void {
  if (session.pending_checkpoint_id) {
    throw new DaemonError(409, 'compaction_pending', 'A compaction proposal is waiting for approval; resolve that checkpoint first.', {
      checkpoint_id: session.pending_checkpoint_id,
    });
  }
}

/** POST /sessions/{id}/compact */
export function manualCompact(store: Store, sessionId: string, request: CompactRequest, actor: string, idempotencyKey: string | null): CompactResult {
  return remember(store, idempotencyKey && `compact:${sessionId}:${idempotencyKey}`, () => {
    const session = requireSession(store, sessionId);
    const agent = requireAgent(store, session, request.agent_path);
    const { agent_path: _agentPath, dry_run, ...overrides } = request;
    if (dry_run) {
      const { record } = dryRun(store, sessionId, request);
      return { outcome: 'completed', record, reason: record.fallback_reason, checkpoint_id: null };
    }
    assertNotPaused(session);
    session.run_seq += 1;
    const outcome = runPipeline(store, session, agent, { trigger: 'operator_manual', request: overrides, dryRun: false });
    return commitOutcome(store, session, agent, outcome, overrides, actor);
  });
}

/**
 * The proposal as the diff shows it: the active list, superseded where proposed, with the summary in
 * place and every index renumbered. What applyCompaction then reindex (compaction-commit.ts) give,
 * made in one pass: each message is copied at most once (a dry run of a long history copies
 * thousands).
 */
export function proposedList(active: readonly Message[], outcome: Pick<CompactedOutcome, 'record' | 'superseded_ids' | 'summary_message'>): Message[] {
  const gone = new Set(outcome.superseded_ids);
  const summary = outcome.summary_message;
  const out: Message[] = [];
  const add = (m: Message, superseded: boolean): void => {
    const index = out.length;
    if (superseded) out.push({ ...m, superseded: true, superseded_by: outcome.record.id, index });
    else out.push(m.index === index ? m : { ...m, index });
  };
  // Idempotent: a summary already in the list is not inserted twice.
  let placed = summary === null || active.some((m) => m.id === summary.id);
  for (const m of active) {
    const superseded = gone.has(m.id);
    if (!placed && superseded && summary) {
      add(summary, false);
      placed = true;
    }
    add(m, superseded);
  }
  if (!placed && summary) add(summary, false);
  return out;
}

/** The agent's active list with its pins and the pruning pass, as the pipeline prepares it under `values`. */
function prepareList(agent: AgentState, values: Schemas['CompactionConfigValues']): PreparedList {
  const pinned = computePins(activeMessages(agent), values.always_keep).messages;
  return { pinned, pruning: pruneToolOutputs(pinned, values.prune, (m) => m.pin !== null) };
}

/**
 * A proposal in the dry-run shape: the record, and the agent's active list with the proposal applied.
 * `prepared` is the list the pipeline ran on, when it just ran (a dry run); else it is made again.
 */
export function proposalView(
  session: SessionState,
  agent: AgentState,
  compacted: CompactedOutcome,
  overrides: Omit<CompactRequest, 'agent_path'>,
  strategy: Schemas['Strategy'],
  prepared: PreparedList = prepareList(agent, requestValues(session, agent, overrides)),
): Schemas['DryRunResult'] {
  const { pinned: active, pruning } = prepared;
  // The pruning pre-pass the engine ran first (the same pure step): shown, so the figures add up.
  const pruned = prunedSizes(active, pruning);
  return {
    record: { ...compacted.record, dry_run: true, strategy },
    before_estimate: compacted.record.threshold_estimate,
    messages: proposedList(active, compacted),
    ...(pruned.length > 0 ? { pruned } : {}),
  };
}

/** POST /sessions/{id}/compactions/dry-run: the proposal, never persisted. */
export function dryRun(store: Store, sessionId: string, request: CompactRequest): Schemas['DryRunResult'] {
  const session = requireSession(store, sessionId);
  const agent = requireAgent(store, session, request.agent_path);
  const { agent_path: _agentPath, dry_run: _dryRun, ...overrides } = request;
  const { outcome, prepared } = runPipelineShowing(store, session, agent, { trigger: 'operator_manual', request: overrides, dryRun: true });
  const compacted = outcome.kind === 'pending' ? outcome.proposal : outcome.kind === 'compacted' ? outcome : null;
  if (!compacted) throw new DaemonError(500, 'dry_run_failed', `The dry run produced no proposal (${outcome.kind}).`);
  return proposalView(session, agent, compacted, overrides, outcome.kind === 'pending' ? 'checkpoint' : compacted.record.strategy, prepared);
}

/** PATCH /sessions/{id}/compactions/{cid}: flag and notes, optimistic on version. */
export function flagCompaction(
  store: Store,
  sessionId: string,
  compactionId: string,
  body: Schemas['FlagRequest'],
  actor: string,
): CompactionRecord {
  const session = requireSession(store, sessionId);
  const record = store.compaction(compactionId);
  if (!record || record.session_id !== sessionId) throw notFound('compaction', compactionId);
  if (body.version !== record.version) {
    throw new DaemonError(409, 'version_conflict', `Compaction ${compactionId} was changed by ${record.flagged_by ?? 'someone else'} since version ${body.version}.`, { current: record });
  }
  const next: CompactionRecord = {
    ...record,
    operator_flag: body.flag === undefined ? record.operator_flag : body.flag,
    operator_notes: body.notes === undefined ? record.operator_notes : body.notes === '' ? null : body.notes,
    flagged_by: actor,
    flagged_at: store.nowIso(),
    version: record.version + 1,
  };
  store.replaceCompaction(session, next);
  store.addAudit({
    type: 'compaction.flagged',
    at: next.flagged_at as string,
    session_id: sessionId,
    run_id: record.run_id,
    agent_path: record.agent_path,
    compaction_id: record.id,
    actor,
    data: { session: sessionId, compaction_id: record.id, flag: next.operator_flag, notes_length: next.operator_notes?.length ?? 0 },
  });
  store.publish('compaction.flagged', sessionId, { record: next });
  return next;
}
