import { describe, expect, it } from 'vitest';
import contract from './kaged-openapi.json';
import { makeCost } from '../../test-support/test-records';
import { hasResponseSchema, validateComponent, validateResponseBody } from './validator';

const summary = {
  id: 's1',
  project_id: 'p1',
  title: 't',
  status: 'idle',
  compaction_pending: false,
  pending_checkpoint_id: null,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
  source: { kind: 'live', name: 'x' },
  agent_count: 1,
  compaction_count: 0,
  cost: makeCost(0, 0),
  primary_context: {
    agent_path: 'primary',
    estimate_tokens: 10,
    estimate_parts: { messages_tokens: 0, base_tokens: 10, reserve_tokens: 0 },
    recorded_peak_tokens: null,
    window: { tokens: 128_000, source: 'fallback' },
    upper_threshold: 0.85,
    lower_threshold: 0.6,
  },
};

describe('contract validator', () => {
  it('compiles the schema of every response the contract defines', () => {
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { responses: Record<string, unknown> }>)) {
        for (const status of Object.keys(operation.responses)) {
          const code = status === 'default' ? 500 : Number(status);
          expect(() => validateResponseBody(path, method, code, {}), `${method} ${path} ${status}`).not.toThrow();
        }
      }
    }
  });

  it('knows which responses carry no JSON body', () => {
    expect(hasResponseSchema('/events', 'GET', 101)).toBe(false);
    expect(hasResponseSchema('/events', 'GET', 200)).toBe(true);
    expect(hasResponseSchema('/health', 'GET', 418)).toBe(true); // default: the Error schema
    expect(hasResponseSchema('/nowhere', 'GET', 200)).toBe(false);
  });

  it('uses the specific error schema where the contract has one (409 ConflictError)', () => {
    const failure = validateResponseBody('/sessions/{session_id}/compactions/{compaction_id}', 'PATCH', 409, {
      code: 'version_conflict',
      message: 'stale',
    });
    expect(failure?.fieldPath).toBe('/details');
  });

  it('keeps session lists closed while a detail extends the summary', () => {
    expect(validateResponseBody('/sessions', 'GET', 200, { items: [summary] })).toBeNull();
    expect(validateResponseBody('/sessions', 'GET', 200, { items: [{ ...summary, surprise: 1 }] })?.fieldPath).toBe('/items/0/surprise');
    expect(validateResponseBody('/sessions/{session_id}', 'GET', 200, { ...summary, agents: [] })).toBeNull();
    expect(validateResponseBody('/sessions/{session_id}', 'GET', 200, { ...summary, agents: [], surprise: 1 })?.fieldPath).toBe('/surprise');
  });

  it('checks date-time formats', () => {
    expect(validateResponseBody('/sessions', 'GET', 200, { items: [{ ...summary, updated_at: 'yesterday' }] })?.fieldPath).toBe(
      '/items/0/updated_at',
    );
  });

  it('validates a named component (EventFrame)', () => {
    const frame = { seq: 4, type: 'session.updated', at: '2026-06-01T10:00:00Z', session_id: 's1', data: {} };
    expect(validateComponent('EventFrame', frame)).toBeNull();
    expect(validateComponent('EventFrame', { ...frame, seq: 0 })).toEqual({ fieldPath: '/seq', message: 'must be >= 1' });
    expect(validateComponent('EventFrame', { ...frame, type: 'nope' })?.fieldPath).toBe('/type');
  });
});
