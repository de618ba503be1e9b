import { describe, expect, it } from 'vitest';
import type { Knob } from '../../../domain/knobs/knob-kinds';
import { controlFor, controlForKnob } from './knob-controls';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `o${i}`, label: `O${i}`, ...(i === 0 ? { description: 'the first' } : {}) }));

describe('controlForKnob', () => {
  it('range → slider with unit, step, min, max and the decimals the step needs', () => {
    expect(controlForKnob({ type: 'range', key: 'k', label: 'K', min: 0.05, max: 0.99, step: 0.01, unit: '× window', default: 0.85 })).toEqual({
      control: 'slider',
      min: 0.05,
      max: 0.99,
      step: 0.01,
      unit: '× window',
      decimals: 2,
      scale: null,
    });
    expect(controlForKnob({ type: 'range', key: 'k', label: 'K', min: 0, max: 50, step: 1, default: 1 })).toMatchObject({ unit: null, decimals: 0 });
  });

  it('a threshold → a slider in percent of the window (the value itself stays a fraction)', () => {
    const upper = { type: 'range', key: 'upper_threshold', label: 'Upper', min: 0.05, max: 0.99, step: 0.01, unit: '× window', default: 0.85 } as const;
    expect(controlForKnob(upper)).toEqual({ control: 'slider', min: 5, max: 99, step: 1, unit: '%', decimals: 0, scale: 'percent' });
    // A plugin's knob of the same name is not the built-in threshold.
    expect(controlFor(upper, [], 'plugin_knobs.p.upper_threshold')).toMatchObject({ min: 0.05, scale: null });
  });

  it('enum → segmented up to four choices, a select beyond; option descriptions kept', () => {
    const four = controlForKnob({ type: 'enum', key: 'k', label: 'K', options: options(4), default: 'o0' });
    expect(four.control).toBe('segmented');
    expect(four).toMatchObject({ options: [{ value: 'o0', label: 'O0', description: 'the first' }, { description: null }, {}, {}] });
    expect(controlForKnob({ type: 'enum', key: 'k', label: 'K', options: options(5), default: 'o0' }).control).toBe('select');
  });

  it('a nullable enum offers its null choice first, and it counts towards the four', () => {
    const c = controlForKnob({ type: 'enum', key: 'k', label: 'K', options: options(3), nullable: true, null_label: 'None', default: null });
    expect(c).toMatchObject({ control: 'segmented', options: [{ value: null, label: 'None' }, { value: 'o0' }, { value: 'o1' }, { value: 'o2' }] });
    expect(controlForKnob({ type: 'enum', key: 'k', label: 'K', options: options(4), nullable: true, default: null }).control).toBe('select');
  });

  it('text → input or textarea with max length, pattern and suggestions', () => {
    expect(controlForKnob({ type: 'text', key: 'k', label: 'K', default: '' })).toEqual({ control: 'input', maxLength: null, pattern: null, suggest: null });
    expect(controlForKnob({ type: 'text', key: 'k', label: 'K', multiline: true, max_length: 2000, pattern: '^a', suggest: 'prompts', default: 'a' })).toEqual({
      control: 'textarea',
      maxLength: 2000,
      pattern: '^a',
      suggest: 'prompts',
    });
  });

  it('boolean → switch; lists → list editors', () => {
    expect(controlForKnob({ type: 'boolean', key: 'k', label: 'K', default: true })).toEqual({ control: 'switch' });
    expect(controlForKnob({ type: 'string_list', key: 'k', label: 'K', max_items: 5, default: [] })).toEqual({ control: 'string-list', maxItems: 5, itemMaxLength: null, itemPattern: null });
    expect(controlForKnob({ type: 'predicate_list', key: 'k', label: 'K', default: [] })).toEqual({ control: 'predicate-list' });
  });

  it("model alias → picker, with the agent's own model as the null choice only where allowed", () => {
    expect(controlForKnob({ type: 'model_alias', key: 'k', label: 'K', default: 'haiku' })).toEqual({ control: 'model-picker', nullable: false, nullLabel: null });
    expect(controlForKnob({ type: 'model_alias', key: 'k', label: 'K', nullable: true, default: null })).toEqual({ control: 'model-picker', nullable: true, nullLabel: "The agent's own model" });
    expect(controlForKnob({ type: 'model_alias', key: 'k', label: 'K', nullable: true, null_label: 'Self-compact', default: null } as Knob)).toMatchObject({ nullLabel: 'Self-compact' });
  });
});

describe('controlFor (as declared over the wire)', () => {
  it('shows a knob of an unknown kind read-only with a notice, never dropping it', () => {
    expect(controlFor({ type: 'color', key: 'accent', label: 'Accent', default: '#f80' })).toEqual({
      control: 'read-only',
      notice: 'This knob is of a kind ("color") this version of Compactor cannot edit; it is shown read-only.',
    });
  });
  it('shows a malformed knob read-only with its problems', () => {
    const c = controlFor({ type: 'range', key: 'w', label: 'W', min: 1, max: 0, step: 1, default: 0 }, [{ knob: 'w', field: 'max', message: 'Plugin "p", knob "w": min (1) is greater than max (0).' }]);
    expect(c).toEqual({ control: 'read-only', notice: 'This knob cannot be edited until its declaration is fixed: Plugin "p", knob "w": min (1) is greater than max (0).' });
  });
  it('a declaration without a kind, or not an object, is read-only too', () => {
    expect(controlFor({ key: 'k' }).control).toBe('read-only');
    expect(controlFor(null).control).toBe('read-only');
  });
  it('a well-formed declaration maps as its kind', () => {
    expect(controlFor({ type: 'boolean', key: 'k', label: 'K', default: true })).toEqual({ control: 'switch' });
  });
});
