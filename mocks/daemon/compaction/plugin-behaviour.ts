// What the simulated compactor plugins do with their knob values: the delegate plugin's own
// trigger, how many recent messages it keeps, its chunks and summarizer model, and when it
// refuses (checkpoint-summary's per-session cap). Knob meaning is plugin-specific; the knob
// declarations are generic (mocks/store/plugin-catalog.ts).

import type { CompactorPolicy, SimulatedCompactor, SummarizerSpec } from '../../engine/engine-types';
import { findModel, pricesOf } from '../../store/catalog';
import { findPlugin } from '../../store/plugin-catalog';
import { createRng, hashSeed } from '../../store/prng';
import type { AgentState, Schemas, SessionState } from '../../store/types';

type Values = Schemas['CompactionConfigValues'];
type Knobs = Record<string, unknown>;

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The summarizer model behind an alias (or the agent's own), as the engine prices it. */
export function summarizerSpec(alias: string | null, agent: AgentState): SummarizerSpec {
  const model = findModel(alias ?? agent.model_alias);
  return { model: model.id, prices: pricesOf(model) };
}

/** The delegate plugin when it is attached to the agent and loaded (a well-formed manifest), else null. */
function delegatePlugin(values: Values, agent: AgentState): { name: string; knobs: Knobs } | null {
  const name = values.delegate.plugin;
  if (!name || !agent.plugins.includes(name) || !findPlugin(name)?.loaded) return null;
  return { name, knobs: values.plugin_knobs[name] ?? {} };
}

/** Compactions the checkpoint-summary plugin authored in this session (rolled-back ones do not count). */
function checkpointsWritten(session: SessionState, plugin: string): number {
  return session.compactions.filter(
    (r) => !r.rolled_back && r.fallback_reason === null && r.plugins_fired.some((p) => p.name === plugin && p.role === 'compactor' && p.result_kind === 'compactor_result'),
  ).length;
}

function policyOf(session: SessionState, agent: AgentState, name: string, knobs: Knobs): CompactorPolicy | undefined {
  if (name === 'chunked-summarizer') {
    const model = typeof knobs.summarizer === 'string' ? knobs.summarizer : null;
    return { keepRecent: num(knobs.keep_last_messages, 10), chunks: num(knobs.chunks, 1), summarizer: summarizerSpec(model, agent), refuse: null };
  }
  if (name === 'checkpoint-summary') {
    const max = num(knobs.max_checkpoints, 5);
    const written = checkpointsWritten(session, name);
    const model = typeof knobs.summarizer === 'string' ? knobs.summarizer : 'haiku';
    return {
      keepRecent: num(knobs.keep_recent_messages, 10),
      chunks: 1,
      summarizer: summarizerSpec(model, agent),
      refuse: written >= max ? `maximum of ${max} checkpoints per session reached (${written} written)` : null,
    };
  }
  return undefined;
}

/** The simulated compactor the delegate strategy calls, or null when none is attached and loaded. */
export function simulatedCompactor(session: SessionState, agent: AgentState, values: Values, seed: string): SimulatedCompactor | null {
  const plugin = delegatePlugin(values, agent);
  if (!plugin) return null;
  const mode = plugin.knobs.simulate_failure;
  const rng = createRng(hashSeed(`${seed}:compactor`));
  const policy = policyOf(session, agent, plugin.name, plugin.knobs);
  return {
    name: plugin.name,
    mode: mode === 'throw' || mode === 'timeout' || mode === 'invalid_split_pair' || mode === 'invalid_dropped_always_keep' ? mode : 'ok',
    durationMs: rng.int(300, 2_400),
    ...(policy ? { policy } : {}),
  };
}

/**
 * The delegate plugin's own trigger in tokens, when it declares one: chunked-summarizer's
 * max_tokens (when set) or threshold % of the window; checkpoint-summary's threshold_tokens.
 * Only while the agent's strategy is delegate to that plugin.
 */
export function delegateTrigger(values: Values, agent: AgentState, windowTokens: number): number | null {
  if (values.strategy !== 'delegate') return null;
  const plugin = delegatePlugin(values, agent);
  if (plugin?.name === 'chunked-summarizer') {
    const max = num(plugin.knobs.max_tokens, 0);
    return max > 0 ? max : Math.ceil((num(plugin.knobs.threshold, 80) / 100) * windowTokens);
  }
  if (plugin?.name === 'checkpoint-summary') return num(plugin.knobs.threshold_tokens, 80_000);
  return null;
}
