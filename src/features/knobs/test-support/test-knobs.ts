// Test data for the knobs libs: a built-in schema and plugin listings shaped like the daemon's.

import type { components } from '../../../domain/contract/schema.gen';
import type { BuiltinKnobSchema } from '../../../domain/knobs/knob-kinds';
import type { PluginListing } from '../lib/plugin-view';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];
type ModelAlias = components['schemas']['ModelAlias'];

export const BUILTIN: BuiltinKnobSchema = {
  groups: [
    { id: 'trigger', label: 'Trigger' },
    { id: 'strategy', label: 'Strategy' },
    { id: 'summarize', label: 'Summarize' },
  ],
  knobs: [
    { type: 'range', key: 'upper_threshold', label: 'Upper threshold', group: 'trigger', min: 0.05, max: 0.99, step: 0.01, unit: '× window', default: 0.85 },
    { type: 'range', key: 'lower_threshold', label: 'Lower threshold', group: 'trigger', min: 0.05, max: 0.99, step: 0.01, unit: '× window', default: 0.6 },
    {
      type: 'enum',
      key: 'strategy',
      label: 'Strategy',
      group: 'strategy',
      options: ['drop', 'summarize', 'delegate', 'checkpoint'].map((v) => ({ value: v, label: v, description: `${v} it` })),
      default: 'drop',
    },
    { type: 'enum', key: 'delegate.plugin', label: 'Compactor plugin', group: 'strategy', options: [{ value: 'chunked-summarizer', label: 'chunked-summarizer' }], nullable: true, null_label: 'None', default: null },
    { type: 'model_alias', key: 'summarize.model', label: 'Summarizer model', group: 'summarize', nullable: true, null_label: "The agent's own model", default: null },
    { type: 'range', key: 'summarize.window_messages', label: 'Summary window', group: 'summarize', min: 1, max: 500, step: 1, default: 20 },
    { type: 'range', key: 'summarize.preserve_recent', label: 'Preserve recent', group: 'summarize', min: 0, max: 500, step: 1, default: 10 },
    // A kind from a newer daemon: allowed by the contract, unknown to this client.
    { type: 'duration', key: 'summarize.budget', label: 'Budget (newer daemon)', group: 'summarize', default: 'PT5S' } as BuiltinKnobSchema['knobs'][number],
    { type: 'boolean', key: 'experimental.flag', label: 'Ungrouped', default: false },
  ],
};

export const CHUNKED: PluginListing = {
  name: 'chunked-summarizer',
  problems: [],
  manifest: {
    name: 'chunked-summarizer',
    version: '0.3.0',
    description: 'Chunks.',
    roles: ['compactor'],
    hooks: ['pre_compact'],
    knobs: [
      { type: 'range', key: 'max_tokens', label: 'Compact at token count', group: 'trigger', min: 0, max: 2_000_000, step: 1000, unit: 'tokens', default: 0 },
      { type: 'range', key: 'keep_last_messages', label: 'Messages kept', min: 0, max: 200, step: 1, default: 10 },
      { type: 'enum', key: 'prune.mode', label: 'Prune', group: 'prune', options: [{ value: 'off', label: 'Off' }, { value: 'iteration', label: 'Iteration' }], default: 'off' },
    ],
  },
};

export const METER: PluginListing = {
  name: 'context-meter',
  manifest: {
    name: 'context-meter',
    version: '0.1.0',
    description: 'Broken.',
    roles: ['observer'],
    hooks: ['post_compact'],
    knobs: [
      { type: 'boolean', key: 'verbose', label: 'Verbose', default: false },
      { type: 'range', key: 'warn_at', label: 'Warn at', min: 0.9, max: 0.5, step: 0.05, default: 0.7 },
      { type: 'color', key: 'accent', label: 'Accent', default: '#f80' },
    ],
  },
  problems: [{ knob: 'warn_at', field: 'max', message: 'Plugin "context-meter", knob "warn_at": min (0.9) is greater than max (0.5).' }],
};

export const MODELS: ModelAlias[] = [
  { alias: 'sonnet', provider: 'anthropic', model: 'claude-sonnet-4-5', max_input_tokens: 200_000, catalog_max_input_tokens: 200_000, overridden: false, input_usd_per_mtok: 3, output_usd_per_mtok: 15 },
  { alias: 'haiku', provider: 'anthropic', model: 'claude-haiku-4-5', max_input_tokens: 200_000, catalog_max_input_tokens: 200_000, overridden: false, input_usd_per_mtok: 1, output_usd_per_mtok: 5 },
  { alias: 'deepseek', provider: 'deepseek', model: 'deepseek-chat', max_input_tokens: 32_000, catalog_max_input_tokens: 128_000, overridden: true, input_usd_per_mtok: 0.27, output_usd_per_mtok: 1.1 },
  { alias: 'local-qwen', provider: 'ollama', model: 'qwen3-coder:30b', max_input_tokens: 128_000, catalog_max_input_tokens: null, overridden: false, input_usd_per_mtok: 0, output_usd_per_mtok: 0 },
];

/** A config as the daemon answers it for primary/explore (parent: primary). */
export function exploreConfig(overrides: Partial<AgentCompactionConfig> = {}): AgentCompactionConfig {
  return {
    agent_path: 'primary/explore',
    version: 3,
    values: {
      strategy: 'drop',
      upper_threshold: 0.85,
      lower_threshold: 0.6,
      summarize: { enabled: true, model: 'haiku', prompt: 'config:/prompts/compaction-summary.md', window_messages: 20, preserve_recent: 10, max_summary_tokens: 1500 },
      delegate: { plugin: null, timeout_ms: 30_000 },
      checkpoint: { sub_strategy: 'drop' },
      always_keep: [],
      prune: { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: ['read', 'skill'] },
      plugin_knobs: { 'chunked-summarizer': { max_tokens: 0, keep_last_messages: 10, 'prune.mode': 'off' } },
    },
    sources: { strategy: 'own', upper_threshold: 'default', lower_threshold: 'default', 'summarize.model': 'inherited', 'summarize.window_messages': 'default', 'plugin_knobs.chunked-summarizer.keep_last_messages': 'default' },
    inherited_from: { 'summarize.model': 'primary' },
    plugins: ['memory-markdown', 'chunked-summarizer', 'context-meter'],
    ...overrides,
  };
}

export function primaryConfig(): AgentCompactionConfig {
  const base = exploreConfig();
  return {
    ...base,
    agent_path: 'primary',
    values: { ...base.values, strategy: 'summarize' },
    sources: { strategy: 'own', 'summarize.model': 'own', upper_threshold: 'default' },
    inherited_from: {},
    plugins: ['hindsight'],
  };
}
