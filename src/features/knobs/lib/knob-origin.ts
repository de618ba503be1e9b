// Where a knob's effective value comes from, in the operator's words: set on this agent,
// inherited from which ancestor, or the default; and what "reset to inherited" would give.

import type { components } from '../../../domain/contract/schema.gen';
import { sameValue } from '../../../domain/knobs/config-write';
import { flattenConfig, type ValueSource } from '../../../domain/knobs/inheritance';
import { displayKnobValue } from '../../../domain/knobs/knob-values';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];

export interface KnobOrigin {
  source: ValueSource;
  /** The agent whose own value it is (own, inherited); null for the default or when the daemon does not say. */
  from: string | null;
  text: string;
}

export function describeOrigin(source: ValueSource, from: string | null): KnobOrigin {
  if (source === 'own') return { source, from, text: 'set on this agent' };
  if (source === 'inherited') return { source, from, text: from ? `inherited from ${from}` : 'inherited from an ancestor' };
  return { source, from: null, text: 'default' };
}

/** The origin of a key's effective value in a config the daemon answered. */
export function originOf(config: AgentCompactionConfig, key: string): KnobOrigin {
  const source = config.sources[key] ?? 'default';
  const from = source === 'own' ? config.agent_path : source === 'inherited' ? (config.inherited_from?.[key] ?? null) : null;
  return describeOrigin(source, from);
}

/**
 * What a key becomes when the agent's own value is removed: the parent's effective value
 * (inherited from whoever set it there), or the default for a root agent.
 */
export function inheritedValue(key: string, parent: AgentCompactionConfig | null, defaultValue: unknown): { value: unknown; origin: KnobOrigin } {
  if (parent === null) return { value: defaultValue, origin: describeOrigin('default', null) };
  const origin = originOf(parent, key);
  const value = flattenConfig(parent.values)[key];
  if (origin.source === 'default') return { value: value === undefined ? defaultValue : value, origin };
  return { value, origin: describeOrigin('inherited', origin.from) };
}

/** The changed-from-default marker. */
export function differsFromDefault(value: unknown, defaultValue: unknown): boolean {
  return !sameValue(value, defaultValue);
}

/** What a knob shows beside its control: where its value comes from (with its unsaved edit), and what can be done. */
export interface KnobItemState {
  origin: KnobOrigin;
  unsaved: boolean;
  changedFromDefault: boolean;
  canReset: boolean;
}

/** A knob's state showing `value`, given the agent's saved config, its parent's and its unsaved edits. */
export function knobState(
  item: { key: string | null; defaultValue: unknown },
  value: unknown,
  agent: { config: AgentCompactionConfig; parent: AgentCompactionConfig | null; savedFlat: Readonly<Record<string, unknown>>; edits: { set: Record<string, unknown>; unset: readonly string[] } },
): KnobItemState {
  if (item.key === null) return { origin: describeOrigin('default', null), unsaved: false, changedFromDefault: false, canReset: false };
  const key = item.key;
  const { config, parent, savedFlat, edits } = agent;
  const saved = originOf(config, key);
  const isSet = key in edits.set;
  const isUnset = !isSet && edits.unset.includes(key);
  let origin = saved;
  if (isSet) origin = { ...saved, text: `was ${displayKnobValue(key, savedFlat[key] ?? item.defaultValue)} (${saved.text})` };
  if (isUnset) origin = { ...saved, text: `will be ${inheritedValue(key, parent, item.defaultValue).origin.text} (now ${saved.text})` };
  return { origin, unsaved: isSet || isUnset, changedFromDefault: differsFromDefault(value, item.defaultValue), canReset: saved.source === 'own' || isSet || isUnset };
}
