import { describe, expect, it } from 'vitest';
import { displayKnobValue, displayValue, knobLabels, knobName } from './knob-values';

describe('displayValue', () => {
  it('prints every kind of value as text', () => {
    expect(displayValue(0.85)).toBe('0.85');
    expect(displayValue(null, "the agent's own model")).toBe("the agent's own model");
    expect(displayValue(true)).toBe('true');
    expect(displayValue(['read', 'skill'])).toBe('read, skill');
    expect(displayValue([])).toBe('none');
    expect(displayValue([{ id: 'constraints', description: '' }])).toBe('1 item (constraints)');
    expect(displayValue('<b>x</b>')).toBe('<b>x</b>');
  });
});

describe('displayKnobValue', () => {
  it('shows a threshold as a percent of the window, other numbers as they are', () => {
    expect(displayKnobValue('upper_threshold', 0.85)).toBe('85\u00a0%');
    expect(displayKnobValue('lower_threshold', 0.655)).toBe('65.5\u00a0%');
    expect(displayKnobValue('summarize.window_messages', 20)).toBe('20');
    expect(displayKnobValue('plugin_knobs.p.upper_threshold', 0.5)).toBe('0.5');
  });
});

describe('knobLabels and knobName', () => {
  const labels = knobLabels([{ key: 'upper_threshold', label: 'Upper threshold' }, { key: 'x' }], [{ name: 'hindsight', knobs: [{ key: 'top_k', label: 'Top K' }, null] }]);
  it('names a key by the label the knobs screen shows, a plugin knob with its plugin', () => {
    expect(knobName(labels, 'upper_threshold')).toBe('Upper threshold');
    expect(knobName(labels, 'plugin_knobs.hindsight.top_k')).toBe('hindsight · Top K');
  });
  it('falls back to the key (a plugin knob as "plugin · key") when no label is known', () => {
    expect(knobName(labels, 'x')).toBe('x');
    expect(knobName(labels, 'plugin_knobs.gone.knob')).toBe('gone · knob');
  });
});
