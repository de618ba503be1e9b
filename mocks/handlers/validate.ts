import { validateComponent, type ComponentSchemaName } from '../../src/domain/contract/validator';
import { DaemonError } from '../daemon/errors';

/** Checks a request body against a contract schema; answers 400 naming the field on failure. */
export function validateBody<T>(schemaName: ComponentSchemaName, body: unknown): T {
  const problem = validateComponent(schemaName, body);
  if (problem) {
    throw new DaemonError(400, 'invalid_request', `Request body does not match ${schemaName}: ${problem.fieldPath || '(root)'} ${problem.message}`, { field: problem.fieldPath });
  }
  return body as T;
}
