// Unsaved knob edits per agent: what is set, what returns to inheriting; the old → new list
// shown before saving; the PUT body; and what to show when a save meets a newer version (409).
// Edits are plain JSON so they can be kept across navigation and reloads.

import type { components } from '../../../domain/contract/schema.gen';
import { sameValue } from '../../../domain/knobs/config-write';
import { flattenConfig } from '../../../domain/knobs/inheritance';
import { inheritedValue, originOf, describeOrigin, type KnobOrigin } from './knob-origin';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];
type ConfigChangeEvent = components['schemas']['ConfigChangeEvent'];
type CompactionConfigWrite = components['schemas']['CompactionConfigWrite'];

export interface PendingEdits {
  /** Config key → the new own value. */
  set: Record<string, unknown>;
  /** Keys whose own value is removed, so they inherit again. */
  unset: string[];
}

export const emptyEdits = (): PendingEdits => ({ set: {}, unset: [] });

export function isEmpty(edits: PendingEdits): boolean {
  return Object.keys(edits.set).length === 0 && edits.unset.length === 0;
}

/** Edits after the operator sets `key` to `value`; setting the saved value back drops the edit. */
export function editValue(edits: PendingEdits, config: AgentCompactionConfig, key: string, value: unknown): PendingEdits {
  const set = { ...edits.set };
  const unset = edits.unset.filter((k) => k !== key);
  const saved = flattenConfig(config.values)[key];
  if (sameValue(saved, value)) delete set[key];
  else set[key] = value;
  return { set, unset };
}

/** Edits after "reset to inherited": an own value is removed; an edit of an inherited value is dropped. */
export function resetToInherited(edits: PendingEdits, config: AgentCompactionConfig, keys: readonly string[]): PendingEdits {
  const set = { ...edits.set };
  const unset = new Set(edits.unset);
  for (const key of keys) {
    delete set[key];
    if (config.sources[key] === 'own') unset.add(key);
  }
  return { set, unset: [...unset] };
}

/** Edits without any change to `keys` (discard). */
export function discard(edits: PendingEdits, keys: readonly string[]): PendingEdits {
  const set = { ...edits.set };
  for (const key of keys) delete set[key];
  return { set, unset: edits.unset.filter((k) => !keys.includes(k)) };
}

export function toConfigWrite(version: number, edits: PendingEdits): CompactionConfigWrite {
  return { version, set: { ...edits.set }, unset: [...edits.unset] };
}

export interface PendingChange {
  key: string;
  action: 'set' | 'unset';
  old: unknown;
  new: unknown;
  oldOrigin: KnobOrigin;
  newOrigin: KnobOrigin;
}

/**
 * The old → new list of one agent's edits, by key. `parent` is the parent agent's config (null
 * for a root agent); `defaults` the knobs' defaults by key.
 */
export function pendingChanges(config: AgentCompactionConfig, edits: PendingEdits, parent: AgentCompactionConfig | null, defaults: ReadonlyMap<string, unknown>): PendingChange[] {
  const flat = flattenConfig(config.values);
  const changes: PendingChange[] = [];
  for (const [key, value] of Object.entries(edits.set)) {
    changes.push({ key, action: 'set', old: flat[key], new: value, oldOrigin: originOf(config, key), newOrigin: describeOrigin('own', config.agent_path) });
  }
  for (const key of edits.unset) {
    if (key in edits.set) continue;
    const inherited = inheritedValue(key, parent, defaults.get(key));
    changes.push({ key, action: 'unset', old: flat[key], new: inherited.value, oldOrigin: originOf(config, key), newOrigin: inherited.origin });
  }
  return changes.sort((a, b) => a.key.localeCompare(b.key));
}

export interface AgentPending {
  agent_path: string;
  changes: PendingChange[];
}

/** The pending changes of every agent with edits, in the order given (the agent tree's). */
export function pendingByAgent(agents: readonly { config: AgentCompactionConfig; edits: PendingEdits; parent: AgentCompactionConfig | null; defaults: ReadonlyMap<string, unknown> }[]): AgentPending[] {
  return agents
    .filter((a) => !isEmpty(a.edits))
    .map((a) => ({ agent_path: a.config.agent_path, changes: pendingChanges(a.config, a.edits, a.parent, a.defaults) }));
}

/** A save that met a newer version (409): the edits it carried, and the daemon's current config with what changed since. */
export interface Conflict {
  agent: string;
  edits: PendingEdits;
  details: components['schemas']['ConfigVersionConflict']['details'];
}

export interface StaleConflict {
  key: string;
  yours: unknown;
  /** The newest save that changed the key since your version. */
  theirs: { value: unknown; actor: string; at: string; version: number; action: 'set' | 'unset' };
}

/** After a 409: the keys you edited that someone else changed since your version, with both values. */
export function staleConflicts(edits: PendingEdits, changesSince: readonly ConfigChangeEvent[]): StaleConflict[] {
  const yours = new Map<string, unknown>([...edits.unset.map((k): [string, unknown] => [k, undefined]), ...Object.entries(edits.set)]);
  const out: StaleConflict[] = [];
  const seen = new Set<string>();
  // changes_since is newest first: the first change of a key is the current one.
  for (const event of changesSince) {
    for (const c of event.changes) {
      if (!yours.has(c.key) || seen.has(c.key)) continue;
      seen.add(c.key);
      out.push({ key: c.key, yours: yours.get(c.key), theirs: { value: c.new, actor: event.actor, at: event.at, version: event.version, action: c.action } });
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Whether the daemon's config holds edits made on version `base`: a later version in which every
 * edit is already the saved value. A save read again after an answer that could not be trusted is
 * judged by it, and so is a 409 (the network resent a save the daemon had applied, or the same
 * values were saved elsewhere): nothing differs to choose between.
 */
export function holdsEdits(edits: PendingEdits, base: number, current: AgentCompactionConfig): boolean {
  return current.version > base && isEmpty(rebaseEdits(edits, current));
}

/** Your edits re-based on the current config ("keep mine"): edits that now equal the saved values are dropped. */
export function rebaseEdits(edits: PendingEdits, current: AgentCompactionConfig): PendingEdits {
  let next: PendingEdits = { set: {}, unset: edits.unset.filter((k) => current.sources[k] === 'own') };
  for (const [key, value] of Object.entries(edits.set)) next = editValue(next, current, key, value);
  return next;
}

/** Edits read back from storage; anything that is not edits gives null (never throws). */
export function parseStoredEdits(raw: unknown): PendingEdits | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { set, unset } = raw as { set?: unknown; unset?: unknown };
  if (typeof set !== 'object' || set === null || Array.isArray(set)) return null;
  if (!Array.isArray(unset) || !unset.every((k) => typeof k === 'string')) return null;
  return { set: { ...(set as Record<string, unknown>) }, unset: [...unset] };
}

/** How many knobs an agent's edits change (a key both set and unset counts once). */
export function countEdits(edits: PendingEdits): number {
  return Object.keys(edits.set).length + edits.unset.filter((k) => !(k in edits.set)).length;
}

/**
 * After a 409, the edits the operator keeps, on the current config: all of them ('mine'), or
 * only those of keys nobody else changed since their version ('theirs' wins the others).
 */
export function editsAfterConflict(edits: PendingEdits, current: AgentCompactionConfig, changesSince: readonly ConfigChangeEvent[], choice: 'mine' | 'theirs'): PendingEdits {
  const kept = rebaseEdits(edits, current);
  if (choice === 'mine') return kept;
  const theirs = new Set(changesSince.flatMap((e) => e.changes.map((c) => c.key)));
  return { set: Object.fromEntries(Object.entries(kept.set).filter(([k]) => !theirs.has(k))), unset: kept.unset.filter((k) => !theirs.has(k)) };
}
