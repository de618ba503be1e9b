// A knob value's problems in the operator's words (the knob validator's messages, shown by the form
// and returned by the simulated daemon's 422). A threshold is a percent of the context window on
// every screen, so its values and limits are written as percents ("150 % is outside 5–99 %").

import { thresholdToPercent } from '../accounting/thresholds';
import { formatThreshold } from '../format';
import { allowsNull, isThresholdKey, type Knob } from './knob-kinds';
import { show } from './manifest-problems';
import { patternProblem } from './outside-pattern';
import { REGEX, snapToStep, STEP, UNIQUE_BY, type SchemaError } from './knob-schema-check';

/** How a range knob's numbers read: a threshold as a percent of the window, others with their unit. */
function rangeText(key: string, knob: Extract<Knob, { type: 'range' }>) {
  if (isThresholdKey(key)) {
    // The value as typed (up to 4 decimals of a percent), the limits as every screen shows a threshold.
    return { value: (v: number) => formatThreshold(v, 4), limits: `${thresholdToPercent(knob.min)}–${formatThreshold(knob.max)}`, step: formatThreshold(knob.step), at: formatThreshold };
  }
  const unit = knob.unit ? ` ${knob.unit}` : '';
  return { value: show, limits: `${knob.min}–${knob.max}${unit}`, step: String(knob.step), at: String };
}

function listItem(path: readonly string[]): number | null {
  const n = Number(path[0]);
  return Number.isInteger(n) ? n + 1 : null;
}

/** One failed keyword on the value of the knob at config key `key`, in the operator's words. */
export function describeProblem(error: SchemaError, key: string, knob: Knob, value: unknown): string {
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
      if (knob.type === 'range') {
        const text = rangeText(key, knob);
        return `${text.value(value as number)} is outside ${text.limits}`;
      }
      break;
    case STEP:
      if (knob.type === 'range') {
        const text = rangeText(key, knob);
        return `${text.value(value as number)} is not on a step of ${text.step} from ${text.at(knob.min)} (nearest allowed: ${text.at(snapToStep(knob, value as number))})`;
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
