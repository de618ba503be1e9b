/**
 * The whole contract's validators at once, synchronous: for the tests, the contract test and the
 * simulator (Node). The app itself loads each endpoint's validators on demand
 * (response-validators.ts); both are the same code, compiled at build time (compile-validators.ts).
 */
import { validatorForStatus, checkWith, type CompiledValidator, type ValidationFailure } from './validation';
import { responses } from './validators/all-responses.gen';
import { schemas } from './validators/schemas.gen';
import type { components } from './schema.gen';

export type { ValidationFailure } from './validation';
export type ComponentSchemaName = keyof components['schemas'];

function responseValidator(schemaPath: string, method: string, status: number): CompiledValidator | null {
  const statuses = responses[`${method.toUpperCase()} ${schemaPath}`];
  return statuses ? validatorForStatus(statuses, status) : null;
}

/**
 * Checks a response body. Answers null when it is valid or when the contract defines no JSON body
 * for that status, else the first failure.
 */
export function validateResponseBody(schemaPath: string, method: string, status: number, body: unknown): ValidationFailure | null {
  const validate = responseValidator(schemaPath, method, status);
  return validate === null ? null : checkWith(validate, body);
}

/** Whether the contract defines a JSON body for this response. */
export function hasResponseSchema(schemaPath: string, method: string, status: number): boolean {
  return responseValidator(schemaPath, method, status) !== null;
}

/** Checks a value against a named component schema, e.g. EventFrame. */
export function validateComponent(name: ComponentSchemaName, value: unknown): ValidationFailure | null {
  const validate = schemas[name];
  if (!validate) throw new Error(`No compiled validator for ${name}: run npm run gen:api`);
  return checkWith(validate, value);
}
