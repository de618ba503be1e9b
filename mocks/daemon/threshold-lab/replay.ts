// The threshold lab (POST /sessions/{id}/replay): an agent's recorded history replayed call by
// call under other compaction settings, with what really happened beside it. Deterministic and
// read-only: nothing is stored.
//
// The history is every message the agent holds (superseded ones included, the daemon's own
// compaction summaries left out), with the sizes the store gave them (calibrated on recorded usage
// for imported transcripts). Before each assistant message (one LLM call) the harness runs as in
// live/simulation.ts: the pruning pre-pass and the estimate, compaction past the upper threshold with
// the setting's strategy (a checkpoint counts as approved: the proposal is applied), and the
// reactive retry when the list still exceeds the window. The simulated plugins behave as they did
// at the same point of the seeded run (pluginSeed), so a replay under the agent's own settings
// reproduces the events the simulator recorded for it.

import type { CompactionOutcome } from '../../engine/engine-types';
import { tokenLimits } from '../../../src/domain/accounting/thresholds';
import { estimateTokens, messageTokens } from '../../engine/estimate';
import { computePins } from '../../engine/pins';
import { runCompaction } from '../../engine/pipeline';
import { pruneToolOutputs } from '../../engine/prune';
import { messageReferences } from '../../engine/references';
import { HarmTracker } from './replay-harm';
import { apply, eventOf, recordedCompactionOutcome, recordedEvent } from './replay-events';
import { errorFigures } from '../../importers/token-profile';
import type { Store } from '../../store/store';
import type { AgentState, CompactionRecord, Message, RecordedCompaction, Schemas, SessionState } from '../../store/types';
import { engineInput } from '../compaction/compaction-input';
import { requireAgent, requireSession } from '../read-models/lookups';
import { checkConfigDraft } from '../settings/config';
import { unflattenConfig } from '../../../src/domain/knobs/inheritance';
import { DaemonError } from '../errors';
import { RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import { windowOf } from '../settings/model-windows';
import { fixedTokensOf } from '../read-models/views';

type Values = Schemas['CompactionConfigValues'];
type ReplayRequest = Schemas['ReplayRequest'];
type ReplayResult = Schemas['ReplayResult'];
type ReplayRun = Schemas['ReplayRun'];
type ReplayEvent = Schemas['ReplayEvent'];

/** The agent's own history: every message but the daemon's compaction summaries, as it was before any compaction. */
export function recordedHistory(agent: AgentState): Message[] {
  return agent.messages
    .filter((m) => m.metadata.kind !== 'compaction_summary')
    .map((m) => ({ ...m, superseded: false, superseded_by: null, pin: null }));
}

/** The effective values of a setting (its `set` over the agent's effective config), or a 400 naming the field. */
function settingValues(session: SessionState, agent: AgentState, set: Record<string, unknown>, index: number): Values {
  const result = checkConfigDraft(session, agent, { set, unset: [] });
  const first = result.errors[0];
  if (first) {
    throw new DaemonError(400, 'invalid_request', `settings[${index}].set.${first.key}: ${first.message}`, { field: `settings/${index}/set/${first.key}`, errors: result.errors });
  }
  return unflattenConfig(result.after);
}

interface Context {
  store: Store;
  session: SessionState;
  agent: AgentState;
  history: Message[];
  /** A recorded compaction by the message that follows it, with its record (its figures are the ledger's). */
  recordedAt: Map<string, { rc: RecordedCompaction; record: CompactionRecord }>;
  includeRecorded: boolean;
  refs: (m: Message) => string[];
}

function runSetting(ctx: Context, label: string | null, set: Record<string, unknown>, values: Values): ReplayRun {
  const { session, agent, history } = ctx;
  const window = windowOf(ctx.store, agent);
  const fixed = fixedTokensOf(agent);
  const limits = tokenLimits(window.tokens, values.upper_threshold, values.lower_threshold);
  const pruneFloor = values.prune.protect_tokens + values.prune.minimum_savings;
  const harm = new HarmTracker(ctx.refs);
  const events: ReplayEvent[] = [];
  const fill: number[] = [];
  let active: Message[] = [];
  let sum = 0;
  let failed = 0;
  let overflow = 0;
  let turn = -1;

  /** The harness's estimate of the active list: pruned (never the always-keep set) + base + reserved output. */
  const estimate = (): number => {
    if (sum < pruneFloor) return fixed + sum; // pruning cannot save minimum_savings: nothing to prune
    const pinned = computePins(active, values.always_keep).messages;
    return estimateTokens(pruneToolOutputs(pinned, values.prune, (m) => m.pin !== null).messages, fixed);
  };
  const recount = () => {
    sum = active.reduce((n, m) => n + messageTokens(m), 0);
  };
  const compact = (m: Message, historyCount: number, trigger: 'threshold_crossed' | 'provider_overflow_retry'): void => {
    const ids = { compactionId: `replay_${turn}_${trigger}`, runId: `replay_${turn}`, summaryMessageId: `replay:${turn}`, now: m.created_at };
    const input = engineInput(ctx.store, session, agent, values, active, ids, `${session.id}:${agent.agent_path}:${historyCount}`);
    const outcome: CompactionOutcome = runCompaction({ ...input, trigger, dryRun: false });
    const compacted = outcome.kind === 'compacted' ? outcome : outcome.kind === 'pending' ? outcome.proposal : null;
    if (outcome.kind === 'failed') failed += 1;
    if (!compacted) return;
    const next = apply(active, compacted);
    harm.compacted(turn, next.gone, next.active, compacted.summary_message?.content ?? null);
    active = next.active;
    recount();
    events.push(eventOf(turn, m, compacted, outcome.kind === 'pending'));
  };

  history.forEach((m, historyCount) => {
    const recorded = ctx.includeRecorded ? ctx.recordedAt.get(m.id) : undefined;
    if (recorded) {
      const next = recordedCompactionOutcome(active, values, recorded.rc, recorded.record, m);
      harm.compacted(Math.max(0, turn), next.gone, next.active, recorded.rc.summary);
      active = next.active;
      recount();
      // As the ledger records it: the same record, the same figures.
      events.push({ ...recordedEvent(turn + 1, recorded.record), message_id: m.id, superseded_count: next.gone.length, superseded_ids: next.gone.map((g) => g.id) });
    }
    if (m.role === 'assistant') {
      turn += 1;
      // Same fast path as the daemon: below the upper threshold unpruned, nothing fires.
      if (fixed + sum >= limits.upper) compact(m, historyCount, 'threshold_crossed');
      let now = estimate();
      if (now > window.tokens) {
        compact(m, historyCount, 'provider_overflow_retry');
        now = estimate();
        if (now > window.tokens) overflow += 1;
      }
      fill.push(now);
    }
    harm.mentioned(Math.max(0, turn), m);
    active.push(m);
    sum += messageTokens(m);
  });

  const sent = fill.map((f) => Math.max(0, f - RESERVED_OUTPUT_TOKENS));
  const peak = fill.reduce((a, b) => Math.max(a, b), 0);
  return {
    label,
    set,
    config: values,
    upper_tokens: limits.upper,
    lower_tokens: limits.target,
    fill_tokens: fill,
    sent_tokens: sent,
    events,
    totals: {
      compactions: events.length,
      failed_compactions: failed,
      awaiting_approval: events.filter((e) => e.awaiting_approval).length,
      overflow_turns: overflow,
      peak_tokens: peak,
      peak_fill: window.tokens > 0 ? peak / window.tokens : 0,
      input_tokens_total: sent.reduce((a, b) => a + b, 0),
      compactor_cost_usd: Math.round(events.reduce((n, e) => n + e.cost_usd, 0) * 1e8) / 1e8,
      harm: harm.result(),
    },
  };
}

/** What really happened: the recorded context per call, the recorded compactions, and the estimator's error beside it. */
function recordedRun(ctx: Context, turnIds: readonly string[]): Schemas['ReplayRecorded'] | null {
  const rec = ctx.agent.recorded;
  if (!rec || (rec.turns.length === 0 && rec.compactions.length === 0)) return null;
  const window = windowOf(ctx.store, ctx.agent).tokens;
  const byId = new Map(rec.turns.map((t) => [t.message_id, t]));
  const sent = turnIds.map((id) => byId.get(id)?.recorded ?? null);
  const position = new Map(ctx.history.map((m, i) => [m.id, i]));
  const turnOfMessage = ctx.history.map(() => 0);
  let t = 0;
  ctx.history.forEach((m, i) => {
    turnOfMessage[i] = t;
    if (m.role === 'assistant') t += 1;
  });
  const events = [...ctx.recordedAt.values()].flatMap(({ rc, record }) => {
    const at = rc.before_message_id === null ? undefined : position.get(rc.before_message_id);
    if (at === undefined) return [];
    const e = recordedEvent(turnOfMessage[at] ?? 0, record);
    return [{ turn: e.turn, compaction_id: record.id, trigger: rc.trigger, tokens_before: e.tokens_before, tokens_after: e.tokens_after, summary_tokens: e.summary_tokens ?? 0, cost_usd: e.cost_usd, reread_after: record.reread_after ? { ...record.reread_after.adjusted } : null }];
  });
  // Harm as it really happened: a boundary takes everything before it out, the summary stays.
  const harm = new HarmTracker(ctx.refs);
  let context: Message[] = [];
  let turn = -1;
  for (const m of ctx.history) {
    const c = ctx.recordedAt.get(m.id);
    if (c) {
      harm.compacted(Math.max(0, turn), context, [], c.rc.summary);
      context = [];
    }
    if (m.role === 'assistant') turn += 1;
    harm.mentioned(Math.max(0, turn), m);
    context.push(m);
  }
  const known = sent.filter((x): x is number => x !== null);
  const peak = known.reduce((a, b) => Math.max(a, b), 0);
  const later = rec.turns.slice(1);
  const est = errorFigures(later.map((x) => ({ estimate: x.estimate, recorded: x.recorded })));
  const content = errorFigures(later.map((x) => ({ estimate: x.content_estimate, recorded: x.recorded })));
  return {
    sent_tokens: sent,
    events,
    totals: {
      compactions: events.length,
      failed_compactions: 0,
      awaiting_approval: 0,
      overflow_turns: 0,
      peak_tokens: peak,
      peak_fill: window > 0 ? peak / window : 0,
      input_tokens_total: known.reduce((a, b) => a + b, 0),
      compactor_cost_usd: events.reduce((n, e) => n + (e.cost_usd ?? 0), 0),
      harm: harm.result(),
    },
    estimate_error: { calls: est.count, median: est.median, p90: est.p90, content_median: content.median, content_p90: content.p90 },
  };
}

/** POST /sessions/{id}/replay */
export function replaySession(store: Store, sessionId: string, request: ReplayRequest): ReplayResult {
  const session = requireSession(store, sessionId);
  const agent = requireAgent(store, session, request.agent_path);
  const values = request.settings.map((s, i) => settingValues(session, agent, s.set, i));
  const history = recordedHistory(agent);
  // By message, or by text for a message without tool calls (a generated history repeats its texts).
  const byMessage = new Map<string, string[]>();
  const byText = new Map<string, string[]>();
  const refs = (m: Message): string[] => {
    const [cache, key] = m.tool_calls.length === 0 ? [byText, m.content] : [byMessage, m.id];
    let r = cache.get(key);
    if (!r) {
      r = messageReferences(m);
      cache.set(key, r);
    }
    return r;
  };
  const recordedAt = new Map(
    (agent.recorded?.compactions ?? []).flatMap((rc) => {
      const record = store.compaction(rc.compaction_id);
      return rc.before_message_id && record ? [[rc.before_message_id, { rc, record }] as const] : [];
    }),
  );
  const ctx: Context = { store, session, agent, history, recordedAt, includeRecorded: request.include_recorded_compactions ?? false, refs };
  const calls = history.filter((m) => m.role === 'assistant');
  const recordedTurns = new Map((agent.recorded?.turns ?? []).map((t) => [t.message_id, t]));
  return {
    session_id: session.id,
    agent_path: agent.agent_path,
    window: windowOf(store, agent),
    base_tokens: agent.base_tokens ?? 0,
    reserved_output_tokens: RESERVED_OUTPUT_TOKENS,
    history_messages: history.length,
    turns: calls.map((m, turn) => ({
      turn,
      message_id: m.id,
      at: m.created_at,
      recorded_tokens: recordedTurns.get(m.id)?.recorded ?? null,
      estimate_tokens: recordedTurns.get(m.id)?.estimate ?? null,
    })),
    runs: request.settings.map((s, i) => runSetting(ctx, s.label ?? null, s.set, values[i] as Values)),
    recorded: recordedRun(ctx, calls.map((m) => m.id)),
  };
}
