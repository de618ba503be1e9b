// A small interpreter of the JSON Schema keywords the knob value schemas use (knob-validator.ts
// generates them): no code is generated at run time (the app's Content-Security-Policy forbids eval
// and new Function). Outside patterns run on a linear-time engine (outside-pattern.ts).

import { onStep } from './manifest-problems';
import { compileOutsidePattern, patternProblem } from './outside-pattern';

export type JsonSchema = Record<string, unknown>;

export const STEP = 'x-kaged-step';
export const REGEX = 'x-kaged-regex';
export const UNIQUE_BY = 'x-kaged-unique-by';

/** One failed keyword: where in the knob's value (path segments below it) and with what parameters. */
export interface SchemaError {
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
export function interpret(schema: JsonSchema, value: unknown, path: readonly string[], out: SchemaError[]): void {
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
      // Run by a linear-time engine (outside-pattern.ts); a pattern it cannot run fails every value, saying why
      // (not checked yet while the engine is not installed).
      const { pattern, problem } = compileOutsidePattern(schema.pattern);
      if (problem !== null) fail('pattern', { pattern: schema.pattern, problem });
      else if (pattern !== null && !pattern.test(value)) fail('pattern', { pattern: schema.pattern });
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
export function snapToStep(knob: { min: number; max: number; step: number }, value: number): number {
  const { min, max, step } = knob;
  const k = Math.round((value - min) / step);
  const maxK = Math.floor((max - min) / step + 1e-9);
  const snapped = min + Math.min(Math.max(k, 0), maxK) * step;
  return Number(snapped.toFixed(Math.min(12, stepDecimals(min, step))));
}
