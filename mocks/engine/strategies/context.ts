// What every strategy receives and returns.

import type { CompactionIds, SimulatedCompactor, SummarizerSpec } from '../engine-types';
import type { Injection } from '../observers';
import type { CompactionConfig, FallbackStep, Message, PluginFired, Strategy } from '../types';
import type { Unit } from '../units';
import type { Plan } from './plan';

export interface StrategyContext {
  /** The active list after pruning, pins computed. */
  messages: Message[];
  /** Units of `messages`; `pinned` covers pins and this event's retain[] ids. */
  units: Unit[];
  /** The turn in flight: never superseded. */
  newest: Unit | null;
  /** Estimate of `messages` plus reserved output. */
  current: number;
  /** Compact until the estimate is at or below this (lower_threshold × window). */
  target: number;
  reservedOutput: number;
  /** Tokens outside the list (system prompt and tool definitions not in it), in every estimate. */
  baseTokens: number;
  config: CompactionConfig;
  ids: CompactionIds;
  sessionId: string;
  agentPath: string;
  summarizer: SummarizerSpec;
  compactor: SimulatedCompactor | null;
  /** pre_compact inject texts, appended to the summary. */
  injections: Injection[];
  /** Pinned, or retained by an observer for this event. */
  isAlwaysKeep: (m: Message) => boolean;
}

interface AttemptBase {
  /** The step as it appears in a fallback chain. */
  step: FallbackStep['strategy'];
  /** Compactor plugin fires (delegate only). */
  plugins: PluginFired[];
  /** Deterministic time spent by the strategy itself (model calls, plugin calls). */
  duration_ms: number;
}

export interface AttemptOk extends AttemptBase {
  ok: true;
  plan: Plan;
}

export interface AttemptFailed extends AttemptBase {
  ok: false;
  outcome: Exclude<FallbackStep['outcome'], 'ok'>;
  reason: string;
  /** Best effort (drop only): what would be superseded; shown by dry runs. */
  plan: Plan | null;
}

export type StrategyAttempt = AttemptOk | AttemptFailed;

/** Strategies that execute directly (checkpoint wraps one of these). */
export type ExecutableStrategy = Exclude<Strategy, 'checkpoint'>;
