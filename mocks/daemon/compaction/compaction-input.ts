import { runCompactionShowing, type PreparedList } from '../../engine/pipeline';
import type { CompactionInput, CompactionOutcome, ObserverPlugin } from '../../engine/engine-types';
import { resolveCompactionConfig } from '../../engine/defaults';
import { findPlugin } from '../../store/plugin-catalog';
import { createRng, hashSeed } from '../../store/prng';
import type { Store } from '../../store/store';
import type { AgentState, CompactRequest, Message, Schemas, SessionState } from '../../store/types';
import { valuesWithDraft } from '../settings/config';
import { delegateTrigger, simulatedCompactor, summarizerSpec } from './plugin-behaviour';
import { DaemonError } from '../errors';
import { RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import { windowOf } from '../settings/model-windows';
import { activeMessages, historyLength } from '../read-models/views';

type Trigger = Schemas['Trigger'];
type Values = Schemas['CompactionConfigValues'];

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
  return runPipelineShowing(store, session, agent, opts).outcome;
}

/** runPipeline, with the agent's active list as the pipeline prepared it (pins, pruning) for a dry run's view. */
export function runPipelineShowing(store: Store, session: SessionState, agent: AgentState, opts: RunOptions): { outcome: CompactionOutcome; prepared: PreparedList } {
  return runCompactionShowing({ ...pipelineInput(store, session, agent, opts), trigger: opts.trigger, dryRun: opts.dryRun });
}
