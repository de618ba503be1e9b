import { DEFAULT_COMPACTION_CONFIG } from '../engine/defaults';
import { PLUGINS } from '../store/catalog';
import type { AgentState, SessionState, Schemas } from '../store/types';

type Values = Schemas['CompactionConfigValues'];
type ValueSource = Schemas['ValueSource'];

/** The no-config fallback (ADR-0024 amendment 8) plus every plugin knob at its manifest default. */
export const DEFAULT_VALUES: Values = {
  ...DEFAULT_COMPACTION_CONFIG,
  plugin_knobs: Object.fromEntries(
    PLUGINS.map((p) => [p.name, Object.fromEntries(p.knobs.map((k) => [k.key, k.default]))]),
  ),
};

/** Every leaf of the config as a dotted key; arrays are leaves. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

function unflatten(flat: Record<string, unknown>): Values {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    parts.slice(0, -1).forEach((p) => {
      node[p] ??= {};
      node = node[p] as Record<string, unknown>;
    });
    node[parts[parts.length - 1] as string] = value;
  }
  return root as unknown as Values;
}

const DEFAULT_FLAT = flatten(DEFAULT_VALUES);

export interface EffectiveConfig {
  values: Values;
  sources: Record<string, ValueSource>;
}

/** Effective values of an agent: its own, else its parent's effective, else the default. */
export function effectiveConfig(session: SessionState, agent: AgentState): EffectiveConfig {
  const parent = agent.parent_path ? session.agents.find((a) => a.agent_path === agent.parent_path) : undefined;
  const inherited = parent ? effectiveConfig(session, parent) : undefined;
  const inheritedFlat = inherited ? flatten(inherited.values) : undefined;
  const flat: Record<string, unknown> = {};
  const sources: Record<string, ValueSource> = {};
  for (const key of Object.keys(DEFAULT_FLAT)) {
    if (key in agent.own) {
      flat[key] = agent.own[key];
      sources[key] = 'own';
    } else if (inherited && inheritedFlat) {
      flat[key] = inheritedFlat[key];
      sources[key] = inherited.sources[key] === 'default' ? 'default' : 'inherited';
    } else {
      flat[key] = DEFAULT_FLAT[key];
      sources[key] = 'default';
    }
  }
  return { values: unflatten(flat), sources };
}

export type ConfigWriteError = { field: string; message: string };

const KNOWN_KEYS = new Set(Object.keys(DEFAULT_FLAT));

function checkValue(key: string, value: unknown): string | null {
  const def = DEFAULT_FLAT[key];
  if (key === 'upper_threshold' || key === 'lower_threshold') {
    return typeof value === 'number' && value > 0 && value < 1 ? null : 'must be a number between 0 and 1 (exclusive)';
  }
  if (key === 'strategy') return ['drop', 'summarize', 'delegate', 'checkpoint'].includes(value as string) ? null : 'must be drop, summarize, delegate or checkpoint';
  if (key === 'checkpoint.sub_strategy') return value === 'drop' || value === 'summarize' ? null : 'must be drop or summarize';
  if (key === 'summarize.prompt') return typeof value === 'string' && /^(project|config):\//.test(value) ? null : 'must be a project:/ or config:/ path';
  if (key === 'delegate.plugin') {
    if (value === null) return null;
    const plugin = PLUGINS.find((p) => p.name === value);
    return plugin?.roles.includes('compactor') ? null : 'must name a plugin with the compactor role';
  }
  if (key === 'always_keep') {
    if (!Array.isArray(value)) return 'must be a list of predicates';
    for (const p of value as { id?: unknown; content_regex?: unknown }[]) {
      if (typeof p?.id !== 'string') return 'every predicate needs an id';
      if (typeof p.content_regex === 'string') {
        try {
          new RegExp(p.content_regex);
        } catch {
          return `predicate ${p.id}: content_regex is not a valid regular expression`;
        }
      }
    }
    return null;
  }
  if (key.startsWith('plugin_knobs.')) return checkKnob(key, value);
  if (Array.isArray(def)) return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : 'must be a list of strings';
  if (typeof def === 'number') return Number.isInteger(value) && (value as number) >= 0 ? null : 'must be a whole number ≥ 0';
  if (typeof def === 'boolean') return typeof value === 'boolean' ? null : 'must be true or false';
  if (def === null || typeof def === 'string') return value === null || typeof value === 'string' ? null : 'must be text';
  return null;
}

function checkKnob(key: string, value: unknown): string | null {
  const [, pluginName, knobKey] = key.split('.');
  const knob = PLUGINS.find((p) => p.name === pluginName)?.knobs.find((k) => k.key === knobKey);
  if (!knob) return 'unknown plugin knob';
  switch (knob.type) {
    case 'range':
      return typeof value === 'number' && value >= knob.min && value <= knob.max ? null : `must be a number from ${knob.min} to ${knob.max}`;
    case 'enum':
      return knob.options.some((o) => o.value === value) ? null : `must be one of ${knob.options.map((o) => o.value).join(', ')}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'text':
      return typeof value === 'string' && value.length <= (knob.max_length ?? Infinity) ? null : `must be text of at most ${knob.max_length} characters`;
    case 'model_alias':
      return value === null || typeof value === 'string' ? null : 'must be a model alias';
  }
}

/**
 * Applies a write to an agent's own values: `set` gives new own values, `unset` removes own
 * values so they inherit again. Returns the errors, if any, and changes nothing then.
 */
export function writeConfig(
  session: SessionState,
  agent: AgentState,
  set: Record<string, unknown>,
  unset: string[],
): ConfigWriteError[] {
  const errors: ConfigWriteError[] = [];
  for (const key of [...Object.keys(set), ...unset]) {
    if (!KNOWN_KEYS.has(key)) errors.push({ field: key, message: 'unknown setting' });
  }
  for (const [key, value] of Object.entries(set)) {
    const problem = KNOWN_KEYS.has(key) ? checkValue(key, value) : null;
    if (problem) errors.push({ field: key, message: problem });
  }
  if (errors.length > 0) return errors;
  const next = { ...agent.own, ...set };
  for (const key of unset) delete next[key];
  const { values } = effectiveConfig(session, { ...agent, own: next });
  if (values.lower_threshold >= values.upper_threshold) {
    return [{ field: 'lower_threshold', message: 'the lower threshold must be below the upper threshold' }];
  }
  agent.own = next;
  agent.config_version += 1;
  return [];
}
