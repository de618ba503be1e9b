// The rules that tie config keys together (ADR-0024): thresholds with hysteresis, the summary
// window, and what the delegate strategy needs. Checked on effective values by the form and by
// the simulated daemon's PUT alike.

import { formatThreshold } from '../format';
import type { FlatValues } from './inheritance';
import type { ConfigFieldError } from './knob-validator';
import type { PluginRole } from './manifest-check';

/** A plugin attached to the agent, as its manifest declares it. */
export interface AttachedPlugin {
  name: string;
  roles: readonly PluginRole[];
  /** false when its manifest is malformed: the host does not load it. */
  loaded: boolean;
}

export interface CrossFieldError extends ConfigFieldError {
  /** Every key the rule reads: a change to any of them can cause or fix it. */
  involves: string[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Cross-field problems of an agent's effective values (dotted keys), each on the key the form shows it on. */
export function crossFieldErrors(values: Readonly<FlatValues>, plugins: readonly AttachedPlugin[]): CrossFieldError[] {
  const errors: CrossFieldError[] = [];
  const upper = num(values.upper_threshold);
  const lower = num(values.lower_threshold);
  if (upper !== null && lower !== null && lower >= upper) {
    errors.push({ key: 'lower_threshold', message: `must be below the upper threshold (${formatThreshold(upper)}), so compaction stops short of where it starts`, involves: ['lower_threshold', 'upper_threshold'] });
  }
  const window = num(values['summarize.window_messages']);
  const preserve = num(values['summarize.preserve_recent']);
  if (window !== null && preserve !== null && preserve >= window) {
    errors.push({ key: 'summarize.preserve_recent', message: `must be below the summary window (${window} messages)`, involves: ['summarize.preserve_recent', 'summarize.window_messages'] });
  }
  if (values.strategy === 'summarize' && values['summarize.enabled'] === false) {
    errors.push({
      key: 'strategy',
      message: 'Summarize needs “Summarize at threshold” on (Summarize group): with it off, a summary that fails has no drop to fall back on. Turn it on, or choose another strategy',
      involves: ['strategy', 'summarize.enabled'],
    });
  }
  if (values.strategy === 'delegate') {
    const involves = ['strategy', 'delegate.plugin'];
    const compactors = plugins.filter((p) => p.roles.includes('compactor'));
    const chosen = values['delegate.plugin'];
    if (compactors.length > 1) {
      errors.push({ key: 'delegate.plugin', message: `at most one compactor plugin per agent (ADR-0024): ${compactors.map((p) => p.name).join(' and ')} both declare the compactor role`, involves });
    } else if (chosen === null || chosen === undefined) {
      const hint = compactors[0] ? `: choose ${compactors[0].name}` : ', and none is attached to this agent';
      errors.push({ key: 'delegate.plugin', message: `the delegate strategy needs a compactor plugin${hint}`, involves });
    } else {
      const plugin = plugins.find((p) => p.name === chosen);
      const attached = plugins.map((p) => p.name).join(', ') || 'none';
      if (!plugin) errors.push({ key: 'delegate.plugin', message: `${String(chosen)} is not attached to this agent (attached: ${attached})`, involves });
      else if (!plugin.roles.includes('compactor')) errors.push({ key: 'delegate.plugin', message: `${plugin.name} does not declare the compactor role`, involves });
      else if (!plugin.loaded) errors.push({ key: 'delegate.plugin', message: `${plugin.name} is not loaded: its manifest is malformed`, involves });
    }
  }
  return errors;
}
