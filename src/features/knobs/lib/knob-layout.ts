// The knobs screen's groups for one agent, in order: the built-in groups (trigger, strategy,
// summarize, pruning, always-keep; plugin knobs that name a built-in group join it), then one
// group per attached plugin with its roles and problems. Every declared knob appears once.

import { pluginConfigKey, type BuiltinKnobSchema, type Knob, type ManifestProblem } from '../../../domain/knobs/knob-kinds';
import { checkKnobList, type KnobEntry, type PluginRole } from '../../../domain/knobs/manifest-check';
import { controlFor, type KnobControl } from './knob-controls';
import type { PluginView } from './plugin-view';

export interface KnobItem {
  /** Stable and unique in the layout: the config key, or the plugin and position of a knob without one. */
  id: string;
  /** The dotted config key; null when the declaration has no usable key. */
  key: string | null;
  label: string;
  description: string | null;
  /** The plugin that declares it; null for a built-in knob. */
  plugin: string | null;
  /** A plugin knob's own sub-group inside its plugin's group. */
  subgroup: string | null;
  /** The knob when it can be edited (well-formed, known kind). */
  knob: Knob | null;
  control: KnobControl;
  /** The declared default (what "changed from default" compares with). */
  defaultValue: unknown;
}

export interface PluginGroupInfo {
  name: string;
  version: string | null;
  description: string | null;
  roles: PluginRole[];
  loaded: boolean;
  installed: boolean;
}

export interface KnobGroupView {
  /** A built-in group id, `other`, or `plugin:<name>`. */
  id: string;
  label: string;
  description: string | null;
  plugin: PluginGroupInfo | null;
  /** The plugin manifest's problems (all of them, the knobs' included); empty for built-in groups. */
  problems: ManifestProblem[];
  items: KnobItem[];
}

export const OTHER_GROUP = 'other';
export const pluginGroupId = (name: string): string => `plugin:${name}`;

function item(entry: KnobEntry, plugin: string | null): KnobItem {
  const raw = (typeof entry.raw === 'object' && entry.raw !== null ? entry.raw : {}) as Record<string, unknown>;
  const usableKey = entry.problems.some((p) => p.field === 'key') ? null : typeof raw.key === 'string' ? raw.key : null;
  const key = usableKey === null ? null : plugin === null ? usableKey : pluginConfigKey(plugin, usableKey);
  return {
    id: key ?? `${plugin ?? 'kaged'}#${entry.index + 1}`,
    key,
    label: entry.label,
    description: typeof raw.description === 'string' ? raw.description : null,
    plugin,
    subgroup: plugin !== null && typeof raw.group === 'string' ? raw.group : null,
    knob: entry.knob,
    control: controlFor(entry.raw, entry.problems, key),
    defaultValue: raw.default,
  };
}

/** Groups for an agent with `attached` plugins (in attachment order). */
export function layoutKnobGroups(builtin: BuiltinKnobSchema, plugins: readonly PluginView[], attached: readonly string[]): KnobGroupView[] {
  const groups: KnobGroupView[] = builtin.groups.map((g) => ({ id: g.id, label: g.label, description: g.description ?? null, plugin: null, problems: [], items: [] }));
  const byId = new Map(groups.map((g) => [g.id, g]));
  const other: KnobGroupView = { id: OTHER_GROUP, label: 'Other settings', description: 'Knobs the daemon puts in no group this screen knows.', plugin: null, problems: [], items: [] };

  for (const entry of checkKnobList(builtin.knobs, null)) {
    const group = (entry.raw as { group?: unknown } | null)?.group;
    (typeof group === 'string' ? (byId.get(group) ?? other) : other).items.push(item(entry, null));
  }

  const pluginGroups: KnobGroupView[] = [];
  for (const name of new Set(attached)) {
    const view = plugins.find((p) => p.name === name);
    const own: KnobGroupView = {
      id: pluginGroupId(name),
      label: name,
      description: view?.description ?? null,
      plugin: { name, version: view?.version ?? null, description: view?.description ?? null, roles: view?.roles ?? [], loaded: view?.loaded ?? false, installed: view !== undefined },
      problems: view ? view.problems : [{ knob: null, field: null, message: `Plugin "${name}" is attached to this agent but not installed.` }],
      items: [],
    };
    for (const entry of view?.knobs ?? []) {
      const knob = item(entry, name);
      // A plugin knob naming a built-in group is drawn there (marked with its plugin); its sub-group is then that group.
      const target = knob.subgroup !== null ? byId.get(knob.subgroup) : undefined;
      if (target) target.items.push({ ...knob, subgroup: null });
      else own.items.push(knob);
    }
    pluginGroups.push({ ...own, items: bySubgroup(own.items) });
  }
  return [...groups, ...(other.items.length > 0 ? [other] : []), ...pluginGroups];
}

/**
 * A plugin group's items, the ones in no sub-group first, then each sub-group's together (in the
 * order they first appear): a sub-group's heading is drawn where its run starts, so a knob in no
 * sub-group declared after one must not land under that heading.
 */
export function bySubgroup(items: readonly KnobItem[]): KnobItem[] {
  const order = [null, ...new Set(items.map((i) => i.subgroup).filter((g) => g !== null))];
  return order.flatMap((g) => items.filter((i) => i.subgroup === g));
}

export type EditableItem = KnobItem & { key: string; knob: Knob };

/** Every editable item (what the form holds), in drawing order. */
export function editableItems(groups: readonly KnobGroupView[]): EditableItem[] {
  return groups.flatMap((g) => g.items).filter((i): i is EditableItem => i.key !== null && i.knob !== null);
}

/** The group a config key is drawn in (for deep links and for putting a save's errors in view). */
export function groupOfKey(groups: readonly KnobGroupView[], key: string): string | null {
  return groups.find((g) => g.items.some((i) => i.key === key))?.id ?? null;
}
