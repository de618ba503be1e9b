// The knobs form for react-hook-form: one flat field per editable knob, and a resolver that runs
// the validation generated from the knob schemas (src/domain/knobs/knob-validator, eval-free) plus the
// cross-field rules — the same code the simulated daemon runs on PUT, so the form and the
// daemon agree on what is valid.

import type { FieldErrors, Resolver } from 'react-hook-form';
import { sameValue } from '../../../domain/knobs/config-write';
import { crossFieldErrors, type AttachedPlugin } from '../../../domain/knobs/cross-field';
import { flattenConfig, type FlatValues } from '../../../domain/knobs/inheritance';
import { indexKnobs, type BuiltinKnobSchema, type IndexedKnob } from '../../../domain/knobs/knob-kinds';
import { createKnobValidator, type KnobValidator } from '../../../domain/knobs/knob-validator';
import { checkKnobList } from '../../../domain/knobs/manifest-check';
import type { components } from '../../../domain/contract/schema.gen';
import type { PluginView } from './plugin-view';

type AgentCompactionConfig = components['schemas']['AgentCompactionConfig'];

/** Form values: field name → value. */
export type KnobFormValues = Record<string, unknown>;

/**
 * A config key as a react-hook-form field name. RHF reads `.` and `[` as nesting and drops
 * quotes and `]`; everything but letters, digits, `_` and `-` is escaped as `~hex~`.
 */
export function toFieldName(key: string): string {
  return `k_${key.replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.codePointAt(0)?.toString(16) ?? ''}~`)}`;
}

export function fromFieldName(name: string): string {
  return name.replace(/^k_/, '').replace(/~([0-9a-f]+)~/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

/** Every settable knob of the built-in block and the plugins, by config key. */
export function knobIndex(builtin: BuiltinKnobSchema, plugins: readonly PluginView[]): Map<string, IndexedKnob> {
  const builtinKnobs = checkKnobList(builtin.knobs, null).flatMap((e) => (e.knob ? [e.knob] : []));
  return indexKnobs(builtinKnobs, plugins.map((p) => ({ name: p.name, knobs: p.usableKnobs })));
}

/** The validator for the form, compiled once per knob set and model list (memoize on those). */
export function formValidator(index: ReadonlyMap<string, IndexedKnob>, modelAliases: readonly string[]): KnobValidator {
  return createKnobValidator(index, { modelAliases });
}

/** The form's starting values: the agent's effective value of every editable key (the knob's default where the config has none). */
export function formDefaults(config: AgentCompactionConfig, items: readonly { key: string; defaultValue: unknown }[]): KnobFormValues {
  const flat = flattenConfig(config.values);
  return Object.fromEntries(items.map((i) => [toFieldName(i.key), i.key in flat ? flat[i.key] : (i.defaultValue ?? null)]));
}

/** Form values back to dotted config keys. */
export function formToFlat(values: KnobFormValues): FlatValues {
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [fromFieldName(name), v]));
}

export interface KnobResolverOptions {
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
}

/** Every problem of the form's values, by config key (first problem per key; value rules before cross-field ones). */
export function validateKnobValues(flat: Readonly<FlatValues>, opts: KnobResolverOptions): Map<string, { type: 'knob' | 'cross_field'; message: string }> {
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
  const had = new Set(saved ? crossFieldErrors({ ...opts.base, ...saved }, opts.plugins).map((e) => `${e.key}\n${e.message}`) : []);
  for (const e of crossFieldErrors({ ...opts.base, ...flat }, opts.plugins)) {
    const fresh = !had.has(`${e.key}\n${e.message}`) || e.involves.some((k) => k in edited);
    if (fresh && !errors.has(e.key)) errors.set(e.key, { type: 'cross_field', message: e.message });
  }
  return errors;
}

/**
 * A react-hook-form resolver over validateKnobValues. RHF shows an error once the field is
 * touched or on submit (mode 'onTouched'), so nothing is flagged before the operator acts.
 */
export function knobResolver(opts: KnobResolverOptions): Resolver<KnobFormValues> {
  return (values) => {
    const errors = validateKnobValues(formToFlat(values), opts);
    if (errors.size === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<KnobFormValues> = {};
    for (const [key, e] of errors) fieldErrors[toFieldName(key)] = { type: e.type, message: e.message };
    return { values: {}, errors: fieldErrors };
  };
}

/** A daemon's 422 errors as form errors (setError per field); keys the form does not hold are returned apart. */
export function serverErrorsToFields(errors: readonly { key: string; message: string }[], formKeys: ReadonlySet<string>): { fields: [string, string][]; other: { key: string; message: string }[] } {
  const fields: [string, string][] = [];
  const other: { key: string; message: string }[] = [];
  for (const e of errors) {
    if (formKeys.has(e.key)) fields.push([toFieldName(e.key), e.message]);
    else other.push(e);
  }
  return { fields, other };
}
