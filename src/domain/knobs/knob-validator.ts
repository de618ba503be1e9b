// What a knob accepts, generated from the knob schemas as JSON Schema (the one source of truth for
// valid values) and checked by a small interpreter of the keywords that schema uses
// (knob-schema-check.ts, eval-free): a 200-knob panel costs no compile step. Used by the form (through knob-resolver) and by the
// simulated daemon's PUT …/compaction-config. Messages are written for the operator.

import type { components } from '../contract/schema.gen';
import { allowsNull, type IndexedKnob, type Knob } from './knob-kinds';
import { describeProblem } from './knob-messages';
import { interpret, REGEX, UNIQUE_BY, STEP, type JsonSchema, type SchemaError } from './knob-schema-check';

export interface ValueContext {
  /** Model aliases the daemon knows (GET /models); a model_alias value must be one of them. */
  modelAliases: readonly string[];
}

/** A problem on one dotted config key (the 422 answer of PUT …/compaction-config lists them). */
export type ConfigFieldError = components['schemas']['ConfigFieldError'];

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
  const first = (errors: readonly SchemaError[], key: string, knob: Knob, value: unknown): string | null => {
    const error = errors[0];
    if (error === undefined) return null;
    const same = (e: SchemaError) => e.path.length === error.path.length && e.path.every((p, i) => p === error.path[i]);
    return describeProblem(errors.find((e) => e.keyword === 'type' && same(e)) ?? error, key, knob, value);
  };

  /** The first problem of one value, or null. */
  const problem = (key: string, knob: Knob, value: unknown): string | null => {
    // A key whose value is undefined is absent (a plugin knob with no value yet is not an error), as in JSON.
    if (value === undefined) return null;
    const errors: SchemaError[] = [];
    interpret(schemaOf(key, knob), value, [], errors);
    return first(errors, key, knob, value);
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
      return { items: value.map((_, i) => first(errors.filter((e) => e.path[0] === String(i)), key, entry.knob, value)) };
    },
  };
}
