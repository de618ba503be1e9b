// What a knob accepts, generated from the knob schemas as JSON Schema (the one source of truth for
// valid values) and checked by a small interpreter of the keywords that schema uses: no code is
// generated at run time (the app's Content-Security-Policy forbids eval and new Function), and a
// 200-knob panel costs no compile step. Used by the form (through knob-resolver) and by the
// simulated daemon's PUT …/compaction-config. Messages are written for the operator.

import type { components } from '../contract/schema.gen';
import { allowsNull, type IndexedKnob, type Knob } from './knob-kinds';
import { onStep, show } from './manifest-check';
import { compileOutsidePattern, patternProblem } from './outside-pattern';

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

/** One failed keyword: where in the knob's value (path segments below it) and with what parameters. */
interface SchemaError {
  keyword: string;
  path: readonly string[];
  params: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
  }
  return true;
}

/** A key equal for deep-equal JSON values (object keys sorted), for uniqueItems. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : JSON.stringify(value) ?? 'undefined';
}

/** Length in code points, as JSON Schema counts it. */
function length(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * Checks `value` against the JSON Schema subset knobValueSchema produces (type, enum, not, anyOf,
 * minimum/maximum, minLength/maxLength/pattern, maxItems/uniqueItems/items, required/properties/
 * additionalProperties and the three x-kaged keywords), pushing every failure in the order ajv
 * reports them: keywords of any type first, then those of the value's type (or the type error).
 * An anyOf reports only itself, not its branches' failures.
 */
function interpret(schema: JsonSchema, value: unknown, path: readonly string[], out: SchemaError[]): void {
  const fail = (keyword: string, params: Record<string, unknown> = {}, at: readonly string[] = path) => out.push({ keyword, path: at, params });
  if ('enum' in schema) {
    const allowed = schema.enum as unknown[];
    if (!allowed.some((a) => a === value)) fail('enum', { allowedValues: allowed });
  }
  if ('not' in schema && conforms(schema.not as JsonSchema, value)) fail('not');
  if ('anyOf' in schema && !(schema.anyOf as JsonSchema[]).some((branch) => conforms(branch, value))) fail('anyOf');
  if ('type' in schema && !hasType(value, schema.type)) {
    fail('type', { type: schema.type });
    return;
  }
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail('maximum', { limit: schema.maximum });
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail('minimum', { limit: schema.minimum });
    const step = schema[STEP] as { min: number; step: number } | undefined;
    if (step !== undefined && !onStep(value, step.min, step.step)) fail(STEP);
  } else if (typeof value === 'string') {
    const n = typeof schema.maxLength === 'number' || typeof schema.minLength === 'number' ? length(value) : 0;
    if (typeof schema.maxLength === 'number' && n > schema.maxLength) fail('maxLength', { limit: schema.maxLength });
    if (typeof schema.minLength === 'number' && n < schema.minLength) fail('minLength', { limit: schema.minLength });
    if (typeof schema.pattern === 'string') {
      // Run by a linear-time engine (outside-pattern.ts); a pattern it cannot run fails every value, saying why.
      const { pattern, problem } = compileOutsidePattern(schema.pattern);
      if (pattern === null) fail('pattern', { pattern: schema.pattern, problem });
      else if (!pattern.test(value)) fail('pattern', { pattern: schema.pattern });
    }
    if (schema[REGEX] === true && patternProblem(value) !== null) fail(REGEX);
  } else if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail('maxItems', { limit: schema.maxItems });
    if (schema.uniqueItems === true) {
      const seen = new Map<string, number>();
      for (let i = value.length - 1; i >= 0; i -= 1) {
        const k = canonical(value[i]);
        const j = seen.get(k);
        if (j !== undefined) {
          fail('uniqueItems', { i, j });
          break;
        }
        seen.set(k, i);
      }
    }
    if (isObject(schema.items)) value.forEach((item, i) => interpret(schema.items as JsonSchema, item, [...path, String(i)], out));
    const prop = schema[UNIQUE_BY];
    if (typeof prop === 'string') {
      const ids = value.map((v) => (isObject(v) ? v[prop] : undefined));
      if (new Set(ids).size !== ids.length) fail(UNIQUE_BY);
    }
  } else if (isObject(value)) {
    for (const name of (schema.required as string[] | undefined) ?? []) if (value[name] === undefined) fail('required', { missingProperty: name });
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    if (schema.additionalProperties === false) {
      for (const name of Object.keys(value)) if (!Object.hasOwn(properties, name)) fail('additionalProperties', { additionalProperty: name });
    }
    for (const [name, sub] of Object.entries(properties)) if (value[name] !== undefined) interpret(sub, value[name], [...path, name], out);
  }
}

function conforms(schema: JsonSchema, value: unknown): boolean {
  const out: SchemaError[] = [];
  interpret(schema, value, [], out);
  return out.length === 0;
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
      // A model list that is empty (or not loaded yet) refuses every alias, with its own message.
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

function listItem(path: readonly string[]): number | null {
  const n = Number(path[0]);
  return Number.isInteger(n) ? n + 1 : null;
}

/** One failed keyword on one knob's value, in the operator's words. */
function describe(error: SchemaError, knob: Knob, value: unknown): string {
  const path = error.path;
  const item = listItem(path);
  const p = error.params as Record<string, unknown>;
  if (knob.type === 'predicate_list' && item !== null) {
    const predicate = (value as unknown[])[item - 1] as Record<string, unknown> | undefined;
    const name = typeof predicate?.id === 'string' && predicate.id !== '' ? `predicate ${show(predicate.id)}` : `predicate ${item}`;
    const field = path[1] ?? (typeof p.missingProperty === 'string' ? p.missingProperty : typeof p.additionalProperty === 'string' ? p.additionalProperty : '');
    if (error.keyword === 'anyOf') return `${name} needs a role, a content_regex or a tool_name to match on`;
    if (error.keyword === 'required') return `${name} needs ${field === 'id' ? 'an id' : `a ${field}`}`;
    if (error.keyword === 'additionalProperties') return `${name} has an unknown field ${show(field)}`;
    if (error.keyword === REGEX) return `${name}: content_regex ${patternProblem(String(predicate?.content_regex))}`;
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
    if (error.keyword === 'pattern') return typeof p.problem === 'string' ? `item ${item} cannot be checked: the pattern ${show(p.pattern)} ${p.problem}` : `item ${show(v)} does not match ${String(p.pattern)}`;
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
      return typeof p.problem === 'string' ? `cannot be checked: the pattern ${show(p.pattern)} ${p.problem}` : `${show(value)} does not match ${String(p.pattern)}`;
    case 'maxItems':
      return `at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return `lists ${show((value as unknown[])[p.j as number])} twice`;
    case UNIQUE_BY:
      return 'two predicates share an id';
  }
  return 'is not valid';
}

export interface KnobValidator {
  /** The problem with one value of one knob, or null. Unknown keys are not this validator's business (null). */
  check(key: string, value: unknown): string | null;
  /** The first problem of every invalid value among `values` (dotted key → value), in the order given. */
  checkAll(values: Readonly<Record<string, unknown>>): ConfigFieldError[];
  /**
   * The first problem of each item of a list value (null where it is fine), for an editor that
   * shows each item's message beside it; the list's own problems (too many items, two predicates
   * sharing an id) are check's. Not a list, or an unknown key: no items.
   */
  listProblems(key: string, value: unknown): { items: (string | null)[] };
  readonly knobs: ReadonlyMap<string, IndexedKnob>;
}

/**
 * One validator for a set of knobs: each knob's value schema is generated once, on first use, and
 * interpreted per check. Values of keys not present are not checked.
 */
export function createKnobValidator(knobs: ReadonlyMap<string, IndexedKnob>, ctx: ValueContext): KnobValidator {
  const schemas = new Map<string, JsonSchema>();
  const schemaOf = (key: string, knob: Knob): JsonSchema => {
    let schema = schemas.get(key);
    if (schema === undefined) {
      schema = knobValueSchema(knob, ctx);
      schemas.set(key, schema);
    }
    return schema;
  };

  /** The first of `errors` in the operator's words (a value of the wrong type also fails the type-specific keywords: the type is reported). */
  const first = (errors: readonly SchemaError[], knob: Knob, value: unknown): string | null => {
    const error = errors[0];
    if (error === undefined) return null;
    const same = (e: SchemaError) => e.path.length === error.path.length && e.path.every((p, i) => p === error.path[i]);
    return describe(errors.find((e) => e.keyword === 'type' && same(e)) ?? error, knob, value);
  };

  /** The first problem of one value, or null. */
  const problem = (key: string, knob: Knob, value: unknown): string | null => {
    // A key whose value is undefined is absent (a plugin knob with no value yet is not an error), as in JSON.
    if (value === undefined) return null;
    const errors: SchemaError[] = [];
    interpret(schemaOf(key, knob), value, [], errors);
    return first(errors, knob, value);
  };

  const checkAll = (values: Readonly<Record<string, unknown>>): ConfigFieldError[] => {
    const found: ConfigFieldError[] = [];
    for (const [key, value] of Object.entries(values)) {
      const entry = knobs.get(key);
      if (entry === undefined) continue;
      const message = problem(key, entry.knob, value);
      if (message !== null) found.push({ key, message });
    }
    return found;
  };

  return {
    knobs,
    checkAll,
    check: (key, value) => {
      const entry = knobs.get(key);
      return entry === undefined ? null : problem(key, entry.knob, value);
    },
    listProblems: (key, value) => {
      const entry = knobs.get(key);
      if (entry === undefined || !Array.isArray(value)) return { items: [] };
      const errors: SchemaError[] = [];
      interpret(schemaOf(key, entry.knob), value, [], errors);
      return { items: value.map((_, i) => first(errors.filter((e) => e.path[0] === String(i)), entry.knob, value)) };
    },
  };
}
