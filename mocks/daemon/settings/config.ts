// The simulator checks outside patterns as the daemon would, from the start: it installs their engine.
import '../../../src/domain/knobs/outside-pattern-engine';
import { applyConfigWrite, type ConfigDraft, type WriteResult } from '../../../src/domain/knobs/config-write';
import type { AttachedPlugin } from '../../../src/domain/knobs/cross-field';
import { ancestry, flattenConfig, resolveInheritance, unflattenConfig, type FlatValues } from '../../../src/domain/knobs/inheritance';
import { indexKnobs, pluginConfigKey } from '../../../src/domain/knobs/knob-kinds';
import { createKnobValidator, type KnobValidator } from '../../../src/domain/knobs/knob-validator';
import { DEFAULT_COMPACTION_CONFIG } from '../../engine/defaults';
import { MODEL_ALIAS_NAMES } from '../../store/catalog';
import { findPlugin, PLUGIN_CATALOG } from '../../store/plugin-catalog';
import type { AgentState, SessionState, Schemas } from '../../store/types';
import { builtinKnobs } from './builtin-knobs';
import { DaemonError } from '../errors';

type Values = Schemas['CompactionConfigValues'];
type ValueSource = Schemas['ValueSource'];
type PluginKnobValue = Values['plugin_knobs'][string][string];

/** Every settable knob by dotted config key: the built-in block and each plugin's well-formed knobs. */
export const KNOB_INDEX = indexKnobs(
  builtinKnobs(),
  PLUGIN_CATALOG.map((p) => ({ name: p.name, knobs: p.check.usableKnobs })),
);

/** The no-config fallback (ADR-0024 amendment 8) plus every plugin knob at its manifest default. */
export const DEFAULT_VALUES: Values = {
  ...DEFAULT_COMPACTION_CONFIG,
  // A plugin cannot declare a predicate_list knob (manifest-check), so its defaults are plugin_knobs values.
  plugin_knobs: Object.fromEntries(PLUGIN_CATALOG.map((p) => [p.name, Object.fromEntries(p.check.usableKnobs.map((k) => [k.key, k.default as PluginKnobValue]))])),
};

const DEFAULT_FLAT = flattenConfig(DEFAULT_VALUES);

let validator: KnobValidator | null = null;

/** The value rules of every knob (src/domain/knobs/knob-validator), compiled once. */
export function knobValidator(): KnobValidator {
  validator ??= createKnobValidator(KNOB_INDEX, { modelAliases: MODEL_ALIAS_NAMES });
  return validator;
}

export interface EffectiveConfig {
  values: Values;
  sources: Record<string, ValueSource>;
  /** Dotted key → the ancestor whose own value is inherited. */
  inherited_from: Record<string, string>;
}

/** Effective values by dotted key for the agent with `own` as its own values (default: its stored ones). */
export function effectiveFlat(session: SessionState, agent: AgentState, own: Readonly<FlatValues> = agent.own): FlatValues {
  const chain = ancestry(session.agents, agent.agent_path).map((a) => ({ agent_path: a.agent_path, own: a === agent ? own : a.own }));
  const resolved = resolveInheritance(chain, DEFAULT_FLAT);
  return Object.fromEntries(Object.entries(resolved).map(([k, r]) => [k, r.value]));
}

/** Effective values of an agent: its own, else the nearest ancestor's own, else the default; with where each comes from. */
export function effectiveConfig(session: SessionState, agent: AgentState): EffectiveConfig {
  const chain = ancestry(session.agents, agent.agent_path);
  const resolved = resolveInheritance(chain, DEFAULT_FLAT);
  const flat: FlatValues = {};
  const sources: Record<string, ValueSource> = {};
  const inherited_from: Record<string, string> = {};
  for (const [key, r] of Object.entries(resolved)) {
    flat[key] = r.value;
    sources[key] = r.source;
    if (r.source === 'inherited' && r.from !== null) inherited_from[key] = r.from;
  }
  return { values: unflattenConfig(flat), sources, inherited_from };
}

/** The plugins attached to an agent, with their declared roles and whether the host loaded them. */
export function attachedPlugins(agent: AgentState): AttachedPlugin[] {
  return agent.plugins.map((name) => {
    const plugin = findPlugin(name);
    return { name, roles: plugin?.check.roles ?? [], loaded: plugin?.loaded ?? false };
  });
}

/** Knob keys that exist but cannot be set on this agent, with why. */
function unsettableKeys(agent: AgentState): Map<string, string> {
  const out = new Map<string, string>();
  for (const plugin of PLUGIN_CATALOG) {
    const attached = agent.plugins.includes(plugin.name);
    for (const entry of plugin.check.knobs) {
      const key = pluginConfigKey(plugin.name, entry.id);
      if (!attached) out.set(key, `plugin ${plugin.name} is not attached to ${agent.agent_path}`);
      else if (entry.problems[0]) out.set(key, `cannot be set while its declaration is malformed: ${entry.problems[0].message}`);
    }
  }
  return out;
}

/** Checks a draft against every rule for this agent; applies nothing. */
export function checkConfigDraft(session: SessionState, agent: AgentState, draft: ConfigDraft): WriteResult {
  return applyConfigWrite(draft, {
    validator: knobValidator(),
    unsettable: unsettableKeys(agent),
    plugins: attachedPlugins(agent),
    own: agent.own,
    effective: (own) => effectiveFlat(session, agent, own),
  });
}

/**
 * Applies a write to an agent's own values: `set` gives new own values, `unset` removes own
 * values so they inherit again. Changes nothing when there are errors; bumps the version only
 * when something changed.
 */
export function writeConfig(session: SessionState, agent: AgentState, draft: ConfigDraft): WriteResult {
  const result = checkConfigDraft(session, agent, draft);
  if (result.errors.length === 0 && result.changes.length > 0) {
    agent.own = result.own;
    agent.config_version += 1;
  }
  return result;
}

/** The 422 answer: every field-level error, keyed by dotted config key. */
export function invalidConfig(errors: readonly Schemas['ConfigFieldError'][]): DaemonError {
  const summary = errors.map((e) => `${e.key}: ${e.message}`).join('; ');
  const message = errors.length === 1 ? `Invalid setting ${summary}` : `${errors.length} settings are invalid: ${summary}`;
  return new DaemonError(422, 'invalid_config', message, { errors: [...errors] });
}

/** The agent's effective values with unsaved values applied as if saved (dry run, manual compact); 422 when they are invalid. */
export function valuesWithDraft(session: SessionState, agent: AgentState, draft: ConfigDraft | undefined): Values {
  if (!draft || ((draft.unset ?? []).length === 0 && Object.keys(draft.set ?? {}).length === 0)) return effectiveConfig(session, agent).values;
  const result = checkConfigDraft(session, agent, draft);
  if (result.errors.length > 0) throw invalidConfig(result.errors);
  return unflattenConfig(result.after);
}
