/**
 * Each knob kind's own rules for a declaration (range, enum, text, model alias, string list,
 * predicate list), as manifest-check.ts applies them to a knob of that kind.
 */
import { compileOutsidePattern, type OutsidePattern } from './outside-pattern';
import { isFiniteNumber, isPositiveInt, isRecord, onStep, show, typeName, type Collector, type Rec } from './manifest-problems';

export function checkRange(k: Rec, c: Collector): void {
  const { min, max, step } = k;
  for (const [field, v] of [['min', min], ['max', max], ['step', step]] as const) {
    if (v === undefined) c.add(field, `${field} is missing`);
    else if (!isFiniteNumber(v)) c.add(field, `${field} must be a finite number, not ${typeName(v)}`);
  }
  const bounds = isFiniteNumber(min) && isFiniteNumber(max);
  if (bounds && min > max) c.add('max', `min (${min}) is greater than max (${max})`);
  if (bounds && min === max) c.add('max', `min and max are both ${min}: there is nothing to choose`);
  if (isFiniteNumber(step) && step <= 0) c.add('step', `step must be greater than 0, not ${step}`);
  else if (isFiniteNumber(step) && bounds && min < max && step > max - min) c.add('step', `step (${step}) is larger than the whole range ${min}–${max}`);
  if (k.unit !== undefined && typeof k.unit !== 'string') c.add('unit', `unit must be text, not ${typeName(k.unit)}`);
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (!isFiniteNumber(d)) c.add('default', `default must be a number, not ${typeName(d)}`);
  else if (bounds && min <= max && (d < min || d > max)) c.add('default', `default ${d} is outside the range ${min}–${max}`);
  else if (bounds && isFiniteNumber(step) && step > 0 && !onStep(d, min, step)) c.add('default', `default ${d} is not on a step of ${step} from ${min}`);
}

function checkNullable(k: Rec, c: Collector): boolean {
  if (k.nullable !== undefined && typeof k.nullable !== 'boolean') c.add('nullable', `nullable must be true or false, not ${typeName(k.nullable)}`);
  if (k.null_label !== undefined && typeof k.null_label !== 'string') c.add('null_label', `null_label must be text, not ${typeName(k.null_label)}`);
  return k.nullable === true;
}

export function checkEnum(k: Rec, c: Collector): void {
  const nullable = checkNullable(k, c);
  const values = new Set<string>();
  if (k.options === undefined) c.add('options', 'options are missing');
  else if (!Array.isArray(k.options)) c.add('options', `options must be a list, not ${typeName(k.options)}`);
  else if (k.options.length === 0) c.add('options', 'options are empty: there is nothing to choose');
  else {
    k.options.forEach((o: unknown, i) => {
      const field = `options[${i + 1}]`;
      if (!isRecord(o)) return c.add(field, `option ${i + 1} must be an object with value and label, not ${typeName(o)}`);
      if (typeof o.value !== 'string' || o.value === '') c.add(`${field}.value`, `option ${i + 1} needs a non-empty text value, not ${show(o.value)}`);
      else if (values.has(o.value)) c.add(`${field}.value`, `option value ${show(o.value)} is declared twice`);
      else values.add(o.value);
      if (typeof o.label !== 'string' || o.label === '') c.add(`${field}.label`, `option ${i + 1} needs a non-empty text label`);
      if (o.description !== undefined && typeof o.description !== 'string') c.add(`${field}.description`, `option ${i + 1}'s description must be text`);
    });
  }
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (d === null) {
    if (!nullable) c.add('default', 'default is null but the knob is not nullable');
  } else if (typeof d !== 'string') c.add('default', `default must be one of the option values, not ${typeName(d)}`);
  else if (values.size > 0 && !values.has(d)) c.add('default', `default ${show(d)} is not among the options (${[...values].map(show).join(', ')})`);
}

/** A declared outside pattern (text, compiled by re2js), or null when none is declared or it is unusable. */
function checkPattern(k: Rec, field: 'pattern' | 'item_pattern', c: Collector): OutsidePattern | null {
  const value = k[field];
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    c.add(field, `${field} must be text, not ${typeName(value)}`);
    return null;
  }
  const compiled = compileOutsidePattern(value);
  if (compiled.problem !== null) c.add(field, `${field} ${show(value)} ${compiled.problem}`);
  return compiled.pattern;
}

export function checkText(k: Rec, c: Collector): void {
  if (k.max_length !== undefined && !isPositiveInt(k.max_length)) c.add('max_length', `max_length must be a whole number ≥ 1, not ${show(k.max_length)}`);
  if (k.multiline !== undefined && typeof k.multiline !== 'boolean') c.add('multiline', `multiline must be true or false, not ${typeName(k.multiline)}`);
  if (k.suggest !== undefined && k.suggest !== 'prompts') c.add('suggest', `suggest must be "prompts", not ${show(k.suggest)}`);
  const pattern = checkPattern(k, 'pattern', c);
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (typeof d !== 'string') c.add('default', `default must be text, not ${typeName(d)}`);
  else {
    if (isPositiveInt(k.max_length) && d.length > k.max_length) c.add('default', `default is ${d.length} characters, longer than max_length ${k.max_length}`);
    if (pattern && !pattern.test(d)) c.add('default', `default ${show(d)} does not match the pattern ${show(k.pattern)}`);
  }
}

export function checkModelAlias(k: Rec, c: Collector, modelAliases: readonly string[] | undefined): void {
  const nullable = checkNullable(k, c);
  const d = k.default;
  if (d === undefined) c.add('default', 'default is missing');
  else if (d === null) {
    if (!nullable) c.add('default', 'default is null but the knob is not nullable (null means the agent\'s own model)');
  } else if (typeof d !== 'string' || d === '') c.add('default', `default must be a model alias, not ${show(d)}`);
  else if (modelAliases && !modelAliases.includes(d)) c.add('default', `default model alias ${show(d)} is not one the daemon knows`);
}

export function checkStringList(k: Rec, c: Collector): void {
  if (k.max_items !== undefined && !isPositiveInt(k.max_items)) c.add('max_items', `max_items must be a whole number ≥ 1, not ${show(k.max_items)}`);
  if (k.item_max_length !== undefined && !isPositiveInt(k.item_max_length)) c.add('item_max_length', `item_max_length must be a whole number ≥ 1, not ${show(k.item_max_length)}`);
  const pattern = checkPattern(k, 'item_pattern', c);
  const d = k.default;
  if (d === undefined) return c.add('default', 'default is missing');
  if (!Array.isArray(d) || d.some((v) => typeof v !== 'string')) return c.add('default', `default must be a list of texts, not ${show(d)}`);
  if (isPositiveInt(k.max_items) && d.length > k.max_items) c.add('default', `default has ${d.length} items, more than max_items ${k.max_items}`);
  const bad = d.find((v: string) => (isPositiveInt(k.item_max_length) && v.length > k.item_max_length) || (pattern !== null && !pattern.test(v)));
  if (bad !== undefined) c.add('default', `default item ${show(bad)} breaks item_max_length or item_pattern`);
}

export function checkPredicateList(k: Rec, c: Collector, inPlugin: boolean): void {
  if (inPlugin) return;
  if (!Array.isArray(k.default)) c.add('default', `default must be a list of always-keep predicates, not ${typeName(k.default)}`);
}
