// A knob's value and name as the operator reads them, wherever a config change is shown (the
// knobs screen's review, history and conflict; the audit log): a threshold as a percent of the
// window, lists by their items, and the label the knobs screen shows instead of the dotted key.

import { formatThreshold } from '../format';
import { isThresholdKey, PLUGIN_KNOBS, parseConfigKey } from './knob-kinds';

/** A value of any knob as plain text. */
export function displayValue(value: unknown, nullLabel = 'none'): string {
  if (value === null || value === undefined) return nullLabel;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length === 0 ? 'none' : value.join(', ');
  if (Array.isArray(value)) {
    const ids = value.map((v) => (typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : '?'));
    return `${value.length} ${value.length === 1 ? 'item' : 'items'} (${ids.join(', ')})`;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The value of the knob at config key `key` as plain text: a threshold as a percent of the window ("85 %"), others as displayValue. */
export function displayKnobValue(key: string, value: unknown): string {
  return isThresholdKey(key) && typeof value === 'number' && Number.isFinite(value) ? formatThreshold(value, 4) : displayValue(value);
}

const labelOf = (raw: unknown): { key: string; label: string } | null => {
  const k = raw as { key?: unknown; label?: unknown } | null;
  return typeof k?.key === 'string' && typeof k.label === 'string' && k.label.trim() !== '' ? { key: k.key, label: k.label } : null;
};

/**
 * Labels by dotted config key, from the knob declarations as they came over the wire (the
 * built-in block's, and each plugin's manifest knobs): "Upper threshold", "hindsight · Top K".
 */
export function knobLabels(builtin: readonly unknown[], plugins: readonly { name: string; knobs: readonly unknown[] }[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const raw of builtin) {
    const k = labelOf(raw);
    if (k) labels.set(k.key, k.label);
  }
  for (const p of plugins) {
    for (const raw of p.knobs) {
      const k = labelOf(raw);
      if (k) labels.set(`${PLUGIN_KNOBS}.${p.name}.${k.key}`, `${p.name} · ${k.label}`);
    }
  }
  return labels;
}

/** A config key as the operator reads it: its label when known; else a plugin knob as "plugin · key", a built-in one as its key. */
export function knobName(labels: ReadonlyMap<string, string>, key: string): string {
  const known = labels.get(key);
  if (known !== undefined) return known;
  const ref = parseConfigKey(key);
  return ref.scope === 'plugin' ? `${ref.plugin} · ${ref.knob}` : key;
}
