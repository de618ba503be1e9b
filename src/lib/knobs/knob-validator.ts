// What a knob accepts, generated from the knob schemas as JSON Schema and checked with ajv:
// the one source of truth for valid values, used by the form (through knob-resolver) and by
// the simulated daemon's PUT …/compaction-config. Messages are written for the operator.

import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { components } from '../api/schema.gen';
import { allowsNull, type IndexedKnob, type Knob } from './knob-kinds';
import { onStep, patternError, show } from './manifest-check';

export interface ValueContext {
  /** Model aliases the daemon knows (GET /models); a model_alias value must be one of them. */
  modelAliases: readonly string[];
}

/** A problem on one dotted config key (the 422 answer of PUT …/compaction-config lists them). */
export type ConfigFieldError = components['schemas']['ConfigFieldError'];

type JsonSchema = Record<string, unknown>;

const STEP = 'x-kaged-step';
const REGEX = 'x-kaged-regex';
const UNIQUE_BY = 'x-kaged-unique-by';

let shared: Ajv2020 | null = null;

function ajv(): Ajv2020 {
  if (shared === null) {
    // The same Ajv build as the contract validator (src/lib/api/validator.ts), so bundles carry one copy.
    // inlineRefs off: a shared definition is compiled once and called, not copied into every knob that uses it.
    shared = new Ajv2020({ allErrors: true, strict: false, unicodeRegExp: true, inlineRefs: false });
    shared.addKeyword({
      keyword: STEP,
      type: 'number',
      schemaType: 'object',
      validate: (s: { min: number; step: number }, value: number) => onStep(value, s.min, s.step),
    });
    shared.addKeyword({ keyword: REGEX, type: 'string', schemaType: 'boolean', validate: (_: boolean, value: string) => patternError(value) === null });
    shared.addKeyword({
      keyword: UNIQUE_BY,
      type: 'array',
      schemaType: 'string',
      validate: (prop: string, value: unknown[]) => {
        const ids = value.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[prop] : undefined));
        return new Set(ids).size === ids.length;
      },
    });
  }
  return shared;
}

/** Decimal places a step needs (0.05 → 2), so snapped values print cleanly. */
export function stepDecimals(...numbers: number[]): number {
  return Math.max(0, ...numbers.map((n) => (Number.isFinite(n) ? (String(n).split('.')[1]?.length ?? 0) : 0)));
}

/** The allowed value nearest to `value`: on min + k·step, within min–max. */
export function snapToStep(knob: Pick<Extract<Knob, { type: 'range' }>, 'min' | 'max' | 'step'>, value: number): number {
  const { min, max, step } = knob;
  const k = Math.round((value - min) / step);
  const maxK = Math.floor((max - min) / step + 1e-9);
  const snapped = min + Math.min(Math.max(k, 0), maxK) * step;
  return Number(snapped.toFixed(Math.min(12, stepDecimals(min, step))));
}

const PREDICATE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['id', 'description'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', maxLength: 500 },
    role: { enum: ['system', 'user', 'assistant', 'tool'] },
    content_regex: { type: 'string', minLength: 1, maxLength: 500, [REGEX]: true },
    tool_name: { type: 'string', minLength: 1, maxLength: 200 },
  },
  anyOf: [{ required: ['role'] }, { required: ['content_regex'] }, { required: ['tool_name'] }],
};

/** The JSON Schema of one knob's value. */
export function knobValueSchema(knob: Knob, ctx: ValueContext): JsonSchema {
  const nullable = allowsNull(knob);
  switch (knob.type) {
    case 'range':
      return { type: 'number', minimum: knob.min, maximum: knob.max, [STEP]: { min: knob.min, step: knob.step } };
    case 'enum':
      return { enum: [...knob.options.map((o) => o.value), ...(nullable ? [null] : [])] };
    case 'text':
      return {
        type: 'string',
        ...(knob.max_length !== undefined ? { maxLength: knob.max_length } : {}),
        ...(knob.pattern !== undefined ? { pattern: knob.pattern } : {}),
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'model_alias': {
      // ajv refuses an empty or repeated enum: a model list that is empty (or not loaded yet) refuses every alias.
      const allowed = [...new Set(ctx.modelAliases), ...(nullable ? [null] : [])];
      return allowed.length > 0 ? { enum: allowed } : { not: {} };
    }
    case 'string_list':
      return {
        type: 'array',
        uniqueItems: true,
        ...(knob.max_items !== undefined ? { maxItems: knob.max_items } : {}),
        items: {
          type: 'string',
          minLength: 1,
          ...(knob.item_max_length !== undefined ? { maxLength: knob.item_max_length } : {}),
          ...(knob.item_pattern !== undefined ? { pattern: knob.item_pattern } : {}),
        },
      };
    case 'predicate_list':
      return { type: 'array', maxItems: 100, items: PREDICATE_SCHEMA, [UNIQUE_BY]: 'id' };
  }
}

function unit(knob: Knob): string {
  return knob.type === 'range' && knob.unit ? ` ${knob.unit}` : '';
}

function listItem(path: string[]): number | null {
  const n = Number(path[0]);
  return Number.isInteger(n) ? n + 1 : null;
}

/** One ajv error on one knob's value, in the operator's words. */
function describe(error: ErrorObject, knob: Knob, value: unknown): string {
  const path = error.instancePath.split('/').slice(2);
  const item = listItem(path);
  const p = error.params as Record<string, unknown>;
  if (knob.type === 'predicate_list' && item !== null) {
    const predicate = (value as unknown[])[item - 1] as Record<string, unknown> | undefined;
    const name = typeof predicate?.id === 'string' && predicate.id !== '' ? `predicate ${show(predicate.id)}` : `predicate ${item}`;
    const field = path[1] ?? (typeof p.missingProperty === 'string' ? p.missingProperty : typeof p.additionalProperty === 'string' ? p.additionalProperty : '');
    if (error.keyword === 'anyOf') return `${name} needs a role, a content_regex or a tool_name to match on`;
    if (error.keyword === 'required') return `${name} needs ${field === 'id' ? 'an id' : `a ${field}`}`;
    if (error.keyword === 'additionalProperties') return `${name} has an unknown field ${show(field)}`;
    if (error.keyword === REGEX) return `${name}: content_regex is not a valid regular expression (${patternError(String(predicate?.content_regex))})`;
    if (error.keyword === 'enum') return `${name}: role must be system, user, assistant or tool`;
    if (error.keyword === 'type') return typeof predicate === 'object' && predicate !== null ? `${name}: ${field} must be text` : `${name} must be an object`;
    if (error.keyword === 'minLength') return `${name}: ${field} must not be empty`;
    if (error.keyword === 'maxLength') return `${name}: ${field} is longer than ${String(p.limit)} characters`;
  }
  if (knob.type === 'string_list' && item !== null) {
    const v = (value as unknown[])[item - 1];
    if (error.keyword === 'type') return `item ${item} must be text`;
    if (error.keyword === 'minLength') return `item ${item} is empty`;
    if (error.keyword === 'maxLength') return `item ${item} is longer than ${String(p.limit)} characters`;
    if (error.keyword === 'pattern') return `item ${show(v)} does not match ${String(p.pattern)}`;
  }
  switch (error.keyword) {
    case 'type':
      return knob.type === 'range'
        ? `${show(value)} is not a number`
        : knob.type === 'boolean'
          ? 'must be true or false'
          : knob.type === 'text'
            ? 'must be text'
            : 'must be a list';
    case 'minimum':
    case 'maximum':
      if (knob.type === 'range') return `${show(value)} is outside ${knob.min}–${knob.max}${unit(knob)}`;
      break;
    case STEP:
      if (knob.type === 'range') {
        return `${show(value)} is not on a step of ${knob.step} from ${knob.min} (nearest allowed: ${snapToStep(knob, value as number)})`;
      }
      break;
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).filter((v) => v !== null).map((v) => String(v));
      if (knob.type === 'model_alias') {
        return typeof value === 'string' ? `model alias ${show(value)} does not exist (known: ${allowed.join(', ')})` : `must be a model alias${allowsNull(knob) ? ' or null' : ''}`;
      }
      return `must be one of ${allowed.join(', ')}${allowsNull(knob) ? ' or none' : ''}, not ${show(value)}`;
    }
    case 'not':
      return 'no model alias is known (GET /models lists none)';
    case 'maxLength':
      return `is ${(value as string).length} characters; at most ${String(p.limit)} allowed`;
    case 'pattern':
      return `${show(value)} does not match ${String(p.pattern)}`;
    case 'maxItems':
      return `at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return `lists ${show((value as unknown[])[p.j as number])} twice`;
    case UNIQUE_BY:
      return 'two predicates share an id';
  }
  return error.message ?? 'is not valid';
}

function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface KnobValidator {
  /** The problem with one value of one knob, or null. Unknown keys are not this validator's business (null). */
  check(key: string, value: unknown): string | null;
  /** The first problem of every invalid value among `values` (dotted key → value), in the order given. */
  checkAll(values: Readonly<Record<string, unknown>>): ConfigFieldError[];
  readonly knobs: ReadonlyMap<string, IndexedKnob>;
}

/**
 * Compiles one validator for a set of knobs: a single JSON Schema object with one property per
 * dotted key, compiled once. Values of keys not present are not checked.
 */
export function createKnobValidator(knobs: ReadonlyMap<string, IndexedKnob>, ctx: ValueContext): KnobValidator {
  // Knobs of the same shape (every boolean, ratios of one range, enums with the same options) share
  // one definition, so ajv generates its code once rather than once per knob.
  const properties: Record<string, JsonSchema> = {};
  const defs: Record<string, JsonSchema> = {};
  const defByShape = new Map<string, string>();
  for (const [key, entry] of knobs) {
    const schema = knobValueSchema(entry.knob, ctx);
    const shape = JSON.stringify(schema);
    let def = defByShape.get(shape);
    if (def === undefined) {
      def = `v${defByShape.size}`;
      defByShape.set(shape, def);
      defs[def] = schema;
    }
    properties[key] = { $ref: `#/$defs/${def}` };
  }
  let compiled: ValidateFunction | null = null;
  const validate = (): ValidateFunction => (compiled ??= ajv().compile({ type: 'object', $defs: defs, properties }));
  const bySegment = new Map([...knobs.keys()].map((k) => [pointerSegment(k), k]));

  const checkAll = (values: Readonly<Record<string, unknown>>): ConfigFieldError[] => {
    const known: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) if (knobs.has(key)) known[key] = value;
    const fn = validate();
    if (fn(known)) return [];
    const first = new Map<string, string>();
    // The branches of an anyOf report their own failures first; the anyOf error says it better.
    const errors = (fn.errors ?? []).filter((e) => !e.schemaPath.includes('/anyOf/'));
    for (const error of errors) {
      const key = bySegment.get(error.instancePath.split('/')[1] ?? '');
      const entry = key === undefined ? undefined : knobs.get(key);
      if (key === undefined || entry === undefined || first.has(key)) continue;
      // A value of the wrong type also fails the type-specific keywords; report the type.
      const chosen = errors.find((e) => e.keyword === 'type' && e.instancePath === error.instancePath) ?? error;
      first.set(key, describe(chosen, entry.knob, known[key]));
    }
    return Object.keys(known)
      .filter((k) => first.has(k))
      .map((k) => ({ key: k, message: first.get(k) as string }));
  };

  return {
    knobs,
    checkAll,
    check: (key, value) => (knobs.has(key) ? (checkAll({ [key]: value })[0]?.message ?? null) : null),
  };
}
