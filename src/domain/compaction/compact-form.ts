/**
 * The manual-compact form's values, their defaults from the agent's synthesized config, the request
 * they make (ADR-0024 amendment 9: every override applies to this one invocation only), and the
 * fingerprint that tells whether a preview still matches what the form says.
 */
import type { Schemas } from '../contract/types';
import { formatThreshold } from '../format';

export type Strategy = Schemas['Strategy'];
export type CompactRequest = Schemas['CompactRequest'];
export type AgentCompactionConfig = Schemas['AgentCompactionConfig'];

export const STRATEGY_HINTS: Record<Strategy, string> = {
  drop: 'Oldest first, in tool-pair units, until under the lower threshold',
  summarize: 'Replace a window of older messages with a summary',
  delegate: "The agent's compactor plugin transforms the list (falls back to drop)",
  checkpoint: 'Pause the session and wait for an operator to approve the proposal',
};

export interface CompactFormValues {
  agentPath: string;
  strategy: Strategy;
  /** Attempt summarize-at-threshold (drop and summarize only). */
  summarize: boolean;
  upper: number;
  lower: number;
  prompt: string;
  /** The compactor plugin to delegate to (delegate only); null: none chosen. */
  delegatePlugin: string | null;
  /** What a checkpoint proposes (checkpoint only). */
  checkpointSubStrategy: CheckpointSubStrategy;
}

export type CheckpointSubStrategy = NonNullable<CompactRequest['checkpoint_sub_strategy']>;
export const CHECKPOINT_SUB_STRATEGIES: readonly CheckpointSubStrategy[] = ['drop', 'summarize'];

/** Slider bounds and step for both thresholds. */
export const THRESHOLD_MIN = 0.05;
export const THRESHOLD_MAX = 0.99;
export const THRESHOLD_STEP = 0.01;

/** The summarize toggle means something for these strategies only. */
export function usesSummarizeToggle(strategy: Strategy): boolean {
  return strategy === 'drop' || strategy === 'summarize';
}

/** The prompt is read when a summary may be written. */
export function usesPrompt(values: Pick<CompactFormValues, 'strategy' | 'summarize'>): boolean {
  return values.strategy === 'summarize' || values.strategy === 'checkpoint' || (values.strategy === 'drop' && values.summarize);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The form pre-filled from the agent's effective config. */
export function defaultsFrom(config: AgentCompactionConfig): CompactFormValues {
  const v = config.values;
  return {
    agentPath: config.agent_path,
    strategy: v.strategy,
    summarize: v.summarize.enabled,
    upper: round2(v.upper_threshold),
    lower: round2(v.lower_threshold),
    prompt: v.summarize.prompt,
    delegatePlugin: v.delegate.plugin,
    checkpointSubStrategy: v.checkpoint.sub_strategy,
  };
}

/** Why a threshold pair cannot be sent, or null. */
export function thresholdProblem(upper: number, lower: number): string | null {
  if (!(upper > 0 && upper < 1)) return 'The upper threshold must be between 0 % and 100 % of the window.';
  if (!(lower > 0 && lower < 1)) return 'The lower threshold must be between 0 % and 100 % of the window.';
  if (lower >= upper) return 'The lower threshold must be below the upper one (compaction goes down to it).';
  return null;
}

/**
 * The request for these values. Every field is sent explicitly so that the preview and the commit
 * run exactly the same settings (omitted fields would default to the agent's config, which may
 * change in between).
 */
export function toRequest(values: CompactFormValues): CompactRequest {
  const request: CompactRequest = {
    agent_path: values.agentPath,
    strategy: values.strategy,
    upper_threshold: round2(values.upper),
    lower_threshold: round2(values.lower),
  };
  if (usesSummarizeToggle(values.strategy)) request.summarize = values.summarize;
  if (usesPrompt(values) && /^(project|config):\//.test(values.prompt)) request.prompt = values.prompt;
  if (values.strategy === 'delegate') request.delegate_plugin = values.delegatePlugin;
  if (values.strategy === 'checkpoint') request.checkpoint_sub_strategy = values.checkpointSubStrategy;
  return request;
}

/** A stable fingerprint of a request: the same settings give the same string, whatever the key order. */
export function requestHash(sessionId: string, request: CompactRequest): string {
  const entries = Object.entries(request)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([sessionId, entries]);
}

/** The form values for a request (a pinned proposal to commit, a checkpoint's request to edit). */
export function valuesFromRequest(request: CompactRequest, fallback: CompactFormValues): CompactFormValues {
  return {
    agentPath: request.agent_path,
    strategy: request.strategy ?? fallback.strategy,
    summarize: request.summarize ?? fallback.summarize,
    upper: request.upper_threshold ?? fallback.upper,
    lower: request.lower_threshold ?? fallback.lower,
    prompt: request.prompt ?? fallback.prompt,
    delegatePlugin: request.delegate_plugin === undefined ? fallback.delegatePlugin : request.delegate_plugin,
    checkpointSubStrategy: request.checkpoint_sub_strategy ?? fallback.checkpointSubStrategy,
  };
}

/** "summarize · 85 % → 60 %" (thresholds as a percent of the window, as every screen shows them) */
export function describeSettings(request: Pick<CompactRequest, 'strategy' | 'upper_threshold' | 'lower_threshold' | 'summarize'>): string {
  const parts = [request.strategy ?? 'configured strategy'];
  if (request.upper_threshold !== undefined && request.lower_threshold !== undefined) {
    parts.push(`${formatThreshold(request.upper_threshold)} → ${formatThreshold(request.lower_threshold)}`);
  }
  if (request.summarize === false && request.strategy === 'drop') parts.push('no summary');
  return parts.join(' · ');
}
