// The kaged knob schema as TypeScript: the kinds, the knobs of known kinds, and the config
// keys knobs live under. Shared by the UI and the simulated daemon (mocks may import src/lib).

import type { components } from '../contract/schema.gen';

type S = components['schemas'];

/** A knob as the contract allows it, including a kind this client does not know. */
export type WireKnob = S['Knob'];
export type ManifestProblem = S['ManifestProblem'];
export type KnobGroup = S['KnobGroup'];
export type BuiltinKnobSchema = S['BuiltinKnobSchema'];
export type AlwaysKeepPredicate = S['AlwaysKeepPredicate'];

export const KNOWN_KINDS = ['range', 'enum', 'text', 'boolean', 'model_alias', 'string_list', 'predicate_list'] as const;
export type KnobKind = (typeof KNOWN_KINDS)[number];

/** A knob of a kind this client knows. */
export type Knob = Extract<WireKnob, { type: KnobKind }>;
export type KnobOf<K extends KnobKind> = Extract<WireKnob, { type: K }>;
export type RangeKnob = KnobOf<'range'>;
export type EnumKnob = KnobOf<'enum'>;
export type TextKnob = KnobOf<'text'>;
export type BooleanKnob = KnobOf<'boolean'>;
export type ModelAliasKnob = KnobOf<'model_alias'>;
export type StringListKnob = KnobOf<'string_list'>;
export type PredicateListKnob = KnobOf<'predicate_list'>;

export function isKnownKind(kind: unknown): kind is KnobKind {
  return typeof kind === 'string' && (KNOWN_KINDS as readonly string[]).includes(kind);
}

/** Kinds only kaged's own compaction block uses; a plugin manifest may not declare them. */
export const BUILTIN_ONLY_KINDS: readonly KnobKind[] = ['predicate_list'];

export const KNOB_KEY_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
export const GROUP_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Plugin names become one segment of a dotted config key: no dots, no whitespace. */
export const PLUGIN_NAME_PATTERN = /^[A-Za-z0-9@][A-Za-z0-9@/_-]*$/;

export const PLUGIN_KNOBS = 'plugin_knobs';

/** The dotted config key of a plugin's knob: plugin_knobs.<plugin>.<knob key>. */
export function pluginConfigKey(plugin: string, knobKey: string): string {
  return `${PLUGIN_KNOBS}.${plugin}.${knobKey}`;
}

export type ConfigKeyRef = { scope: 'builtin'; key: string } | { scope: 'plugin'; plugin: string; knob: string };

/** Which knob a dotted config key names: the plugin is the segment after plugin_knobs, the rest is the knob key. */
export function parseConfigKey(key: string): ConfigKeyRef {
  if (!key.startsWith(`${PLUGIN_KNOBS}.`)) return { scope: 'builtin', key };
  const rest = key.slice(PLUGIN_KNOBS.length + 1);
  const dot = rest.indexOf('.');
  if (dot <= 0 || dot === rest.length - 1) return { scope: 'builtin', key };
  return { scope: 'plugin', plugin: rest.slice(0, dot), knob: rest.slice(dot + 1) };
}

/** The built-in knobs holding a threshold: a fraction of the context window in the API and config, a percent of it on every screen. */
export const THRESHOLD_KEYS: readonly string[] = ['upper_threshold', 'lower_threshold'];

/** Whether the knob at this dotted config key is a threshold (shown and typed as a percent). */
export function isThresholdKey(key: string | null): boolean {
  return key !== null && THRESHOLD_KEYS.includes(key);
}

/** Whether null is an allowed value of the knob. */
export function allowsNull(knob: Knob): boolean {
  return (knob.type === 'enum' || knob.type === 'model_alias') && knob.nullable === true;
}

/** A knob as a config key sees it: where it comes from and whether it can be set. */
export interface IndexedKnob {
  /** The dotted config key. */
  key: string;
  /** null for a built-in knob. */
  plugin: string | null;
  knob: Knob;
}

/** Every settable knob by dotted config key: the built-in block, then each plugin's well-formed knobs. */
export function indexKnobs(builtin: readonly Knob[], plugins: readonly { name: string; knobs: readonly Knob[] }[]): Map<string, IndexedKnob> {
  const index = new Map<string, IndexedKnob>();
  for (const knob of builtin) index.set(knob.key, { key: knob.key, plugin: null, knob });
  for (const p of plugins) {
    for (const knob of p.knobs) {
      const key = pluginConfigKey(p.name, knob.key);
      index.set(key, { key, plugin: p.name, knob });
    }
  }
  return index;
}
