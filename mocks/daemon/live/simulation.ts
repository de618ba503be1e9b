import { addCosts, priceUsage, type TokenUsage } from '../../../src/domain/accounting/cost';
import { tokenLimits } from '../../../src/domain/accounting/thresholds';
import { estimateMessageTokens, tokenScaleFor } from '../../engine/estimate';
import { effectiveConfig } from '../settings/config';
import { delegateTrigger } from '../compaction/plugin-behaviour';
import type { ImportedMessage } from '../../../src/domain/transcripts/types';
import { pricesOf } from '../../store/catalog';
import { createRng, hashSeed } from '../../store/prng';
import type { Store } from '../../store/store';
import type { AgentState, Message, SessionState } from '../../store/types';
import { commitOutcome } from '../compaction/compaction-commit';
import { pipelineInput, runPipeline } from '../compaction/compaction-input';
import { runReactive, type DispatchState, type ProviderError } from '../../engine/reactive';
import { agentModel, windowOf } from '../settings/model-windows';
import { syntheticTurn } from '../seeding/synthetic';
import { requireSession } from '../read-models/lookups';
import { activeTokenSum, estimateOf, fixedTokensOf, toSummary } from '../read-models/views';

/** A paused (approval pending) or overflowed session runs no further calls. */
export function isHalted(session: SessionState): boolean {
  return session.pending_checkpoint_id !== null || session.status === 'context_overflow';
}

/** The tokenizer family's scale of an agent's model (Claude counts are scaled from o200k). */
export function tokenScaleOf(agent: AgentState): number {
  return tokenScaleFor(agentModel(agent).id);
}

export function toMessage(im: ImportedMessage, session: SessionState, agent: AgentState, id: string): Message {
  return {
    id,
    session_id: session.id,
    agent_path: agent.agent_path,
    index: agent.messages.length,
    role: im.role,
    content: im.content,
    tool_calls: im.tool_calls,
    tool_call_id: im.tool_call_id,
    tool_name: im.tool_name,
    created_at: im.created_at,
    superseded: false,
    superseded_by: null,
    pin: null,
    metadata: {
      token_estimate: im.context_tokens ?? estimateMessageTokens(im, tokenScaleOf(agent)),
      kind: null,
      always_keep: false,
      always_keep_source: null,
      compaction_id: null,
      compactor_cost: null,
    },
  };
}

/**
 * A simulated call's usage, from the context it is sent (base + active messages): the part the
 * previous call already sent is a cache read (unless a compaction since rewrote the list), the
 * rest is written to the cache; the output is the answer's own size.
 */
function simulatedUsage(session: SessionState, agent: AgentState, answer: Message): TokenUsage {
  const sent = (agent.base_tokens ?? 0) + activeTokenSum(agent) - answer.metadata.token_estimate;
  const previous = agent.last_call && agent.last_call.compactions === session.compactions.length ? Math.min(agent.last_call.tokens, sent) : 0;
  agent.last_call = { tokens: sent, compactions: session.compactions.length };
  return { input: 0, cache_read: previous, cache_write: sent - previous, output: answer.metadata.token_estimate };
}

/** Charges a simulated call to the agent, priced like every other call. */
function chargeCall(session: SessionState, agent: AgentState, answer: Message): void {
  agent.primary_cost = addCosts(agent.primary_cost, priceUsage(simulatedUsage(session, agent, answer), pricesOf(agentModel(agent))));
}

/** The session degrades: the run failed on context length and the operator must compact by hand. */
function overflow(store: Store, session: SessionState): void {
  session.status = 'context_overflow';
  store.publish('session.updated', session.id, { session: toSummary(store, session) });
}

/**
 * The reactive path (agent.md § Reactive fallback retry): the provider rejected the call on
 * context length. The engine compacts once (trigger provider_overflow_retry) under the dispatch
 * cycle's single-retry cap; if that cannot help, the error propagates and the session overflows.
 */
export function reactToProviderError(store: Store, session: SessionState, agent: AgentState, error: ProviderError, state: DispatchState): DispatchState {
  const reaction = runReactive(pipelineInput(store, session, agent, { request: {}, dryRun: false }), state, error);
  if (reaction.outcome) commitOutcome(store, session, agent, reaction.outcome, {}, 'harness');
  if (reaction.action === 'propagate' || (reaction.action === 'retry' && reaction.session_state === 'context_overflow')) overflow(store, session);
  return reaction.state;
}

/**
 * The harness step before each LLM call (agent.md § Trigger semantics): prune, estimate, compact
 * past the upper threshold. A list that still exceeds the window is rejected by the provider,
 * which sends the call down the reactive path.
 */
export function beforeLlmCall(store: Store, session: SessionState, agent: AgentState): void {
  if (isHalted(session)) return;
  session.run_seq += 1;
  // Fast path, same decision: pruning only lowers the estimate, so a list whose unpruned size is
  // below the upper threshold is neither compacted nor over the window. Replaying a long
  // transcript then costs O(1) per call instead of a pass over the whole list.
  // A delegate plugin's own trigger replaces the upper threshold (as in the pipeline).
  const values = effectiveConfig(session, agent).values;
  const windowTokens = windowOf(store, agent).tokens;
  const trigger = delegateTrigger(values, agent, windowTokens);
  const upper = trigger != null && trigger > 0 ? Math.ceil(trigger) : tokenLimits(windowTokens, values.upper_threshold, 0).upper;
  const size = fixedTokensOf(agent) + activeTokenSum(agent);
  if (size < upper && size <= windowTokens) return;
  const proactive = runPipeline(store, session, agent, { trigger: 'threshold_crossed', request: {}, dryRun: false });
  if (proactive.kind !== 'not_triggered') commitOutcome(store, session, agent, proactive, {}, 'harness');
  const estimate = estimateOf(session, agent);
  const window = windowOf(store, agent).tokens;
  if (isHalted(session) || estimate <= window) return;
  reactToProviderError(store, session, agent, { status: 400, message: `prompt is too long: ${estimate} tokens > ${window} maximum` }, { reactiveRetryAttempted: false });
}

/** Appends messages to an agent's window as a run would, running the pre-call check before each assistant message. */
export function appendMessages(store: Store, session: SessionState, agent: AgentState, messages: readonly ImportedMessage[], idPrefix: string): number {
  let appended = 0;
  for (const im of messages) {
    if (isHalted(session)) break;
    if (im.role === 'assistant') beforeLlmCall(store, session, agent);
    if (isHalted(session)) break;
    const message = toMessage(im, session, agent, `${idPrefix}${agent.messages.length.toString().padStart(5, '0')}`);
    agent.messages.push(message);
    if (im.role === 'assistant') chargeCall(session, agent, message);
    appended += 1;
  }
  return appended;
}

/**
 * Advances a running session by synthetic turns until a compaction happens or `maxTurns` pass.
 * Used by the live ticker and the /__mock/sessions/{id}/advance control.
 */
export function advanceSession(store: Store, session: SessionState, opts: { maxTurns: number; untilCompaction: boolean; agentPath?: string }): { turns: number; compactions: number } {
  const agent = session.agents.find((a) => a.agent_path === (opts.agentPath ?? 'primary')) ?? session.agents[0];
  if (!agent) return { turns: 0, compactions: 0 };
  const before = session.compactions.length;
  const rng = createRng(hashSeed(`${session.id}:${agent.messages.length}`));
  let turns = 0;
  while (turns < opts.maxTurns && !isHalted(session)) {
    const last = agent.messages[agent.messages.length - 1];
    const at = new Date(Math.max(store.clock().getTime() - 60_000, last ? Date.parse(last.created_at) : 0));
    const turn = syntheticTurn(rng, { at, withAsk: rng.chance(0.3), idPrefix: `${session.id}_live${agent.messages.length}` });
    appendMessages(store, session, agent, turn, `${session.id}:${agent.agent_path}:m`);
    turns += 1;
    if (opts.untilCompaction && session.compactions.length > before) break;
  }
  session.updated_at = store.nowIso();
  store.publish('session.updated', session.id, { session: toSummary(store, session) });
  return { turns, compactions: session.compactions.length - before };
}

/** POST /__mock/sessions/{id}/advance: an idle session starts running, then advances (at most 400 turns). */
export function advanceOnRequest(store: Store, sessionId: string, opts: { maxTurns?: number; untilCompaction?: boolean; agentPath?: string }): { turns: number; compactions: number } {
  const session = requireSession(store, sessionId);
  if (session.status === 'idle') session.status = 'running';
  return advanceSession(store, session, { maxTurns: Math.min(opts.maxTurns ?? 40, 400), untilCompaction: opts.untilCompaction ?? true, agentPath: opts.agentPath });
}
