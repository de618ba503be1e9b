// The knobs form: the value every editable knob shows (saved, or the unsaved edit over it), and
// the validation generated from the knob schemas (src/domain/knobs/knob-validator, eval-free) plus
// the cross-field rules — the same code the simulated daemon runs on PUT, so the form and the
// daemon agree on what is valid. The edits themselves live in the pending store
// (stores/pending-knob-edits.ts): the form holds no value of its own.

import { sameValue } from '../../../domain/knobs/config-write';
import { crossFieldErrors, type AttachedPlugin } from '../../../domain/knobs/cross-field';
import { flattenConfig, type FlatValues } from '../../../domain/knobs/inheritance';
import { indexKnobs, type BuiltinKnobSchema, type IndexedKnob, type Knob } from '../../../domain/knobs/knob-kinds';
import { createKnobValidator, type KnobValidator } from '../../../domain/knobs/knob-validator';
import { checkKnobList } from '../../../domain/knobs/manifest-check';
import type { components } from '../../../domain/contract/schema.gen';
import type { PendingEdits } from './pending-changes';
import type { PluginView } from './plugin-view';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];

/** Every settable knob of the built-in block and the plugins, by config key. */
export function knobIndex(builtin: BuiltinKnobSchema, plugins: readonly PluginView[]): Map<string, IndexedKnob> {
  const builtinKnobs = checkKnobList(builtin.knobs, null).flatMap((e) => (e.knob ? [e.knob] : []));
  return indexKnobs(builtinKnobs, plugins.map((p) => ({ name: p.name, knobs: p.usableKnobs })));
}

/** The validator for the form, compiled once per knob set and model list (memoize on those). */
export function formValidator(index: ReadonlyMap<string, IndexedKnob>, modelAliases: readonly string[]): KnobValidator {
  return createKnobValidator(index, { modelAliases });
}

/** The saved effective value of every editable key (the knob's default where the config has none). */
export function savedValues(config: AgentCompactionConfig, items: readonly { key: string; defaultValue: unknown }[]): FlatValues {
  const flat = flattenConfig(config.values);
  return Object.fromEntries(items.map((i) => [i.key, i.key in flat ? flat[i.key] : (i.defaultValue ?? null)]));
}

/**
 * What every editable knob shows: its saved value, an unsaved edit over it, or, for a key reset to
 * inheriting, the value it will inherit.
 */
export function shownValues(saved: Readonly<FlatValues>, edits: PendingEdits, inherited: (key: string) => unknown): FlatValues {
  const values = { ...saved };
  for (const [key, value] of Object.entries(edits.set)) if (key in values) values[key] = value;
  for (const key of edits.unset) if (!(key in edits.set) && key in values) values[key] = inherited(key);
  return values;
}

export interface KnobCheckOptions {
  validator: KnobValidator;
  /** The agent's attached plugins (cross-field rules on delegate). */
  plugins: readonly AttachedPlugin[];
  /** Effective values of keys not in the form (e.g. read-only ones), so cross-field rules see the whole config. */
  base?: Readonly<FlatValues>;
  /**
   * The saved effective values. When given, only edited values are checked, and a cross-field
   * problem the saved config already had is reported only when an edit touches its keys — as
   * the daemon does, so a saved value that breaks a newer rule never blocks unrelated edits.
   */
  saved?: Readonly<FlatValues>;
  /**
   * The project's prompt paths (GET /prompts) once read; null while unknown (not read, or the read
   * failed): then a prompt path is not checked against them.
   */
  prompts?: readonly string[] | null;
}

/** An edited prompt path (a text knob suggesting prompts) that is none of the project's prompts: its message. */
function unknownPrompt(knob: Knob | undefined, value: unknown, prompts: readonly string[] | null | undefined): string | null {
  if (knob?.type !== 'text' || knob.suggest !== 'prompts' || !prompts || typeof value !== 'string' || value === '') return null;
  if (prompts.includes(value)) return null;
  return prompts.length === 0 ? `${value} does not exist: this project has no prompts` : `${value} does not exist: choose one of the project's ${prompts.length} prompts`;
}

/** Every problem of the form's values, by config key (first problem per key; value rules before cross-field ones). */
export function validateKnobValues(flat: Readonly<FlatValues>, opts: KnobCheckOptions): Map<string, { type: 'knob' | 'cross_field'; message: string }> {
  const errors = new Map<string, { type: 'knob' | 'cross_field'; message: string }>();
  const saved = opts.saved;
  const edited = Object.fromEntries(Object.entries(flat).filter(([k, v]) => !saved || !sameValue(v, saved[k])));
  for (const [key, value] of Object.entries(edited)) {
    const knob = opts.validator.knobs.get(key)?.knob;
    if (knob?.type === 'range' && (value === '' || value === null || (typeof value === 'number' && Number.isNaN(value)))) {
      errors.set(key, { type: 'knob', message: 'enter a number' });
    }
  }
  for (const e of opts.validator.checkAll(edited)) if (!errors.has(e.key)) errors.set(e.key, { type: 'knob', message: e.message });
  for (const [key, value] of Object.entries(edited)) {
    const message = errors.has(key) ? null : unknownPrompt(opts.validator.knobs.get(key)?.knob, value, opts.prompts);
    if (message) errors.set(key, { type: 'knob', message });
  }
  const had = new Set(saved ? crossFieldErrors({ ...opts.base, ...saved }, opts.plugins).map((e) => `${e.key}\n${e.message}`) : []);
  for (const e of crossFieldErrors({ ...opts.base, ...flat }, opts.plugins)) {
    const fresh = !had.has(`${e.key}\n${e.message}`) || e.involves.some((k) => k in edited);
    if (fresh && !errors.has(e.key)) errors.set(e.key, { type: 'cross_field', message: e.message });
  }
  return errors;
}

/** A daemon's 422 errors on the form's knobs, by key; errors on keys the form does not hold are returned apart. */
export function serverErrorsToFields(errors: readonly { key: string; message: string }[], formKeys: ReadonlySet<string>): { fields: [string, string][]; other: { key: string; message: string }[] } {
  const fields: [string, string][] = [];
  const other: { key: string; message: string }[] = [];
  for (const e of errors) {
    if (formKeys.has(e.key)) fields.push([e.key, e.message]);
    else other.push(e);
  }
  return { fields, other };
}

/** What stops a preview or save: how many knobs need fixing and in which groups, in the groups' order; null when none. */
export function problemsNotice(errors: ReadonlyMap<string, unknown>, groups: readonly { label: string; items: readonly { key: string | null }[] }[]): string | null {
  if (errors.size === 0) return null;
  const where = groups.filter((g) => g.items.some((i) => i.key !== null && errors.has(i.key))).map((g) => g.label);
  return `${errors.size} ${errors.size === 1 ? 'knob needs' : 'knobs need'} fixing first (${where.join(', ')}).`;
}
