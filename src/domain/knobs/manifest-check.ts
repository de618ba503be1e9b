// Checks one plugin manifest on its own against the kaged knob schema. Never throws: whatever
// the manifest holds, the answer is its well-formed knobs plus a precise problem list, each
// message naming the plugin, the knob and what is wrong.

import type { components } from '../contract/schema.gen';
import {
  BUILTIN_ONLY_KINDS,
  GROUP_ID_PATTERN,
  isKnownKind,
  KNOB_KEY_PATTERN,
  KNOWN_KINDS,
  PLUGIN_NAME_PATTERN,
  type Knob,
  type ManifestProblem,
} from './knob-kinds';
import { checkEnum, checkModelAlias, checkPredicateList, checkRange, checkStringList, checkText } from './knob-kind-checks';
import { Collector, isRecord, show, typeName, type Rec } from './manifest-problems';

export type PluginManifest = components['schemas']['PluginManifest'];
export type PluginRole = PluginManifest['roles'][number];
export type PluginHook = PluginManifest['hooks'][number];

const ROLES: readonly PluginRole[] = ['observer', 'compactor'];
const HOOKS: readonly PluginHook[] = ['on_session_start', 'on_session_idle', 'pre_compact', 'post_compact'];

/** One declared knob: well-formed (knob set) or not (problems say why). Never dropped. */
export interface KnobEntry {
  /** 0-based position in the manifest's knobs list. */
  index: number;
  /** The key when it is a usable string, else #N (1-based position). */
  id: string;
  /** The declared type when it is a string (unknown kinds included), else null. */
  kind: string | null;
  /** The label when it is a string, else the id. */
  label: string;
  /** The knob when it is well-formed and of a known kind. */
  knob: Knob | null;
  problems: ManifestProblem[];
  /** The declaration as written. */
  raw: unknown;
}

export interface ManifestCheck {
  /** The name the plugin is installed under. */
  name: string;
  /** The manifest, when it has no problem at all. */
  manifest: PluginManifest | null;
  version: string | null;
  description: string | null;
  /** Valid roles as declared (invalid entries are problems). */
  roles: PluginRole[];
  hooks: PluginHook[];
  knobs: KnobEntry[];
  /** The well-formed knobs, in declaration order: what can be set. */
  usableKnobs: Knob[];
  /** Every problem, the manifest's own first, then each knob's in order. */
  problems: ManifestProblem[];
}

export interface ManifestCheckOptions {
  /** Model aliases the daemon knows; when given, a model_alias default must be one of them. */
  modelAliases?: readonly string[];
}

function checkKnob(raw: unknown, index: number, plugin: string | null, seen: Map<string, number>, options: ManifestCheckOptions): KnobEntry {
  const inPlugin = plugin !== null;
  const position = `#${index + 1}`;
  if (!isRecord(raw)) {
    const c = new Collector(plugin, position);
    c.add(null, `the declaration must be an object, not ${typeName(raw)}`);
    return { index, id: position, kind: null, label: position, knob: null, problems: c.problems, raw };
  }
  const usableKey = typeof raw.key === 'string' && KNOB_KEY_PATTERN.test(raw.key) ? raw.key : null;
  const duplicateOf = usableKey === null ? undefined : seen.get(usableKey);
  const id = usableKey !== null && duplicateOf === undefined ? usableKey : usableKey !== null ? `${usableKey} ${position}` : position;
  const c = new Collector(plugin, usableKey ?? position);
  if (raw.key === undefined) c.add('key', 'key is missing');
  else if (typeof raw.key !== 'string') c.add('key', `key must be text, not ${typeName(raw.key)}`);
  else if (usableKey === null) c.add('key', `key ${show(raw.key)} must be lower-case letters, digits and _ (dot-separated), starting with a letter`);
  else if (duplicateOf !== undefined) c.add('key', `key is declared twice (knobs #${duplicateOf + 1} and #${index + 1})`);
  else seen.set(usableKey, index);

  if (raw.label === undefined) c.add('label', 'label is missing');
  else if (typeof raw.label !== 'string' || raw.label.trim() === '') c.add('label', `label must be non-empty text, not ${show(raw.label)}`);
  if (raw.description !== undefined && typeof raw.description !== 'string') c.add('description', `description must be text, not ${typeName(raw.description)}`);
  if (raw.group !== undefined && (typeof raw.group !== 'string' || !GROUP_ID_PATTERN.test(raw.group))) {
    c.add('group', `group ${show(raw.group)} must be lower-case letters, digits and _, starting with a letter`);
  }

  const kind = typeof raw.type === 'string' ? raw.type : null;
  if (raw.type === undefined) c.add('type', `type is missing (expected one of ${KNOWN_KINDS.join(', ')})`);
  else if (kind === null) c.add('type', `type must be text, not ${typeName(raw.type)}`);
  else if (!isKnownKind(kind)) c.add('type', `type ${show(kind)} is not a kaged knob kind (${KNOWN_KINDS.join(', ')}); shown read-only`);
  else if (inPlugin && BUILTIN_ONLY_KINDS.includes(kind)) c.add('type', `type ${kind} is reserved for kaged's own compaction block`);
  else {
    switch (kind) {
      case 'range':
        checkRange(raw, c);
        break;
      case 'enum':
        checkEnum(raw, c);
        break;
      case 'text':
        checkText(raw, c);
        break;
      case 'boolean':
        if (raw.default === undefined) c.add('default', 'default is missing');
        else if (typeof raw.default !== 'boolean') c.add('default', `default must be true or false, not ${show(raw.default)}`);
        break;
      case 'model_alias':
        checkModelAlias(raw, c, options.modelAliases);
        break;
      case 'string_list':
        checkStringList(raw, c);
        break;
      case 'predicate_list':
        checkPredicateList(raw, c, inPlugin);
        break;
    }
  }
  const label = typeof raw.label === 'string' && raw.label.trim() !== '' ? raw.label : id;
  const knob = c.problems.length === 0 ? (structuredClone(raw) as Knob) : null;
  return { index, id, kind, label, knob, problems: c.problems, raw };
}

/** Checks a list of knob declarations: a plugin's, or (plugin null) the built-in compaction block's. */
export function checkKnobList(raw: readonly unknown[], plugin: string | null, options: ManifestCheckOptions = {}): KnobEntry[] {
  const seen = new Map<string, number>();
  return raw.map((k, i) => {
    try {
      return checkKnob(k, i, plugin, seen, options);
    } catch (error) {
      const c = new Collector(plugin, `#${i + 1}`);
      c.add(null, `could not be read (${error instanceof Error ? error.message : String(error)})`);
      return { index: i, id: `#${i + 1}`, kind: null, label: `#${i + 1}`, knob: null, problems: c.problems, raw: k };
    }
  });
}

function checkList<T extends string>(value: unknown, field: string, allowed: readonly T[], c: Collector, minItems: number): T[] {
  if (value === undefined) {
    c.add(field, `${field} are missing`);
    return [];
  }
  if (!Array.isArray(value)) {
    c.add(field, `${field} must be a list, not ${typeName(value)}`);
    return [];
  }
  if (value.length < minItems) c.add(field, `${field} must name at least one of ${allowed.join(', ')}`);
  const out: T[] = [];
  for (const v of value) {
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) c.add(field, `${show(v)} is not one of the ${field} ${allowed.join(', ')}`);
    else if (out.includes(v as T)) c.add(field, `${show(v)} is listed twice in ${field}`);
    else out.push(v as T);
  }
  return out;
}

function checkText1(m: Rec, field: 'version' | 'description', c: Collector): string | null {
  const v = m[field];
  if (v === undefined) c.add(field, `${field} is missing`);
  else if (typeof v !== 'string') c.add(field, `${field} must be text, not ${typeName(v)}`);
  else return v;
  return null;
}

function checkManifestUnsafe(raw: unknown, name: string, options: ManifestCheckOptions): ManifestCheck {
  const c = new Collector(name, null);
  const empty: ManifestCheck = { name, manifest: null, version: null, description: null, roles: [], hooks: [], knobs: [], usableKnobs: [], problems: c.problems };
  if (!isRecord(raw)) {
    c.add(null, raw === null ? 'the manifest could not be read' : `the manifest must be an object, not ${typeName(raw)}`);
    return empty;
  }
  if (!PLUGIN_NAME_PATTERN.test(name)) c.add('name', `the installed name cannot be part of a config key (letters, digits, @, /, _ and - only)`);
  if (raw.name === undefined) c.add('name', 'name is missing');
  else if (raw.name !== name) c.add('name', `name ${show(raw.name)} differs from the installed name ${show(name)}`);
  const version = checkText1(raw, 'version', c);
  const description = checkText1(raw, 'description', c);
  const roles = checkList(raw.roles, 'roles', ROLES, c, 1);
  const hooks = checkList(raw.hooks, 'hooks', HOOKS, c, 0);
  let knobs: KnobEntry[] = [];
  if (raw.knobs === undefined) c.add('knobs', 'knobs are missing (declare an empty list when there are none)');
  else if (!Array.isArray(raw.knobs)) c.add('knobs', `knobs must be a list, not ${typeName(raw.knobs)}`);
  else knobs = checkKnobList(raw.knobs, name, options);
  const problems = [...c.problems, ...knobs.flatMap((k) => k.problems)];
  const usableKnobs = knobs.flatMap((k) => (k.knob ? [k.knob] : []));
  const manifest = problems.length === 0 ? (structuredClone(raw) as PluginManifest) : null;
  return { name, manifest, version, description, roles, hooks, knobs, usableKnobs, problems };
}

/** Checks a manifest as installed under `name`. Never throws. */
export function checkManifest(raw: unknown, name: string, options: ManifestCheckOptions = {}): ManifestCheck {
  try {
    return checkManifestUnsafe(raw, name, options);
  } catch (error) {
    const c = new Collector(name, null);
    c.add(null, `the manifest could not be checked (${error instanceof Error ? error.message : String(error)})`);
    return { name, manifest: null, version: null, description: null, roles: [], hooks: [], knobs: [], usableKnobs: [], problems: c.problems };
  }
}
