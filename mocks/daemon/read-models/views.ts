import { contextParts, contextTotal, type ContextParts } from '../../../src/domain/accounting/context';
import { addCosts, costTotal, NO_COST, roundUsd, type CostParts } from '../../../src/domain/accounting/cost';
import { messageTokens } from '../../engine/estimate';
import { computePins } from '../../engine/pins';
import { pruneToolOutputs } from '../../engine/prune';
import type { Store } from '../../store/store';
import type { AgentState, CompactionRecord, Message, Schemas, SessionState } from '../../store/types';
import { effectiveConfig } from '../settings/config';
import { agentModel, windowOf } from '../settings/model-windows';

export function activeMessages(agent: AgentState): Message[] {
  return agent.messages.filter((m) => !m.superseded);
}

/** How many messages of the agent's own history it holds: every message but compaction summaries, superseded ones included. */
export function historyLength(agent: AgentState): number {
  let n = 0;
  for (const m of agent.messages) if (m.metadata.kind !== 'compaction_summary') n += 1;
  return n;
}

/**
 * The harness's pre-call estimate in its parts: the active list after the tool-output pruning
 * pre-pass (which never touches the always-keep set), the base the list does not hold (system
 * prompt and tool definitions of an imported transcript), and the reserved output.
 */
export function estimatePartsOf(session: SessionState, agent: AgentState, messages: readonly Message[] = agent.messages): ContextParts {
  const { prune, always_keep } = effectiveConfig(session, agent).values;
  const pinned = computePins(messages.filter((m) => !m.superseded), always_keep).messages;
  let tokens = 0;
  for (const m of pruneToolOutputs(pinned, prune, (x) => x.pin !== null).messages) if (!m.superseded) tokens += messageTokens(m);
  return contextParts(tokens, agent.base_tokens ?? 0);
}

/** The harness's pre-call estimate: messages + base + reserved output. */
export function estimateOf(session: SessionState, agent: AgentState): number {
  return contextTotal(estimatePartsOf(session, agent));
}

/**
 * The sum of the active messages' sizes (no pruning). Remembered per messages array: appends
 * (the array grows) add only the new tail; any compaction or rollback writes a new array and is
 * recounted. A derived cache, never state: an unknown array is simply counted.
 */
const activeSums = new WeakMap<readonly Message[], { length: number; tokens: number }>();

export function activeTokenSum(agent: AgentState): number {
  const list = agent.messages;
  const known = activeSums.get(list);
  let tokens = known && known.length <= list.length ? known.tokens : 0;
  for (let i = known && known.length <= list.length ? known.length : 0; i < list.length; i++) {
    const m = list[i] as Message;
    if (!m.superseded) tokens += m.metadata.token_estimate;
  }
  activeSums.set(list, { length: list.length, tokens });
  return tokens;
}

/** Tokens in every estimate beside the messages: the reserved output and the agent's base (system prompt, tool definitions). */
export function fixedTokensOf(agent: AgentState): number {
  return contextTotal(contextParts(0, agent.base_tokens ?? 0));
}

/** What the agent's own model calls cost: a total the transcript recorded, else its calls priced part by part. */
export function primaryUsdOf(agent: AgentState): number {
  return agent.primary_recorded_usd ?? costTotal(agent.primary_cost);
}

export function costOf(session: SessionState): Schemas['CostBreakdown'] {
  return costFrom(session, compactorCost(session));
}

function compactorCost(session: SessionState): CostParts {
  let parts = NO_COST;
  for (const r of session.compactions) if (r.plugin_cost) parts = addCosts(parts, r.plugin_cost.parts);
  return parts;
}

/** The session's split: a recorded primary total has no parts (only the transcript's total is known). */
function costFrom(session: SessionState, compactor: CostParts): Schemas['CostBreakdown'] {
  const recorded = session.agents.some((a) => a.primary_recorded_usd != null);
  const primary = session.agents.reduce((sum, a) => sum + primaryUsdOf(a), 0);
  const primaryParts = recorded ? null : session.agents.reduce((sum, a) => addCosts(sum, a.primary_cost), NO_COST);
  const compactorUsd = costTotal(compactor);
  return {
    primary_usd: round(primary),
    compactor_usd: round(compactorUsd),
    total_usd: round(primary + compactorUsd),
    primary_parts: primaryParts,
    compactor_parts: compactor,
    primary_source: recorded ? 'recorded' : 'computed',
  };
}

/** The session's records not rolled back, of one agent or of all (a count, without copying 100,000 records). */
function standingCompactions(session: SessionState, agentPath?: string): number {
  let n = 0;
  for (const r of session.compactions) if (!r.rolled_back && (agentPath === undefined || r.agent_path === agentPath)) n += 1;
  return n;
}

const round = (usd: number) => roundUsd(Math.round(usd * 1e6) / 1e6);

/** The largest context a recorded call of the agent was sent, or null without recorded calls. */
function recordedPeak(agent: AgentState): number | null {
  let peak: number | null = null;
  for (const t of agent.recorded?.turns ?? []) if (peak === null || t.recorded > peak) peak = t.recorded;
  return peak;
}

export function toAgent(store: Store, session: SessionState, agent: AgentState): Schemas['Agent'] {
  const { values } = effectiveConfig(session, agent);
  // Messages dropped from memory (resident-sessions.ts): the figures they gave when dropped.
  const held = store.dropped.get(session.id)?.views[agent.agent_path];
  const superseded = held ? held.superseded_count : agent.messages.filter((m) => m.superseded).length;
  const parts = held ? held.estimate_parts : estimatePartsOf(session, agent);
  return {
    agent_path: agent.agent_path,
    parent_path: agent.parent_path,
    name: agent.name,
    model_alias: agent.model_alias,
    model: agentModel(agent).id,
    window: windowOf(store, agent),
    estimate_tokens: contextTotal(parts),
    estimate_parts: parts,
    recorded_peak_tokens: held ? held.recorded_peak_tokens : recordedPeak(agent),
    upper_threshold: values.upper_threshold,
    lower_threshold: values.lower_threshold,
    strategy: values.strategy,
    message_count: held ? held.message_count : agent.messages.length - superseded,
    superseded_count: superseded,
    compaction_count: standingCompactions(session, agent.agent_path),
  };
}

function primaryOf(session: SessionState): AgentState {
  const primary = session.agents[0];
  if (!primary) throw new Error(`session ${session.id} has no agents`);
  return primary;
}

const summaries = new WeakMap<SessionState, { key: string; summary: Schemas['SessionSummary'] }>();

/**
 * The state a session's summary is made from: every write through the Store bumps its revision,
 * and what a live turn or a followed line changes in place (messages, cost, status) and the window
 * overrides (model-windows.ts) are in the key too.
 */
function summaryKey(store: Store, session: SessionState): string {
  let messages = 0;
  let usd = 0;
  for (const a of session.agents) {
    messages += a.messages.length;
    usd += primaryUsdOf(a);
  }
  const f = session.followed;
  // The operator's window overrides are the store's, not the session's: a change to one is in every key.
  let windows = '';
  for (const [model, o] of store.windowOverrides) windows += `${model}=${o.tokens ?? ''}@${o.version};`;
  return [store.sessionRevision(session.id), store.dropped.has(session.id), windows, session.status, session.updated_at, session.title, session.pending_checkpoint_id, session.agents.length, messages, session.compactions.length, usd, f?.last_line_at, f?.notice].join('\u0000');
}

/**
 * The list's view of a session, made once per state of it: the primary's estimate is a pass over
 * its messages (pins, pruning), and a list of 2,000 followed transcripts made it anew for every
 * session on every request (9.5 s on a loaded machine, the simulator answering nothing else meanwhile).
 */
export function toSummary(store: Store, session: SessionState): Schemas['SessionSummary'] {
  const key = summaryKey(store, session);
  const hit = summaries.get(session);
  if (hit?.key === key) return { ...hit.summary };
  const summary = summaryWith(session, toAgent(store, session, primaryOf(session)));
  summaries.set(session, { key, summary });
  return { ...summary };
}

/**
 * The session's summary after each record appended to it that changes nothing else (the benchmark's
 * bursts, a thousand a second): what toSummary answers then, without a pass over every record and
 * message each time. Call it once the record is stored; the agents' views are those of the start.
 */
export function summariesAsAppended(store: Store, session: SessionState): (record: CompactionRecord) => Schemas['SessionSummary'] {
  const primary = toAgent(store, session, primaryOf(session));
  let compactor = compactorCost(session);
  let standing = standingCompactions(session);
  return (record) => {
    if (record.plugin_cost) compactor = addCosts(compactor, record.plugin_cost.parts);
    if (!record.rolled_back) standing += 1;
    return summaryWith(session, primary, standing, costFrom(session, compactor));
  };
}

/** The list's view of a session, its primary agent's view (and its counts, when known) already made. */
function summaryWith(session: SessionState, agent: Schemas['Agent'], standing = standingCompactions(session), cost = costOf(session)): Schemas['SessionSummary'] {
  return {
    id: session.id,
    project_id: session.project_id,
    title: session.title,
    status: session.status,
    compaction_pending: session.pending_checkpoint_id !== null,
    pending_checkpoint_id: session.pending_checkpoint_id,
    created_at: session.created_at,
    updated_at: session.updated_at,
    source: session.source,
    ...(session.followed ? { followed: session.followed } : {}),
    agent_count: session.agents.length,
    compaction_count: standing,
    cost,
    primary_context: {
      agent_path: agent.agent_path,
      estimate_tokens: agent.estimate_tokens,
      estimate_parts: agent.estimate_parts,
      recorded_peak_tokens: agent.recorded_peak_tokens,
      window: agent.window,
      upper_threshold: agent.upper_threshold,
      lower_threshold: agent.lower_threshold,
    },
  };
}

export function toDetail(store: Store, session: SessionState): Schemas['SessionDetail'] {
  const primary = toAgent(store, session, primaryOf(session));
  return { ...summaryWith(session, primary), agents: [primary, ...session.agents.slice(1).map((a) => toAgent(store, session, a))] };
}
