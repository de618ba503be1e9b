import type { BuiltinKnobSchema, Knob, KnobGroup } from '../../../src/domain/knobs/knob-kinds';
import { DEFAULT_COMPACTION_CONFIG } from '../../engine/defaults';
import { PLUGIN_CATALOG } from '../../store/plugin-catalog';

const D = DEFAULT_COMPACTION_CONFIG;

const ratio = (key: 'upper_threshold' | 'lower_threshold', label: string, description: string): Knob => ({
  type: 'range',
  key,
  label,
  group: 'trigger',
  min: 0.05,
  max: 0.99,
  step: 0.01,
  unit: '× window',
  default: D[key],
  description,
});

/** Compactor plugins the daemon can delegate to (well-formed manifests with the compactor role). */
function compactorOptions() {
  return PLUGIN_CATALOG.filter((p) => p.loaded && p.check.roles.includes('compactor')).map((p) => ({
    value: p.name,
    label: p.name,
    ...(p.check.description ? { description: p.check.description } : {}),
  }));
}

/**
 * GET /compaction/knob-schema: the built-in compaction block (ADR-0024 and the 2026-06-06
 * amendments) as knobs, with the defaults the daemon falls back to. Keys are dotted config keys.
 */
export function builtinKnobSchema(): BuiltinKnobSchema {
  return { groups: BUILTIN_GROUPS, knobs: builtinKnobs() };
}

const BUILTIN_GROUPS: KnobGroup[] = [
  { id: 'trigger', label: 'Trigger', description: 'When compaction fires and how far it compacts (hysteresis).' },
  { id: 'strategy', label: 'Strategy', description: 'What compaction does once it fires.' },
  { id: 'summarize', label: 'Summarize', description: 'The summarizer used by summarize, and by drop when it can (summarize-at-threshold).' },
  { id: 'prune', label: 'Pruning pre-pass', description: 'Replaces old large tool results by a short notice before every estimate; not a compaction.' },
  { id: 'always_keep', label: 'Always keep', description: 'Messages never compacted, beyond the system prompt and the first operator message.' },
];

export function builtinKnobs(): Knob[] {
  return [
    ratio('upper_threshold', 'Upper threshold', 'Compaction fires when the estimate reaches this share of the context window.'),
    ratio('lower_threshold', 'Lower threshold', 'Compaction continues until the estimate is at or below this share; must be below the upper threshold.'),
    {
      type: 'enum',
      key: 'strategy',
      label: 'Strategy',
      group: 'strategy',
      options: [
        { value: 'drop', label: 'Drop', description: 'Drop the oldest messages (summarize first when a summarizer is configured).' },
        { value: 'summarize', label: 'Summarize', description: 'Replace a window of older messages by a model-written summary.' },
        { value: 'delegate', label: 'Delegate', description: 'Hand the list to the compactor plugin; drop if it fails.' },
        { value: 'checkpoint', label: 'Checkpoint', description: 'Pause the session until an operator approves the proposal.' },
      ],
      default: D.strategy,
    },
    {
      type: 'enum',
      key: 'delegate.plugin',
      label: 'Compactor plugin',
      group: 'strategy',
      description: 'The plugin the delegate strategy calls; it must be attached to the agent with the compactor role.',
      options: compactorOptions(),
      nullable: true,
      null_label: 'None',
      default: D.delegate.plugin,
    },
    { type: 'range', key: 'delegate.timeout_ms', label: 'Compactor timeout', group: 'strategy', min: 100, max: 300_000, step: 100, unit: 'ms', default: D.delegate.timeout_ms, description: 'A compactor slower than this is abandoned and drop runs instead.' },
    {
      type: 'enum',
      key: 'checkpoint.sub_strategy',
      label: 'Checkpoint proposes',
      group: 'strategy',
      description: 'What a checkpoint proposes for approval.',
      options: [
        { value: 'drop', label: 'Drop', description: 'Propose dropping the oldest messages.' },
        { value: 'summarize', label: 'Summarize', description: 'Propose a summary of older messages.' },
      ],
      default: D.checkpoint.sub_strategy,
    },
    { type: 'boolean', key: 'summarize.enabled', label: 'Summarize at threshold', group: 'summarize', default: D.summarize.enabled, description: 'Lets drop try a summary first.' },
    { type: 'model_alias', key: 'summarize.model', label: 'Summarizer model', group: 'summarize', nullable: true, null_label: "The agent's own model", default: D.summarize.model },
    { type: 'text', key: 'summarize.prompt', label: 'Summarizer prompt', group: 'summarize', pattern: '^(project|config):/\\S+$', max_length: 300, suggest: 'prompts', default: D.summarize.prompt, description: 'A project:/ or config:/ path.' },
    { type: 'range', key: 'summarize.window_messages', label: 'Summary window', group: 'summarize', min: 1, max: 500, step: 1, unit: 'messages', default: D.summarize.window_messages, description: 'At least this many older messages go into one summary.' },
    { type: 'range', key: 'summarize.preserve_recent', label: 'Preserve recent', group: 'summarize', min: 0, max: 500, step: 1, unit: 'messages', default: D.summarize.preserve_recent, description: 'The most recent messages never summarized; must be below the summary window.' },
    { type: 'range', key: 'summarize.max_summary_tokens', label: 'Summary length cap', group: 'summarize', min: 100, max: 16_000, step: 50, unit: 'tokens', default: D.summarize.max_summary_tokens },
    { type: 'range', key: 'prune.protect_tokens', label: 'Protect recent tool output', group: 'prune', min: 0, max: 500_000, step: 1000, unit: 'tokens', default: D.prune.protect_tokens },
    { type: 'range', key: 'prune.minimum_savings', label: 'Minimum savings', group: 'prune', min: 0, max: 500_000, step: 1000, unit: 'tokens', default: D.prune.minimum_savings, description: 'Prune only when it saves at least this much.' },
    {
      type: 'string_list',
      key: 'prune.protected_tools',
      label: 'Protected tools',
      group: 'prune',
      max_items: 50,
      item_max_length: 100,
      item_pattern: '^[A-Za-z0-9_.:-]+$',
      default: [...D.prune.protected_tools],
      description: 'Tool names whose results are never pruned.',
    },
    { type: 'predicate_list', key: 'always_keep', label: 'Always-keep predicates', group: 'always_keep', default: [...D.always_keep], description: 'A message matching any predicate (role, content regex, tool name) is never compacted.' },
  ];
}
