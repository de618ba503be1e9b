import { applyCompaction, commitProposal } from '../engine/apply';
import { computePins } from '../engine/pins';
import { prunedSizes, pruneToolOutputs } from '../engine/prune';
import { runCompaction } from '../engine/pipeline';
import { applyRollback, computeRollback } from '../engine/rollback';
import type { CompactedOutcome, CompactionInput, CompactionOutcome, ObserverPlugin } from '../engine/engine-types';
import { resolveCompactionConfig } from '../engine/defaults';
import { findPlugin } from '../store/plugin-catalog';
import { createRng, hashSeed } from '../store/prng';
import type { Store } from '../store/store';
import type {
  AgentState,
  Checkpoint,
  CompactionRecord,
  CompactRequest,
  CompactResult,
  Message,
  Schemas,
  SessionState,
} from '../store/types';
import { effectiveConfig, valuesWithDraft } from './config';
import { delegateTrigger, simulatedCompactor, summarizerSpec } from './plugin-behaviour';
import { DaemonError, notFound } from './errors';
import { RESERVED_OUTPUT_TOKENS } from '../../src/domain/accounting/context';
import { windowOf } from './model-windows';
import { activeMessages, estimatePartsOf, historyLength, toSummary } from './views';

type Trigger = Schemas['Trigger'];
type Values = Schemas['CompactionConfigValues'];

export function requireSession(store: Store, sessionId: string): SessionState {
  const session = store.session(sessionId);
  if (!session) throw notFound('session', sessionId);
  return session;
}

export function requireAgent(store: Store, session: SessionState, agentPath: string): AgentState {
  const agent = store.agent(session, agentPath);
  if (!agent) throw notFound('agent', agentPath);
  return agent;
}

/** The agent's config with a manual compaction's per-invocation overrides (amendment 9); nothing is stored. */
export function invocationConfig(values: Values, request: Omit<CompactRequest, 'agent_path'>): Values {
  const merged: Values = {
    ...values,
    ...resolveCompactionConfig(
      {
        strategy: request.strategy,
        upper_threshold: request.upper_threshold,
        lower_threshold: request.lower_threshold,
        summarize: {
          ...(request.summarize === undefined ? {} : { enabled: request.summarize }),
          ...(request.prompt === undefined ? {} : { prompt: request.prompt }),
        },
        delegate: request.delegate_plugin === undefined ? {} : { plugin: request.delegate_plugin },
        checkpoint: request.checkpoint_sub_strategy === undefined ? {} : { sub_strategy: request.checkpoint_sub_strategy },
      },
      values,
    ),
  };
  if (merged.lower_threshold >= merged.upper_threshold) {
    throw new DaemonError(400, 'invalid_request', 'lower_threshold must be below upper_threshold', {
      field: 'lower_threshold',
      upper_threshold: merged.upper_threshold,
      lower_threshold: merged.lower_threshold,
    });
  }
  return merged;
}

/** The simulated observer plugins of an agent, with deterministic timings per compaction event. */
function observersFor(agent: AgentState, values: Values, seed: string, messages: readonly Message[]): ObserverPlugin[] {
  const rng = createRng(hashSeed(seed));
  return agent.plugins.flatMap((name): ObserverPlugin[] => {
    // A plugin whose manifest is malformed is not loaded: its hooks never fire.
    const plugin = findPlugin(name);
    if (!plugin?.loaded || !plugin.check.roles.includes('observer')) return [];
    const manifest = plugin.check;
    const knobs = values.plugin_knobs[name] ?? {};
    const fails = rng.chance(0.04);
    const hooks = manifest.hooks.filter((h): h is 'pre_compact' | 'post_compact' => h === 'pre_compact' || h === 'post_compact');
    if (name === 'hindsight') {
      return [{ name, hooks, durationMs: rng.int(40, 420), result: fails ? 'error' : knobs.inject_on_compact === false ? 'retain' : 'inject', retainIds: [], injectText: `${String(knobs.retain_top_k ?? 12)} facts retained` }];
    }
    if (name === 'guard-rails') {
      const marker = typeof knobs.marker === 'string' && knobs.marker ? knobs.marker : 'MUST';
      const retainIds = messages.filter((m) => m.role === 'user' && m.content.includes(marker)).map((m) => m.id);
      return [{ name, hooks, durationMs: rng.int(1, 9), result: fails ? 'error' : retainIds.length > 0 ? 'retain' : 'null', retainIds }];
    }
    return [{ name, hooks, durationMs: rng.int(2, 35), result: fails ? 'error' : 'null' }];
  });
}

/** The agent's effective values with the request's unsaved values (pending) and per-invocation overrides. */
export function requestValues(session: SessionState, agent: AgentState, request: Omit<CompactRequest, 'agent_path'>): Values {
  return invocationConfig(valuesWithDraft(session, agent, request.pending), request);
}

export interface RunOptions {
  trigger: Trigger;
  request: Omit<CompactRequest, 'agent_path'>;
  dryRun: boolean;
}

/**
 * What the simulated plugins do at one point of an agent's history (durations, failures): seeded by
 * the point (session, agent, messages so far), never by the event's id, so a dry run previews
 * exactly what a commit at the same point does and a replay reproduces the recorded events.
 */
export function pluginSeed(session: SessionState, agent: AgentState): string {
  return `${session.id}:${agent.agent_path}:${historyLength(agent)}`;
}

/** The engine's input for one agent's current active list, with this invocation's overrides. */
export function pipelineInput(store: Store, session: SessionState, agent: AgentState, opts: Pick<RunOptions, 'request' | 'dryRun'>): Omit<CompactionInput, 'trigger' | 'dryRun'> {
  const values = requestValues(session, agent, opts.request);
  const compactionId = opts.dryRun ? `dry_${session.id}_${session.run_seq}` : store.nextId('cmp');
  return engineInput(store, session, agent, values, activeMessages(agent), {
    compactionId,
    runId: `run_${session.id}_${session.run_seq}`,
    summaryMessageId: `${compactionId}_summary`,
    now: store.nowIso(),
  });
}

/** The engine's input for `messages` of an agent under `values` (shared by the daemon and the replay). */
export function engineInput(store: Store, session: SessionState, agent: AgentState, values: Values, messages: Message[], ids: CompactionInput['ids'], seed = pluginSeed(session, agent)): Omit<CompactionInput, 'trigger' | 'dryRun'> {
  const window = windowOf(store, agent);
  return {
    messages,
    config: values,
    window,
    triggerTokens: delegateTrigger(values, agent, window.tokens),
    reservedOutput: RESERVED_OUTPUT_TOKENS,
    baseTokens: agent.base_tokens ?? 0,
    ids,
    observers: observersFor(agent, values, seed, messages),
    compactor: simulatedCompactor(session, agent, values, seed),
    summarizer: { ...summarizerSpec(values.summarize.model, agent), fail: agent.summarizer_fails },
    sessionId: session.id,
    agentPath: agent.agent_path,
  };
}

/** Runs the compaction pipeline for one agent against its current active list. Changes nothing. */
export function runPipeline(store: Store, session: SessionState, agent: AgentState, opts: RunOptions): CompactionOutcome {
  return runCompaction({ ...pipelineInput(store, session, agent, opts), trigger: opts.trigger, dryRun: opts.dryRun });
}

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

function touch(store: Store, session: SessionState): void {
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
  touch(store, session);
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
  touch(store, session);
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

function remember<T>(store: Store, key: string | null, compute: () => T): T {
  if (key === null) return compute();
  if (store.idempotency.has(key)) return store.idempotency.get(key) as T;
  const result = compute();
  store.idempotency.set(key, result);
  return result;
}

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

/** The proposal as the diff shows it: the active list, superseded where proposed, with the summary in place. */
function proposedList(active: readonly Message[], outcome: CompactedOutcome): Message[] {
  return reindex(applyCompaction(active, outcome));
}

/** A proposal in the dry-run shape: the record, and the agent's active list with the proposal applied. */
function proposalView(session: SessionState, agent: AgentState, compacted: CompactedOutcome, overrides: Omit<CompactRequest, 'agent_path'>, strategy: Schemas['Strategy']): Schemas['DryRunResult'] {
  const values = requestValues(session, agent, overrides);
  const active = computePins(activeMessages(agent), values.always_keep).messages;
  // The pruning pre-pass the engine ran first (the same pure step): shown, so the figures add up.
  const pruned = prunedSizes(active, pruneToolOutputs(active, values.prune, (m) => m.pin !== null));
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
  const outcome = runPipeline(store, session, agent, { trigger: 'operator_manual', request: overrides, dryRun: true });
  const compacted = outcome.kind === 'pending' ? outcome.proposal : outcome.kind === 'compacted' ? outcome : null;
  if (!compacted) throw new DaemonError(500, 'dry_run_failed', `The dry run produced no proposal (${outcome.kind}).`);
  return proposalView(session, agent, compacted, overrides, outcome.kind === 'pending' ? 'checkpoint' : compacted.record.strategy);
}

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

function requireCheckpoint(session: SessionState, checkpointId: string): Checkpoint {
  const checkpoint = session.checkpoints.find((c) => c.id === checkpointId);
  if (!checkpoint) throw notFound('checkpoint', checkpointId);
  return checkpoint;
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
    touch(store, session);
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
    touch(store, session);
    return result;
  });
}
