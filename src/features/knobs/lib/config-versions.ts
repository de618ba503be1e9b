// An agent's earlier config versions, rebuilt from its saved changes (GET …/compaction-config/
// history, newest first: each save lists its keys' effective values old → new): the values of a
// version, two versions side by side, and the edits that bring a version back (saved like any
// other edit: reviewed, then a versioned PUT that answers 409 if someone saved meanwhile).

import type { components } from '../../../domain/contract/schema.gen';
import { sameValue } from '../../../domain/knobs/config-write';
import { flattenConfig, type FlatValues } from '../../../domain/knobs/inheritance';
import { editValue, resetToInherited, type PendingEdits } from './pending-changes';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];
type ConfigChangeEvent = Pick<components['schemas']['ConfigChangeEvent'], 'version' | 'changes'>;

/** The saves after `version` (newest first), when the list holds every one of them up to the config's version; else null. */
function savesAfter(config: AgentCompactionConfig, events: readonly ConfigChangeEvent[], version: number): ConfigChangeEvent[] | null {
  if (version < 1 || version > config.version) return null;
  const after = events.filter((e) => e.version > version).sort((a, b) => b.version - a.version);
  return after.length === config.version - version && after.every((e, i) => e.version === config.version - i) ? after : null;
}

/** The effective values (dotted keys) the agent had at `version`; null when the history loaded does not reach back to it. */
export function valuesAtVersion(config: AgentCompactionConfig, events: readonly ConfigChangeEvent[], version: number): FlatValues | null {
  const after = savesAfter(config, events, version);
  if (after === null) return null;
  const values = flattenConfig(config.values);
  // Newest to oldest: a key's value at `version` is the old value of its earliest change after it.
  for (const e of after) for (const c of e.changes) values[c.key] = c.old;
  return values;
}

export interface VersionDifference {
  key: string;
  a: unknown;
  b: unknown;
}

/** The keys whose effective values differ between versions `a` and `b`, in key order; null when either cannot be rebuilt. */
export function compareVersions(config: AgentCompactionConfig, events: readonly ConfigChangeEvent[], a: number, b: number): VersionDifference[] | null {
  const va = valuesAtVersion(config, events, a);
  const vb = valuesAtVersion(config, events, b);
  if (va === null || vb === null) return null;
  const keys = [...new Set([...Object.keys(va), ...Object.keys(vb)])].sort();
  return keys.filter((k) => !sameValue(va[k], vb[k])).map((key) => ({ key, a: va[key], b: vb[key] }));
}

/**
 * The edits (over `edits`, the agent's unsaved ones) that bring back the effective values of
 * `version`. A key that was the agent's own then is set again; one that took the value it would
 * inherit now returns to inheriting. Null when the history loaded does not reach back to it.
 */
export function revertEdits(config: AgentCompactionConfig, events: readonly ConfigChangeEvent[], version: number, edits: PendingEdits, inherited: (key: string) => unknown): PendingEdits | null {
  const after = savesAfter(config, events, version);
  const then = valuesAtVersion(config, events, version);
  if (after === null || then === null) return null;
  // Each key's earliest change after the version: an unset there means the value was the agent's own.
  const first = new Map<string, 'set' | 'unset'>();
  for (const e of after) for (const c of e.changes) first.set(c.key, c.action);
  let next = edits;
  for (const [key, action] of first) {
    const value = then[key];
    next = action === 'set' && sameValue(value, inherited(key)) ? resetToInherited(next, config, [key]) : editValue(next, config, key, value);
  }
  return next;
}
