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
import { compileOutsidePattern, type OutsidePattern } from './outside-pattern';

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

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** A value as it appears in a message: short, printable, never the whole of a hostile string. */
export function show(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string'
        ? JSON.stringify(value)
        : value === undefined
          ? 'nothing'
          : typeof value === 'number' || typeof value === 'bigint'
            ? String(value)
            : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether a number lies on min + k·step (within floating-point noise). */
export function onStep(value: number, min: number, step: number): boolean {
  const k = (value - min) / step;
  return Math.abs(k - Math.round(k)) <= 1e-9 * Math.max(1, Math.abs(k));
}

class Collector {
  readonly problems: ManifestProblem[] = [];
  /** plugin null: the built-in compaction block. */
  constructor(
    private readonly plugin: string | null,
    private readonly knob: string | null,
  ) {}

  add(field: string | null, what: string): void {
    const where =
      this.plugin === null ? `Built-in knob "${this.knob ?? '?'}"` : this.knob === null ? `Plugin "${this.plugin}"` : `Plugin "${this.plugin}", knob "${this.knob}"`;
    this.problems.push({ knob: this.knob, field, message: `${where}: ${what}.` });
  }
}

function checkRange(k: Rec, c: Collector): void {
  const { min, max, step } = k;
  for (const [field, v] of [['min', min], ['max', max], ['step', step]] as const) {
    if (v === undefined) c.add(field, `${field} is missing`);
    else if (!isFiniteNumber(v)) c.add(field, `${field} must be a finite number, not ${typeName(v)}`);
  }
  const bounds = isFiniteNumber(min) && isFiniteNumber(max);
  if (bounds && min > max) c.add('max', `min (${min}) is greater than max (${max})`);
  if (bounds && min === max) c.add('max', `min and max are both ${min}: there is nothing to choose`);
  if (isFiniteNumber(step) && step <= 0) c.add('step', `step must be greater than 0, not ${step}`);
  else if (isFiniteNumber(step) && bounds && min < max && step > max - min) c.add('step', `step (${step}) is larger than the whole range ${min}–${max}`);
  if (k.unit !== undefined && typeof k.unit !== 'string') c.add('unit', `unit must be text, not ${typeName(k.unit)}`);
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (!isFiniteNumber(d)) c.add('default', `default must be a number, not ${typeName(d)}`);
  else if (bounds && min <= max && (d < min || d > max)) c.add('default', `default ${d} is outside the range ${min}–${max}`);
  else if (bounds && isFiniteNumber(step) && step > 0 && !onStep(d, min, step)) c.add('default', `default ${d} is not on a step of ${step} from ${min}`);
}

function checkNullable(k: Rec, c: Collector): boolean {
  if (k.nullable !== undefined && typeof k.nullable !== 'boolean') c.add('nullable', `nullable must be true or false, not ${typeName(k.nullable)}`);
  if (k.null_label !== undefined && typeof k.null_label !== 'string') c.add('null_label', `null_label must be text, not ${typeName(k.null_label)}`);
  return k.nullable === true;
}

function checkEnum(k: Rec, c: Collector): void {
  const nullable = checkNullable(k, c);
  const values = new Set<string>();
  if (k.options === undefined) c.add('options', 'options are missing');
  else if (!Array.isArray(k.options)) c.add('options', `options must be a list, not ${typeName(k.options)}`);
  else if (k.options.length === 0) c.add('options', 'options are empty: there is nothing to choose');
  else {
    k.options.forEach((o: unknown, i) => {
      const field = `options[${i + 1}]`;
      if (!isRecord(o)) return c.add(field, `option ${i + 1} must be an object with value and label, not ${typeName(o)}`);
      if (typeof o.value !== 'string' || o.value === '') c.add(`${field}.value`, `option ${i + 1} needs a non-empty text value, not ${show(o.value)}`);
      else if (values.has(o.value)) c.add(`${field}.value`, `option value ${show(o.value)} is declared twice`);
      else values.add(o.value);
      if (typeof o.label !== 'string' || o.label === '') c.add(`${field}.label`, `option ${i + 1} needs a non-empty text label`);
      if (o.description !== undefined && typeof o.description !== 'string') c.add(`${field}.description`, `option ${i + 1}'s description must be text`);
    });
  }
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (d === null) {
    if (!nullable) c.add('default', 'default is null but the knob is not nullable');
  } else if (typeof d !== 'string') c.add('default', `default must be one of the option values, not ${typeName(d)}`);
  else if (values.size > 0 && !values.has(d)) c.add('default', `default ${show(d)} is not among the options (${[...values].map(show).join(', ')})`);
}

function checkText(k: Rec, c: Collector): void {
  if (k.max_length !== undefined && !isPositiveInt(k.max_length)) c.add('max_length', `max_length must be a whole number ≥ 1, not ${show(k.max_length)}`);
  if (k.multiline !== undefined && typeof k.multiline !== 'boolean') c.add('multiline', `multiline must be true or false, not ${typeName(k.multiline)}`);
  if (k.suggest !== undefined && k.suggest !== 'prompts') c.add('suggest', `suggest must be "prompts", not ${show(k.suggest)}`);
  let pattern: OutsidePattern | null = null;
  if (k.pattern !== undefined) {
    if (typeof k.pattern !== 'string') c.add('pattern', `pattern must be text, not ${typeName(k.pattern)}`);
    else {
      const compiled = compileOutsidePattern(k.pattern);
      if (compiled.problem !== null) c.add('pattern', `pattern ${show(k.pattern)} ${compiled.problem}`);
      pattern = compiled.pattern;
    }
  }
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (typeof d !== 'string') c.add('default', `default must be text, not ${typeName(d)}`);
  else {
    if (isPositiveInt(k.max_length) && d.length > k.max_length) c.add('default', `default is ${d.length} characters, longer than max_length ${k.max_length}`);
    if (pattern && !pattern.test(d)) c.add('default', `default ${show(d)} does not match the pattern ${show(k.pattern)}`);
  }
}

function checkModelAlias(k: Rec, c: Collector, options: ManifestCheckOptions): void {
  const nullable = checkNullable(k, c);
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (d === null) {
    if (!nullable) c.add('default', 'default is null but the knob is not nullable (null means the agent\'s own model)');
  } else if (typeof d !== 'string' || d === '') c.add('default', `default must be a model alias, not ${show(d)}`);
  else if (options.modelAliases && !options.modelAliases.includes(d)) c.add('default', `default model alias ${show(d)} is not one the daemon knows`);
}

function checkStringList(k: Rec, c: Collector): void {
  if (k.max_items !== undefined && !isPositiveInt(k.max_items)) c.add('max_items', `max_items must be a whole number ≥ 1, not ${show(k.max_items)}`);
  if (k.item_max_length !== undefined && !isPositiveInt(k.item_max_length)) c.add('item_max_length', `item_max_length must be a whole number ≥ 1, not ${show(k.item_max_length)}`);
  let pattern: OutsidePattern | null = null;
  if (k.item_pattern !== undefined) {
    if (typeof k.item_pattern !== 'string') c.add('item_pattern', `item_pattern must be text, not ${typeName(k.item_pattern)}`);
    else {
      const compiled = compileOutsidePattern(k.item_pattern);
      if (compiled.problem !== null) c.add('item_pattern', `item_pattern ${show(k.item_pattern)} ${compiled.problem}`);
      pattern = compiled.pattern;
    }
  }
  const d = k.default;
  if (d === undefined) return c.add('default', 'default is missing');
  if (!Array.isArray(d) || d.some((v) => typeof v !== 'string')) return c.add('default', `default must be a list of texts, not ${show(d)}`);
  if (isPositiveInt(k.max_items) && d.length > k.max_items) c.add('default', `default has ${d.length} items, more than max_items ${k.max_items}`);
  const bad = d.find((v: string) => (isPositiveInt(k.item_max_length) && v.length > k.item_max_length) || (pattern !== null && !pattern.test(v)));
  if (bad !== undefined) c.add('default', `default item ${show(bad)} breaks item_max_length or item_pattern`);
}

function checkPredicateList(k: Rec, c: Collector, inPlugin: boolean): void {
  if (inPlugin) return;
  if (!Array.isArray(k.default)) c.add('default', `default must be a list of always-keep predicates, not ${typeName(k.default)}`);
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
        checkModelAlias(raw, c, options);
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
