// The simulator checks outside patterns as the daemon would, from the start: it installs their engine.
import '../../src/domain/knobs/outside-pattern-engine';
import { checkManifest, type ManifestCheck } from '../../src/domain/knobs/manifest-check';
import { MODEL_ALIAS_NAMES, PLUGINS } from './catalog';

/**
 * Plugins modelled on other agents' compaction (seeds 001 and 002), in the kaged knob vocabulary.
 * Their knob values take effect in the simulated engine (mocks/daemon/compaction/plugin-behaviour.ts).
 */
const MODELLED_PLUGINS: unknown[] = [
  {
    name: 'chunked-summarizer',
    version: '0.3.0',
    description: 'Summarizes older messages in sequential chunks and rebuilds the history as system prompt + summary + the most recent messages.',
    roles: ['compactor'],
    hooks: ['pre_compact'],
    knobs: [
      { type: 'range', key: 'threshold', label: 'Compact at context fill', group: 'trigger', min: 10, max: 100, step: 1, unit: '%', default: 80, description: 'Context fill that triggers compaction while this plugin is the delegate (replaces the upper threshold). Compact at token count wins when set.' },
      { type: 'range', key: 'max_tokens', label: 'Compact at token count', group: 'trigger', min: 0, max: 2_000_000, step: 1000, unit: 'tokens', default: 0, description: 'An absolute trigger; 0 is off. Takes priority over the fill threshold.' },
      { type: 'range', key: 'trim_threshold', label: 'Trim synthetic messages at', group: 'trim', min: 10, max: 100, step: 1, unit: '%', default: 50, description: 'Context fill at which duplicate synthetic messages are removed to delay compaction.' },
      { type: 'range', key: 'keep_last_messages', label: 'Messages kept', min: 0, max: 200, step: 1, unit: 'messages', default: 10, description: 'The most recent messages kept verbatim; everything older is summarized.' },
      { type: 'range', key: 'chunks', label: 'Chunks', min: 1, max: 8, step: 1, default: 1, description: '1 summarizes in a single pass; N > 1 summarizes N sequential chunks, each feeding the next.' },
      { type: 'model_alias', key: 'summarizer', label: 'Summarizer model', nullable: true, null_label: "The agent's own model (self-compact)", default: null },
      { type: 'range', key: 'tool_result_max_length', label: 'Tool result length in the summary input', min: 0, max: 10_000, step: 50, unit: 'characters', default: 200 },
      {
        type: 'enum',
        key: 'prune.mode',
        label: 'Prune old tool arguments',
        group: 'prune',
        options: [
          { value: 'off', label: 'Off', description: 'Never prune.' },
          { value: 'iteration', label: 'Every iteration', description: 'After each tool-use loop.' },
          { value: 'compaction', label: 'At compaction', description: 'Only while compacting.' },
        ],
        default: 'off',
      },
      { type: 'range', key: 'prune.protect_percent', label: 'Protected recent context', group: 'prune', min: 0, max: 100, step: 1, unit: '%', default: 30, description: 'The most recent messages covering this share of the window are never pruned.' },
      { type: 'range', key: 'prune.arg_threshold', label: 'Prunable argument size', group: 'prune', min: 0, max: 10_000, step: 10, unit: 'tokens', default: 200, description: 'Only tool-call arguments above this estimate are pruned.' },
    ],
  },
  {
    name: 'checkpoint-summary',
    version: '1.0.0',
    description: 'Stores a summary checkpoint of older messages and loads [checkpoint summary] + [recent messages]; falls back when its checkpoint cap is reached.',
    roles: ['compactor'],
    hooks: ['pre_compact', 'post_compact'],
    knobs: [
      { type: 'range', key: 'threshold_tokens', label: 'Compact above', group: 'trigger', min: 1000, max: 1_000_000, step: 1000, unit: 'tokens', default: 80_000, description: 'Token estimate that triggers a checkpoint while this plugin is the delegate.' },
      { type: 'range', key: 'keep_recent_messages', label: 'Recent messages kept', min: 0, max: 100, step: 1, unit: 'messages', default: 10 },
      { type: 'model_alias', key: 'summarizer', label: 'Summarizer model', default: 'haiku', description: 'An economical model writes the checkpoint summary.' },
      { type: 'range', key: 'max_checkpoints', label: 'Checkpoints per session', min: 1, max: 20, step: 1, default: 5, description: 'Past this many checkpoints the plugin refuses and kaged falls back to drop (prevents runaway summarization cost).' },
    ],
  },
];

/**
 * Deliberately malformed manifests, each wrong in a different way, so the knobs screen shows
 * precise problems in their own group while everything else renders and saves.
 */
const MALFORMED_PLUGINS: unknown[] = [
  // Knob-level mistakes: every rule of the knob schema broken once, beside two good knobs.
  {
    name: 'context-meter',
    version: '0.1.0-beta',
    description: 'Observes context growth and reports compaction pressure (knob declarations contain mistakes).',
    roles: ['observer'],
    hooks: ['post_compact'],
    knobs: [
      { type: 'range', key: 'sample_every', label: 'Sample every', min: 1, max: 50, step: 1, unit: 'turns', default: 5 },
      { type: 'boolean', key: 'verbose', label: 'Verbose report', default: false },
      { type: 'range', key: 'warn_at', label: 'Warn at fill', min: 0.9, max: 0.5, step: 0.05, default: 0.7 },
      { type: 'range', key: 'history_turns', label: 'History window', min: 0, max: 100, step: 0, default: 20 },
      { type: 'range', key: 'alert_tokens', label: 'Alert above', min: 1000, max: 50_000, step: 1000, default: 80_000 },
      { type: 'enum', key: 'report_format', label: 'Report format', options: [{ value: 'table', label: 'Table' }, { value: 'chart', label: 'Chart' }], default: 'json' },
      { type: 'boolean', key: 'verbose', label: 'Verbose (again)', default: true },
      { type: 'text', key: 'label_pattern', label: 'Label', default: 'ctx', pattern: '([a-z' },
      { type: 'color', key: 'accent', label: 'Accent colour', default: '#ff8800' },
      { type: 'range', label: 'Unnamed knob', min: 0, max: 1, step: 0.1, default: 0.5 },
    ],
  },
  // Manifest-level mistakes: an old manifest format (pre-rename hook, unknown role, knobs as a map, no version).
  {
    name: 'legacy-exporter',
    description: 'Exports compaction summaries to an external store (written for an older manifest format).',
    roles: ['observer', 'summarizer'],
    hooks: ['on_compact', 'post_compact'],
    knobs: { endpoint: { type: 'text', default: 'https://example.invalid/hook' } },
  },
];

export interface PluginEntry {
  /** The name the plugin is installed under. */
  name: string;
  /** The manifest as declared. */
  manifest: unknown;
  /** The manifest checked on its own (src/domain/knobs/manifest-check). */
  check: ManifestCheck;
  /** A plugin whose manifest has problems is not loaded: its hooks never fire. */
  loaded: boolean;
}

function entry(manifest: unknown): PluginEntry {
  const name = String((manifest as { name?: unknown }).name);
  const check = checkManifest(manifest, name, { modelAliases: MODEL_ALIAS_NAMES });
  return { name, manifest, check, loaded: check.problems.length === 0 };
}

/** Every installed plugin: the original three, the modelled ones, the malformed ones. */
export const PLUGIN_CATALOG: PluginEntry[] = [...PLUGINS, ...MODELLED_PLUGINS, ...MALFORMED_PLUGINS].map(entry);

export function findPlugin(name: string): PluginEntry | undefined {
  return PLUGIN_CATALOG.find((p) => p.name === name);
}
