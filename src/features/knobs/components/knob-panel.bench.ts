/**
 * Benchmark: a panel of 200 knobs of mixed kinds, rendered and validated, side by side with
 * react-jsonschema-form (@rjsf/core with @rjsf/validator-ajv8) on the equivalent JSON Schema.
 *
 * Input (built once): one plugin manifest with 200 knobs: 80 ranges, 20 enums of 3 options
 * (segmented), 20 of 6 options (select), 20 single-line and 10 multi-line texts with max length
 * and pattern, 30 booleans, 20 model aliases; values that break a tenth of them.
 *
 * Timed, each iteration from scratch (no compiled validator kept between iterations, on either side):
 *  (a) ours: the manifest checked, laid out (layoutKnobGroups), the validator generated (JSON Schema
 *      per knob, interpreted: no code generation), the group rendered through the one knob renderer
 *      (react-dom/server renderToString), then every value validated (validateKnobValues).
 *  (b) the peer: a fresh @rjsf/validator-ajv8 validator, <Form> rendered with renderToString on
 *      the same schema expressed as JSON Schema (range widgets, radios for short enums,
 *      textareas), then validateFormData over the same values.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { bench, describe } from 'vitest';
import { pluginConfigKey } from '../../../domain/knobs/knob-kinds';
import type { FlatValues } from '../../../domain/knobs/inheritance';
import { formValidator, knobIndex, validateKnobValues } from '../lib/knob-form';
import { layoutKnobGroups } from '../lib/knob-layout';
import { describeOrigin } from '../lib/knob-origin';
import { modelOptions } from '../lib/model-options';
import { readPluginListing } from '../lib/plugin-view';
import { MODELS } from '../test-support/test-knobs';
import { KnobGroupSection } from './knob-group';

const PLUGIN = 'bench-200';
const ALIASES = MODELS.map((m) => m.alias);
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `o${i}`, label: `Option ${i}`, description: `What option ${i} does` }));

const knobs: Record<string, unknown>[] = [];
for (let i = 0; i < 200; i += 1) {
  const key = `k${String(i).padStart(3, '0')}`;
  const base = { key, label: `Knob ${i}`, description: `Knob ${i} tunes something.` };
  if (i < 80) knobs.push({ ...base, type: 'range', min: 0, max: 100, step: 0.5, unit: '%', default: 50 });
  else if (i < 100) knobs.push({ ...base, type: 'enum', options: options(3), default: 'o0' });
  else if (i < 120) knobs.push({ ...base, type: 'enum', options: options(6), default: 'o0' });
  else if (i < 140) knobs.push({ ...base, type: 'text', max_length: 80, pattern: '^[a-z0-9-]*$', default: 'abc' });
  else if (i < 150) knobs.push({ ...base, type: 'text', multiline: true, max_length: 400, default: 'a note' });
  else if (i < 180) knobs.push({ ...base, type: 'boolean', default: false });
  else knobs.push({ ...base, type: 'model_alias', default: 'sonnet' });
}
const LISTING = { name: PLUGIN, problems: [], manifest: { name: PLUGIN, version: '1.0.0', description: '200 knobs', roles: ['observer'], hooks: ['post_compact'], knobs } };
const BUILTIN = { groups: [], knobs: [] };

/** The values: defaults, with every tenth knob broken for its kind. */
const VALUES: Record<string, unknown> = {};
knobs.forEach((k, i) => {
  const broken = i % 10 === 0;
  let v = k.default;
  if (broken) v = k.type === 'range' ? 50.25 : k.type === 'enum' ? 'nope' : k.type === 'text' ? (k.pattern ? 'NOT VALID!' : 'x'.repeat(500)) : k.type === 'boolean' ? 'yes' : 'no-such-model';
  VALUES[k.key as string] = v;
});

const NO_ERRORS: ReadonlyMap<string, string> = new Map();

function Panel({ group, values }: { group: ReturnType<typeof layoutKnobGroups>[number]; values: FlatValues }) {
  const origin = describeOrigin('default', null);
  // As the knobs screen does: one list of model choices per kind of picker (none of these knobs is nullable).
  const models = modelOptions(MODELS, false, null);
  return createElement(KnobGroupSection, {
    group,
    values,
    errors: NO_ERRORS,
    stateOf: () => ({ origin, unsaved: false, changedFromDefault: false, canReset: false }),
    onEdit: () => undefined,
    onLeave: () => undefined,
    onReset: () => undefined,
    modelsFor: (item) => (item.control.control === 'model-picker' ? models : []),
    prompts: [],
  });
}

function ours(): number {
  const view = readPluginListing(LISTING, { modelAliases: ALIASES });
  const groups = layoutKnobGroups(BUILTIN, [view], [PLUGIN]);
  const group = groups[groups.length - 1] as (typeof groups)[number];
  const validator = formValidator(knobIndex(BUILTIN, [view]), ALIASES);
  const values = Object.fromEntries(Object.entries(VALUES).map(([k, v]) => [pluginConfigKey(PLUGIN, k), v]));
  const html = renderToString(createElement(Panel, { group, values }));
  const errors = validateKnobValues(values, { validator, plugins: [] });
  if (errors.size !== 20) throw new Error(`ours: expected 20 errors, got ${errors.size}`);
  return html.length;
}

// The peer's schema: the same knobs as JSON Schema, as a plugin author would write them for RJSF.
const properties: Record<string, RJSFSchema> = {};
const uiSchema: UiSchema = {};
for (const k of knobs) {
  const key = k.key as string;
  const common = { title: k.label as string, description: k.description as string, default: k.default as never };
  if (k.type === 'range') {
    properties[key] = { ...common, type: 'number', minimum: k.min as number, maximum: k.max as number, multipleOf: k.step as number };
    uiSchema[key] = { 'ui:widget': 'range' };
  } else if (k.type === 'enum') {
    const opts = k.options as { value: string; label: string; description: string }[];
    properties[key] = { ...common, type: 'string', oneOf: opts.map((o) => ({ const: o.value, title: o.label, description: o.description })) };
    if (opts.length <= 4) uiSchema[key] = { 'ui:widget': 'radio' };
  } else if (k.type === 'text') {
    properties[key] = { ...common, type: 'string', maxLength: k.max_length as number, ...(k.pattern ? { pattern: k.pattern as string } : {}) };
    if (k.multiline) uiSchema[key] = { 'ui:widget': 'textarea' };
  } else if (k.type === 'boolean') {
    properties[key] = { ...common, type: 'boolean' };
  } else {
    properties[key] = { ...common, type: 'string', enum: ALIASES };
  }
}
const SCHEMA: RJSFSchema = { type: 'object', title: PLUGIN, properties };

function peer(): number {
  const validator = customizeValidator();
  const html = renderToString(createElement(Form, { schema: SCHEMA, uiSchema, validator, formData: VALUES, liveValidate: false }));
  const result = validator.validateFormData(VALUES, SCHEMA);
  if (result.errors.length < 20) throw new Error(`peer: expected at least 20 errors, got ${result.errors.length}`);
  return html.length;
}

describe('knobs panel: 200 knobs of mixed kinds, render + validate', () => {
  bench('ours: manifest check, layout, schema validator, react-hook-form render, validate', () => {
    ours();
  });
  bench('@rjsf/core + validator-ajv8: render the equivalent JSON Schema, validate', () => {
    peer();
  });
});
