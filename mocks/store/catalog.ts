import type { components } from '../../src/domain/contract/schema.gen';

type ModelAlias = components['schemas']['ModelAlias'];
type PluginManifest = components['schemas']['PluginManifest'];
type PromptPath = components['schemas']['PromptPath'];

/**
 * The simulated daemon's model-metadata catalog (ADR-0026): catalog windows, operator
 * overrides, and one model absent from the catalog so the 128k fallback shows.
 */
export const MODEL_ALIASES: ModelAlias[] = [
  alias('opus', 'anthropic', 'claude-opus-4-6', 200_000, null, 15, 75),
  alias('sonnet', 'anthropic', 'claude-sonnet-4-5', 200_000, null, 3, 15),
  alias('haiku', 'anthropic', 'claude-haiku-4-5', 200_000, null, 1, 5),
  alias('gpt', 'openai', 'gpt-5.1', 272_000, null, 1.25, 10),
  alias('deepseek', 'deepseek', 'deepseek-chat', 128_000, 32_000, 0.27, 1.1),
  alias('local-qwen', 'ollama', 'qwen3-coder:30b', null, null, 0, 0),
  alias('vllm-tuned', 'vllm', 'kaged-ft-32k', null, 32_000, 0, 0),
];

function alias(
  name: string,
  provider: string,
  model: string,
  catalog: number | null,
  override: number | null,
  inPrice: number,
  outPrice: number,
): ModelAlias {
  return {
    alias: name,
    provider,
    model,
    max_input_tokens: override ?? catalog ?? 128_000,
    catalog_max_input_tokens: catalog,
    overridden: override !== null,
    input_usd_per_mtok: inPrice,
    output_usd_per_mtok: outPrice,
  };
}

/**
 * A model id as the catalog names it, LiteLLM-style: provider prefix ("anthropic:", "anthropic/")
 * and a release-date suffix ("-20250929", "-2025-09-29", "@20250929") or "-latest" removed, so a
 * dated id resolves to its catalog entry instead of the 128k fallback.
 */
export function canonicalModelName(model: string): string {
  const bare = model.replace(/^[a-z0-9_.-]+[:/](?=[^:/]+$)/i, '');
  return bare.replace(/(?:[-@](?:\d{8}|\d{4}-\d{2}-\d{2})|-latest)$/i, '').toLowerCase();
}

export function findModel(aliasOrModel: string): ModelAlias | undefined {
  const exact = MODEL_ALIASES.find((m) => m.alias === aliasOrModel || `${m.provider}:${m.model}` === aliasOrModel);
  if (exact) return exact;
  const provider = /^([a-z0-9_.-]+)[:/]/i.exec(aliasOrModel)?.[1]?.toLowerCase();
  const name = canonicalModelName(aliasOrModel);
  return MODEL_ALIASES.find((m) => canonicalModelName(m.model) === name && (provider === undefined || provider === m.provider));
}

/** Plugin manifests, with knob schemas in the kaged knob vocabulary (range, enum, text, boolean, model alias). */
export const PLUGINS: PluginManifest[] = [
  {
    name: 'hindsight',
    version: '0.4.2',
    description: 'Memory backend that retains key facts across compactions and can compact the list itself.',
    roles: ['observer', 'compactor'],
    hooks: ['on_session_start', 'pre_compact', 'post_compact'],
    knobs: [
      { type: 'range', key: 'retain_top_k', label: 'Facts retained', min: 0, max: 50, step: 1, default: 12, description: 'Key facts kept through each compaction.' },
      { type: 'range', key: 'similarity_floor', label: 'Similarity floor', min: 0, max: 1, step: 0.05, default: 0.7 },
      { type: 'enum', key: 'granularity', label: 'Summary granularity', options: [{ value: 'turn', label: 'Per turn' }, { value: 'task', label: 'Per task' }, { value: 'session', label: 'Whole session' }], default: 'task' },
      { type: 'model_alias', key: 'summarizer', label: 'Summarizer model', default: 'haiku' },
      { type: 'boolean', key: 'inject_on_compact', label: 'Inject memories after compaction', default: true },
      {
        type: 'enum',
        key: 'simulate_failure',
        label: 'Simulated failure (simulator only)',
        description: 'Makes the simulated compactor fail so the drop fallback can be exercised.',
        options: [
          { value: 'none', label: 'None' },
          { value: 'throw', label: 'Throw' },
          { value: 'timeout', label: 'Time out' },
          { value: 'invalid_split_pair', label: 'Split a tool pair' },
          { value: 'invalid_dropped_always_keep', label: 'Drop an always-keep message' },
        ],
        default: 'none',
      },
    ],
  },
  {
    name: 'memory-markdown',
    version: '1.2.0',
    description: 'Writes compaction summaries to a markdown journal; observer only.',
    roles: ['observer'],
    hooks: ['pre_compact', 'post_compact', 'on_session_idle'],
    knobs: [
      { type: 'text', key: 'journal_path', label: 'Journal path', default: 'project:/.kaged/journal.md', max_length: 200 },
      { type: 'boolean', key: 'include_tool_output', label: 'Include tool output', default: false },
    ],
  },
  {
    name: 'guard-rails',
    version: '0.9.0',
    description: 'Marks messages carrying operator constraints as always-keep.',
    roles: ['observer'],
    hooks: ['pre_compact'],
    knobs: [
      { type: 'text', key: 'marker', label: 'Constraint marker', default: 'MUST', max_length: 40 },
      { type: 'text', key: 'notes_template', label: 'Retained note template', default: 'Kept: {reason}', multiline: true, max_length: 2000 },
    ],
  },
];

export const PROMPTS: PromptPath[] = [
  { path: 'config:/prompts/compaction-summary.md', scope: 'config', title: 'Default compaction summary (structured handoff)' },
  { path: 'project:/prompts/terse-summary.md', scope: 'project', title: 'Terse summary, decisions only' },
  { path: 'project:/prompts/code-review-handoff.md', scope: 'project', title: 'Code-review handoff' },
];
