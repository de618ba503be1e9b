import type { ModelPrices } from '../../src/domain/accounting/cost';
import { bareModelName, lookupModel, modelProvider } from '../../src/domain/accounting/models';
import type { components } from '../../src/domain/contract/schema.gen';
import table from './model-catalog.json';

type PluginManifest = components['schemas']['PluginManifest'];
type PromptPath = components['schemas']['PromptPath'];

/** A model as LiteLLM's model map describes it (model-catalog.json says which copy of the map). */
export interface CatalogModel {
  /** The map's bare name, e.g. "claude-opus-4-6". */
  name: string;
  provider: string;
  /** Null: the map gives no window (the 128k fallback applies). */
  max_input_tokens: number | null;
  prices: ModelPrices;
}

type Row = [string, string, number | null, number | null, number | null, number | null, number | null, string, string];

const CATALOG: ReadonlyMap<string, CatalogModel> = new Map(
  (table.models as Row[]).map(([name, provider, window, input, cacheRead, cacheWrite, output]) => [
    name,
    { name, provider, max_input_tokens: window, prices: { input: input ?? 0, cache_read: cacheRead, cache_write: cacheWrite, output: output ?? 0 } },
  ]),
);

/** The catalog's entry for a model id (dated, prefixed or not); another provider's model of the same name is not it. */
export function catalogModel(id: string): CatalogModel | undefined {
  const entry = lookupModel(CATALOG, id);
  const provider = modelProvider(id);
  return entry && (provider === null || provider === entry.provider) ? entry : undefined;
}

/** Every catalog entry, by bare name. */
export function catalogModels(): ReadonlyMap<string, CatalogModel> {
  return CATALOG;
}

/** The simulated daemon's model aliases (the model_alias knob's choices) and the models they name. */
const ALIASES: ReadonlyArray<[alias: string, id: string]> = [
  ['opus', 'anthropic:claude-opus-4-6'],
  ['sonnet', 'anthropic:claude-sonnet-4-5'],
  ['haiku', 'anthropic:claude-haiku-4-5'],
  ['gpt', 'openai:gpt-5.1'],
  ['deepseek', 'deepseek:deepseek-chat'],
  // Two models no catalog describes: a local model (the 128k fallback shows) and a fine-tune whose window the operator set.
  ['local-qwen', 'ollama:qwen3-coder:30b'],
  ['vllm-tuned', 'vllm:kaged-ft-32k'],
];

export const MODEL_ALIAS_NAMES: readonly string[] = ALIASES.map(([alias]) => alias);

/** A model as the simulator uses it: named by an alias or by any provider:model id. */
export interface ModelInfo {
  alias: string | null;
  /** provider:model as written (a dated id stays dated). */
  id: string;
  provider: string;
  catalog: CatalogModel | undefined;
  /** The key its window override is kept under: provider:name, the catalog's name when it has one. */
  windowKey: string;
}

function info(alias: string | null, id: string): ModelInfo {
  const catalog = catalogModel(id);
  const provider = modelProvider(id) ?? catalog?.provider ?? 'unknown';
  const bare = bareModelName(id);
  return { alias, id: id.includes(':') ? id : `${provider}:${bare}`, provider, catalog, windowKey: `${provider}:${catalog?.name ?? bare}` };
}

/** The model an alias names, or the model an id names (catalog entry or not). */
export function findModel(aliasOrModel: string): ModelInfo {
  let found = resolved.get(aliasOrModel);
  if (!found) {
    const aliased = ALIASES.find(([alias]) => alias === aliasOrModel);
    found = aliased ? info(aliased[0], aliased[1]) : info(null, aliasOrModel);
    // Every call of every agent asks: remembered per id (a bounded set: the ids the data names).
    if (resolved.size >= 10_000) resolved.clear();
    resolved.set(aliasOrModel, found);
  }
  return found;
}

const resolved = new Map<string, ModelInfo>();

/** The window overrides the seeded daemon starts with (an operator set the fine-tune's window), by ModelInfo.windowKey. */
export const SEEDED_WINDOW_OVERRIDES: Readonly<Record<string, number>> = { 'vllm:kaged-ft-32k': 32_000 };

/** A model's prices: the catalog's, else nothing is charged (a local or unknown model). */
export function pricesOf(model: ModelInfo): ModelPrices {
  return model.catalog?.prices ?? { input: 0, cache_read: null, cache_write: null, output: 0 };
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

/** The prompts' texts (the simulated summarizer follows the default one's headings: engine/summarizer.ts). */
const DEFAULT_SUMMARY_PROMPT = [
  'You are compacting the history of a coding agent. Summarize the messages below so that the agent can continue the task without them.',
  '',
  'Write these sections, in this order, each as short bullet points:',
  '## Goal',
  '## Constraints & Preferences',
  '## Progress',
  '## Key Decisions',
  '## Next Steps',
  '## Critical Context',
  '',
  'Keep file paths, commands, error messages and identifiers exactly as written. Do not invent anything the messages do not say.',
].join('\n');

const TERSE_SUMMARY_PROMPT = [
  'Summarize the messages below in at most ten bullet points.',
  'List only the decisions taken and why, and what is left to do. Leave out exploration that led nowhere.',
].join('\n');

const REVIEW_HANDOFF_PROMPT = [
  'The agent is reviewing code. Summarize the messages below as a review handoff:',
  '- the files and functions reviewed, with the findings on each (severity, line, suggested change);',
  '- the findings already fixed, and how;',
  '- the questions still open for the author.',
].join('\n');

export const PROMPTS: PromptPath[] = [
  { path: 'config:/prompts/compaction-summary.md', scope: 'config', title: 'Default compaction summary (structured handoff)', text: DEFAULT_SUMMARY_PROMPT },
  { path: 'project:/prompts/terse-summary.md', scope: 'project', title: 'Terse summary, decisions only', text: TERSE_SUMMARY_PROMPT },
  { path: 'project:/prompts/code-review-handoff.md', scope: 'project', title: 'Code-review handoff', text: REVIEW_HANDOFF_PROMPT },
];
