import { describe, expect, it } from 'vitest';
import type { AgentCompactionConfig } from './compact-form';
import { defaultsFrom, describeSettings, requestHash, thresholdProblem, toRequest, usesPrompt, valuesFromRequest } from './compact-form';

const config = {
  agent_path: 'primary',
  version: 1,
  values: {
    strategy: 'summarize',
    upper_threshold: 0.85,
    lower_threshold: 0.6000000001,
    summarize: { enabled: true, model: null, prompt: 'config:/prompts/compaction-summary.md', window_messages: 20, preserve_recent: 10, max_summary_tokens: 1500 },
    delegate: { plugin: null, timeout_ms: 30000 },
    checkpoint: { sub_strategy: 'drop' },
    always_keep: [],
    prune: { protect_tokens: 40000, minimum_savings: 20000, protected_tools: ['read'] },
    plugin_knobs: {},
  },
  sources: {},
} satisfies AgentCompactionConfig;

describe('the manual-compact form', () => {
  it('is pre-filled from the agent config', () => {
    expect(defaultsFrom(config)).toEqual({ agentPath: 'primary', strategy: 'summarize', summarize: true, upper: 0.85, lower: 0.6, prompt: 'config:/prompts/compaction-summary.md', delegatePlugin: config.values.delegate.plugin, checkpointSubStrategy: config.values.checkpoint.sub_strategy });
  });

  it('validates the thresholds', () => {
    expect(thresholdProblem(0.85, 0.6)).toBeNull();
    expect(thresholdProblem(0.6, 0.6)).toMatch(/below the upper/);
    expect(thresholdProblem(0.5, 0.7)).toMatch(/below the upper/);
    expect(thresholdProblem(1, 0.5)).toMatch(/upper/);
    expect(thresholdProblem(0.8, 0)).toMatch(/lower/);
  });

  it('sends every override explicitly, and only what the strategy reads', () => {
    const values = defaultsFrom(config);
    expect(toRequest(values)).toEqual({ agent_path: 'primary', strategy: 'summarize', upper_threshold: 0.85, lower_threshold: 0.6, summarize: true, prompt: 'config:/prompts/compaction-summary.md' });
    expect(toRequest({ ...values, strategy: 'drop', summarize: false })).toEqual({ agent_path: 'primary', strategy: 'drop', upper_threshold: 0.85, lower_threshold: 0.6, summarize: false });
    expect(toRequest({ ...values, strategy: 'delegate', delegatePlugin: 'hindsight' })).toEqual({ agent_path: 'primary', strategy: 'delegate', upper_threshold: 0.85, lower_threshold: 0.6, delegate_plugin: 'hindsight' });
    expect(toRequest({ ...values, strategy: 'checkpoint', checkpointSubStrategy: 'drop' })).toMatchObject({ strategy: 'checkpoint', checkpoint_sub_strategy: 'drop' });
    expect(toRequest({ ...values, strategy: 'drop' })).not.toHaveProperty('delegate_plugin');
    expect(usesPrompt({ strategy: 'checkpoint', summarize: false })).toBe(true);
    expect(toRequest({ ...values, upper: 0.30000000000000004 }).upper_threshold).toBe(0.3);
  });

  it('fingerprints settings whatever the key order', () => {
    const a = requestHash('s', { agent_path: 'primary', strategy: 'drop', upper_threshold: 0.8, lower_threshold: 0.5 });
    const b = requestHash('s', { lower_threshold: 0.5, upper_threshold: 0.8, strategy: 'drop', agent_path: 'primary' });
    expect(a).toBe(b);
    expect(requestHash('s', { agent_path: 'primary', strategy: 'drop', upper_threshold: 0.8, lower_threshold: 0.51 })).not.toBe(a);
    expect(requestHash('t', { agent_path: 'primary', strategy: 'drop', upper_threshold: 0.8, lower_threshold: 0.5 })).not.toBe(a);
  });

  it('round-trips a request into values', () => {
    const values = defaultsFrom(config);
    const request = toRequest({ ...values, strategy: 'drop', summarize: false, upper: 0.3, lower: 0.15 });
    expect(toRequest(valuesFromRequest(request, values))).toEqual(request);
    const delegated = toRequest({ ...values, strategy: 'delegate', delegatePlugin: 'chunked-summarizer' });
    expect(toRequest(valuesFromRequest(delegated, values))).toEqual(delegated);
    expect(describeSettings(request)).toBe('drop · 30\u00a0% → 15\u00a0% · no summary');
  });
});
