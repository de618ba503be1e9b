// The one mapping from a knob (built-in or a plugin's) to the control that edits it: the knobs
// screen draws every group with it. A knob of a kind this client does not know, or whose
// declaration is malformed, becomes a read-only control with a notice: never dropped.

import { thresholdToPercent } from '../../../domain/accounting/thresholds';
import { isKnownKind, isThresholdKey, type Knob, type ManifestProblem } from '../../../domain/knobs/knob-kinds';
import { stepDecimals } from '../../../domain/knobs/knob-schema-check';

/** Up to this many choices (the null choice included) an enum is a segmented control, beyond a select. */
export const SEGMENTED_MAX_OPTIONS = 4;

export interface ControlOption {
  /** null is the knob's null choice (e.g. "None", "The agent's own model"). */
  value: string | null;
  label: string;
  description: string | null;
}

export type KnobControl =
  /** `scale` percent: a threshold, its min, max and step here in percent of the window (the value stays a fraction). */
  | { control: 'slider'; min: number; max: number; step: number; unit: string | null; decimals: number; scale: 'percent' | null }
  | { control: 'segmented' | 'select'; options: ControlOption[] }
  | { control: 'input' | 'textarea'; maxLength: number | null; pattern: string | null; suggest: 'prompts' | null }
  | { control: 'switch' }
  | { control: 'model-picker'; nullable: boolean; nullLabel: string | null }
  | { control: 'string-list'; maxItems: number | null; itemMaxLength: number | null; itemPattern: string | null }
  | { control: 'predicate-list' }
  | { control: 'read-only'; notice: string };

function enumControl(knob: Extract<Knob, { type: 'enum' }>): KnobControl {
  const options: ControlOption[] = knob.options.map((o) => ({ value: o.value, label: o.label, description: o.description ?? null }));
  if (knob.nullable) options.unshift({ value: null, label: knob.null_label ?? 'None', description: null });
  return { control: options.length <= SEGMENTED_MAX_OPTIONS ? 'segmented' : 'select', options };
}

/** A range knob's slider; a threshold's in percent of the window (the team's one way to show a threshold). */
function sliderControl(knob: Extract<Knob, { type: 'range' }>, key: string | null): KnobControl {
  if (!isThresholdKey(key)) return { control: 'slider', min: knob.min, max: knob.max, step: knob.step, unit: knob.unit ?? null, decimals: stepDecimals(knob.min, knob.step), scale: null };
  const [min, max, step] = [knob.min, knob.max, knob.step].map(thresholdToPercent) as [number, number, number];
  return { control: 'slider', min, max, step, unit: '%', decimals: stepDecimals(min, step), scale: 'percent' };
}

/** The control for a well-formed knob of a known kind, at dotted config key `key`. */
export function controlForKnob(knob: Knob, key: string | null = knob.key): KnobControl {
  switch (knob.type) {
    case 'range':
      return sliderControl(knob, key);
    case 'enum':
      return enumControl(knob);
    case 'text':
      return { control: knob.multiline ? 'textarea' : 'input', maxLength: knob.max_length ?? null, pattern: knob.pattern ?? null, suggest: knob.suggest ?? null };
    case 'boolean':
      return { control: 'switch' };
    case 'model_alias':
      return { control: 'model-picker', nullable: knob.nullable === true, nullLabel: knob.nullable ? (knob.null_label ?? "The agent's own model") : null };
    case 'string_list':
      return { control: 'string-list', maxItems: knob.max_items ?? null, itemMaxLength: knob.item_max_length ?? null, itemPattern: knob.item_pattern ?? null };
    case 'predicate_list':
      return { control: 'predicate-list' };
  }
}

/**
 * The control for a declared knob as it came over the wire: its problems (from the manifest
 * check) make it read-only with their messages; an unknown kind is read-only with a notice.
 */
export function controlFor(declared: unknown, problems: readonly ManifestProblem[] = [], key: string | null = null): KnobControl {
  const kind = typeof declared === 'object' && declared !== null ? (declared as { type?: unknown }).type : undefined;
  if (typeof kind === 'string' && !isKnownKind(kind)) {
    return { control: 'read-only', notice: `This knob is of a kind ("${kind.slice(0, 40)}") this version of Compactor cannot edit; it is shown read-only.` };
  }
  if (problems.length > 0) {
    return { control: 'read-only', notice: `This knob cannot be edited until its declaration is fixed: ${problems.map((p) => p.message).join(' ')}` };
  }
  if (!isKnownKind(kind)) return { control: 'read-only', notice: 'This knob declares no kind; it is shown read-only.' };
  return controlForKnob(declared as Knob, key);
}
