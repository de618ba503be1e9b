/**
 * Checking a value with a validator compiled from the contract (compile-validators.ts): the first
 * failure, as a JSON pointer and Ajv's message. Shared by the browser's on-demand validators
 * (response-validators.ts) and the whole-contract ones the tests and the simulator use (validator.ts).
 */
import type { ErrorObject } from 'ajv';

/** A validator compiled from the contract (Ajv standalone code). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface ValidationFailure {
  /** JSON pointer of the first failing field ('' is the root). */
  fieldPath: string;
  /** e.g. `must be integer`, `must have required property 'window'` */
  message: string;
}

function firstFailure(errors: readonly ErrorObject[] | null | undefined): ValidationFailure {
  const error = errors?.[0];
  if (!error) return { fieldPath: '', message: 'does not match the contract' };
  // `required` reports the parent; point at the missing property itself.
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const extra =
    error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
      ? ((error.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
        (error.params as { unevaluatedProperty?: string }).unevaluatedProperty)
      : undefined;
  const leaf = missing ?? extra;
  const fieldPath = leaf === undefined ? error.instancePath : `${error.instancePath}/${leaf.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return { fieldPath, message: error.message ?? 'does not match the contract' };
}

/** Checks a value with a compiled validator: null when it holds, else the first failure. */
export function checkWith(validate: CompiledValidator, value: unknown): ValidationFailure | null {
  return validate(value) ? null : firstFailure(validate.errors);
}

/**
 * The validator of one response among an endpoint's (by status key): the exact status, else the
 * `NXX` range, else `default`; null when the contract defines no JSON body for it (e.g. 101).
 */
export function validatorForStatus(statuses: Readonly<Record<string, CompiledValidator | null>>, status: number): CompiledValidator | null {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in statuses);
  return key === undefined ? null : (statuses[key] ?? null);
}
