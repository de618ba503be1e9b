// Applying a config write (set own values, unset to inherit again) to an agent's own values:
// every per-knob rule, then the cross-field rules on the effective result. The simulated
// daemon's PUT and dry-run "pending" values go through here; the form checks the same rules.

import type { components } from '../contract/schema.gen';
import { crossFieldErrors, type AttachedPlugin } from './cross-field';
import type { FlatValues } from './inheritance';
import type { ConfigFieldError, KnobValidator } from './knob-validator';

/** Unsaved values: own values to set, keys to return to inheriting. */
export type ConfigDraft = components['schemas']['ConfigDraft'];
/** One changed key, effective old → new (a config.changed audit event holds a list of them). */
export type ConfigChange = components['schemas']['ConfigChange'];

export interface WriteContext {
  validator: KnobValidator;
  /** Keys that name a knob but cannot be set now, with why (a malformed knob, a plugin not attached). */
  unsettable?: ReadonlyMap<string, string>;
  /** The plugins attached to the agent. */
  plugins: readonly AttachedPlugin[];
  /** The agent's own values now. */
  own: Readonly<FlatValues>;
  /** Effective values for a given own map (inheritance resolved). */
  effective: (own: Readonly<FlatValues>) => FlatValues;
}

export interface WriteResult {
  errors: ConfigFieldError[];
  /** The agent's own values after the write (unchanged input when there are errors). */
  own: FlatValues;
  /** Effective values after the write. */
  after: FlatValues;
  /** What the write changes, in key order; empty when nothing changes. */
  changes: ConfigChange[];
}

/** Structural equality for config values (scalars, lists, predicate objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Checks and applies a draft. Cross-field problems the config already had are not blamed on
 * a write that touches none of their keys; every other problem refuses the whole write.
 */
export function applyConfigWrite(draft: ConfigDraft, ctx: WriteContext): WriteResult {
  const set = draft.set ?? {};
  const unset = draft.unset ?? [];
  const errors: ConfigFieldError[] = [];
  const known = ctx.validator.knobs;
  for (const key of Object.keys(set)) {
    if (ctx.unsettable?.has(key)) errors.push({ key, message: ctx.unsettable.get(key) as string });
    else if (!known.has(key)) errors.push({ key, message: 'unknown setting' });
    else if (unset.includes(key)) errors.push({ key, message: 'is both set and unset in the same change' });
  }
  // Removing an own value is always allowed for a key that names a knob, settable now or not.
  for (const key of unset) if (!known.has(key) && !ctx.unsettable?.has(key)) errors.push({ key, message: 'unknown setting' });
  const settable = Object.fromEntries(Object.entries(set).filter(([k]) => known.has(k) && !ctx.unsettable?.has(k)));
  errors.push(...ctx.validator.checkAll(settable));

  const before = ctx.effective(ctx.own);
  const own: FlatValues = { ...ctx.own, ...set };
  for (const key of unset) delete own[key];
  const after = ctx.effective(own);
  if (errors.length === 0) {
    const touched = new Set([...Object.keys(set), ...unset]);
    const had = new Set(crossFieldErrors(before, ctx.plugins).map((e) => `${e.key}\n${e.message}`));
    for (const e of crossFieldErrors(after, ctx.plugins)) {
      if (!had.has(`${e.key}\n${e.message}`) || e.involves.some((k) => touched.has(k))) errors.push({ key: e.key, message: e.message });
    }
  }
  if (errors.length > 0) return { errors, own: { ...ctx.own }, after: before, changes: [] };

  const changes: ConfigChange[] = [];
  for (const key of [...new Set([...Object.keys(set), ...unset])].sort()) {
    const wasOwn = Object.hasOwn(ctx.own, key);
    const isOwn = Object.hasOwn(own, key);
    if (wasOwn === isOwn && (!isOwn || sameValue(ctx.own[key], own[key]))) continue;
    changes.push({ key, old: before[key] ?? null, new: after[key] ?? null, action: isOwn ? 'set' : 'unset' });
  }
  return { errors, own, after, changes };
}
