import { describe, expect, it } from 'vitest';
import contract from './kaged-openapi.json';
import { loadResponseValidators, responseValidator } from './response-validators';
import { validateResponseBody } from './validator';

type Operations = Record<string, { responses: Record<string, unknown> }>;

describe('response validators loaded per endpoint', () => {
  it('exist for every response of every endpoint of the contract', async () => {
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item as Operations)) {
        const statuses = await loadResponseValidators(`${method.toUpperCase()} ${path}`);
        expect(statuses, `${method} ${path}`).not.toBeNull();
        expect(Object.keys(statuses ?? {}).sort(), `${method} ${path}`).toEqual(Object.keys(operation.responses).sort());
      }
    }
  });

  it('judge a body as the whole-contract validators do', async () => {
    const invalid = { items: [{ id: 's1' }] };
    const onDemand = await responseValidator('GET /sessions', 200);
    expect(onDemand?.(invalid)).toBe(false);
    expect(onDemand?.errors?.[0]?.params).toEqual({ missingProperty: 'project_id' });
    expect(validateResponseBody('/sessions', 'GET', 200, invalid)).toEqual({ fieldPath: '/items/0/project_id', message: "must have required property 'project_id'" });
  });

  it('answer null where the contract has no JSON body or no such endpoint', async () => {
    expect(await responseValidator('GET /events', 101)).toBeNull();
    expect(await responseValidator('GET /nowhere', 200)).toBeNull();
    expect(loadResponseValidators('GET /nowhere')).toBeNull();
  });
});
