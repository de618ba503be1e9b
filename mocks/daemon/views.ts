import { estimateTokens } from '../engine/estimate';
import { computePins } from '../engine/pins';
import { pruneToolOutputs } from '../engine/prune';
import { findModel } from '../store/catalog';
import type { AgentState, CompactionRecord, Message, Schemas, SessionState } from '../store/types';
import { effectiveConfig } from './config';

/** Tokens the model may write in its answer, reserved in every estimate (agent.md § Trigger semantics). */
export const RESERVED_OUTPUT_TOKENS = 8_192;

export function activeMessages(agent: AgentState): Message[] {
  return agent.messages.filter((m) => !m.superseded);
}

/** How many messages of the agent's own history it holds: every message but compaction summaries, superseded ones included. */
export function historyLength(agent: AgentState): number {
  let n = 0;
  for (const m of agent.messages) if (m.metadata.kind !== 'compaction_summary') n += 1;
  return n;
}

/** The effective context window: operator override, else catalog, else the 128k fallback. */
export function windowOf(agent: AgentState): Schemas['ContextWindow'] {
  const model = findModel(agent.model_alias);
  if (!model) return { tokens: 128_000, source: 'fallback' };
  if (model.overridden) return { tokens: model.max_input_tokens, source: 'override' };
  if (model.catalog_max_input_tokens === null) return { tokens: 128_000, source: 'fallback' };
  return { tokens: model.catalog_max_input_tokens, source: 'catalog' };
}

/**
 * The harness's pre-call estimate: the active list after the tool-output pruning pre-pass (which
 * never touches the always-keep set), plus what the list does not hold (system prompt and tool
 * definitions of an imported transcript) and the reserved output.
 */
export function estimateOf(session: SessionState, agent: AgentState): number {
  const { prune, always_keep } = effectiveConfig(session, agent).values;
  const pinned = computePins(activeMessages(agent), always_keep).messages;
  return estimateTokens(pruneToolOutputs(pinned, prune, (m) => m.pin !== null).messages, fixedTokensOf(agent));
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
  return RESERVED_OUTPUT_TOKENS + (agent.base_tokens ?? 0);
}

export function costOf(session: SessionState): Schemas['CostBreakdown'] {
  return costFrom(primaryCost(session), compactorCost(session));
}

function primaryCost(session: SessionState): number {
  return session.agents.reduce((sum, a) => sum + a.primary_cost_usd, 0);
}

function compactorCost(session: SessionState): number {
  let compactor = 0;
  for (const r of session.compactions) compactor += r.cost_usd;
  return compactor;
}

function costFrom(primary: number, compactor: number): Schemas['CostBreakdown'] {
  return { primary_usd: round(primary), compactor_usd: round(compactor), total_usd: round(primary + compactor) };
}

/** The session's records not rolled back, of one agent or of all (a count, without copying 100,000 records). */
function standingCompactions(session: SessionState, agentPath?: string): number {
  let n = 0;
  for (const r of session.compactions) if (!r.rolled_back && (agentPath === undefined || r.agent_path === agentPath)) n += 1;
  return n;
}

const round = (usd: number) => Math.round(usd * 1e6) / 1e6;

export function toAgent(session: SessionState, agent: AgentState): Schemas['Agent'] {
  const { values } = effectiveConfig(session, agent);
  const model = findModel(agent.model_alias);
  const superseded = agent.messages.filter((m) => m.superseded).length;
  return {
    agent_path: agent.agent_path,
    parent_path: agent.parent_path,
    name: agent.name,
    model_alias: agent.model_alias,
    model: model ? `${model.provider}:${model.model}` : `unknown:${agent.model_alias}`,
    window: windowOf(agent),
    estimate_tokens: estimateOf(session, agent),
    upper_threshold: values.upper_threshold,
    lower_threshold: values.lower_threshold,
    strategy: values.strategy,
    message_count: agent.messages.length - superseded,
    superseded_count: superseded,
    compaction_count: standingCompactions(session, agent.agent_path),
  };
}

function primaryOf(session: SessionState): AgentState {
  const primary = session.agents[0];
  if (!primary) throw new Error(`session ${session.id} has no agents`);
  return primary;
}

export function toSummary(session: SessionState): Schemas['SessionSummary'] {
  return summaryWith(session, toAgent(session, primaryOf(session)));
}

/**
 * The session's summary after each record appended to it that changes nothing else (the benchmark's
 * bursts, a thousand a second): what toSummary answers then, without a pass over every record and
 * message each time. Call it once the record is stored; the agents' views are those of the start.
 */
export function summariesAsAppended(session: SessionState): (record: CompactionRecord) => Schemas['SessionSummary'] {
  const primary = toAgent(session, primaryOf(session));
  const primaryUsd = primaryCost(session);
  let compactor = compactorCost(session);
  let standing = standingCompactions(session);
  return (record) => {
    compactor += record.cost_usd;
    if (!record.rolled_back) standing += 1;
    return summaryWith(session, primary, standing, costFrom(primaryUsd, compactor));
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
    agent_count: session.agents.length,
    compaction_count: standing,
    cost,
    primary_context: {
      agent_path: agent.agent_path,
      estimate_tokens: agent.estimate_tokens,
      window: agent.window,
      upper_threshold: agent.upper_threshold,
      lower_threshold: agent.lower_threshold,
    },
  };
}

export function toDetail(session: SessionState): Schemas['SessionDetail'] {
  const primary = toAgent(session, primaryOf(session));
  return { ...summaryWith(session, primary), agents: [primary, ...session.agents.slice(1).map((a) => toAgent(session, a))] };
}
