import { contractValidator } from '../../src/lib/api/contract';
import { DaemonError } from '../daemon/errors';

/** Checks a request body against a contract schema; answers 400 naming the field on failure. */
export function validateBody<T>(schemaName: string, body: unknown): T {
  const problem = contractValidator.check(`#/components/schemas/${schemaName}`, body);
  if (problem) {
    throw new DaemonError(400, 'invalid_request', `Request body does not match ${schemaName}: ${problem.path || '(root)'} ${problem.message}`, { field: problem.path });
  }
  return body as T;
}
