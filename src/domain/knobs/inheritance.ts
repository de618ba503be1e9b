// Per-agent config inheritance (ADR-0024: a subagent inherits from its parent unless it
// overrides): every dotted key resolves to the nearest own value on the agent's ancestry, else
// the default, with where it came from. Shared by the simulated daemon and the knobs screen.

import type { components } from '../contract/schema.gen';
import { parseConfigKey, PLUGIN_KNOBS } from './knob-kinds';

type Values = components['schemas']['CompactionConfigValues'];
export type ValueSource = components['schemas']['ValueSource'];
export type FlatValues = Record<string, unknown>;

/**
 * Every leaf of a config as a dotted key. Arrays are leaves; a plugin's knobs are one level
 * (plugin_knobs.<plugin>.<knob key>, the knob key may itself hold dots).
 */
export function flattenConfig(values: unknown): FlatValues {
  const out: FlatValues = {};
  const walk = (value: unknown, prefix: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (key === PLUGIN_KNOBS && v !== null && typeof v === 'object') {
          for (const [plugin, knobs] of Object.entries(v as Record<string, unknown>)) {
            for (const [knob, kv] of Object.entries((knobs ?? {}) as Record<string, unknown>)) out[`${PLUGIN_KNOBS}.${plugin}.${knob}`] = kv;
          }
        } else walk(v, key);
      }
    } else out[prefix] = value;
  };
  walk(values, '');
  return out;
}

/** The inverse of flattenConfig. */
export function unflattenConfig(flat: Readonly<FlatValues>): Values {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const ref = parseConfigKey(key);
    const parts = ref.scope === 'plugin' ? [PLUGIN_KNOBS, ref.plugin, ref.knob] : key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      node[p] ??= {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return root as unknown as Values;
}

/** One agent on a chain of ancestry: its path and its own values by dotted key. */
export interface AgentOwn {
  agent_path: string;
  own: Readonly<FlatValues>;
}

export interface ResolvedKey {
  value: unknown;
  source: ValueSource;
  /** The agent whose own value it is: this agent (own), an ancestor (inherited), null (default). */
  from: string | null;
}

/**
 * Resolves `keys` for the last agent of `chain` (root first, the agent itself last): its own
 * value, else the nearest ancestor's own value, else the default.
 */
export function resolveInheritance(chain: readonly AgentOwn[], defaults: Readonly<FlatValues>, keys: Iterable<string> = Object.keys(defaults)): Record<string, ResolvedKey> {
  const self = chain[chain.length - 1];
  const out: Record<string, ResolvedKey> = {};
  for (const key of keys) {
    let resolved: ResolvedKey = { value: defaults[key], source: 'default', from: null };
    for (let i = chain.length - 1; i >= 0; i -= 1) {
      const agent = chain[i] as AgentOwn;
      if (Object.hasOwn(agent.own, key)) {
        resolved = { value: agent.own[key], source: agent === self ? 'own' : 'inherited', from: agent.agent_path };
        break;
      }
    }
    out[key] = resolved;
  }
  return out;
}

/** The ancestry of `agentPath`, root first, from a list of agents with parent links. Cycles and missing parents end the chain. */
export function ancestry<A extends { agent_path: string; parent_path: string | null }>(agents: readonly A[], agentPath: string): A[] {
  const byPath = new Map(agents.map((a) => [a.agent_path, a]));
  const chain: A[] = [];
  const seen = new Set<string>();
  let current = byPath.get(agentPath);
  while (current && !seen.has(current.agent_path)) {
    seen.add(current.agent_path);
    chain.unshift(current);
    current = current.parent_path === null ? undefined : byPath.get(current.parent_path);
  }
  return chain;
}
