import { describe, expect, it } from 'vitest';
import { ApiError, describeError, isNotFound, isOutcomeUnknown, parseRetryAfter } from './api-error';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    expect(parseRetryAfter('Mon, 01 Jun 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon, 01 Jun 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('ApiError', () => {
  it('describes each kind with its endpoint', () => {
    const endpoint = 'GET /sessions/{session_id}';
    expect(new ApiError({ kind: 'timeout', endpoint, message: 'x' }).describe()).toContain(endpoint);
    expect(new ApiError({ kind: 'invalid_response', endpoint, message: 'must be integer', fieldPath: '/agents/0' }).describe()).toBe(
      `${endpoint} answered a body that breaks the contract at /agents/0: must be integer`,
    );
    expect(describeError(new ApiError({ kind: 'http', endpoint, status: 404, code: 'not_found', message: 'gone' }))).toBe(
      `${endpoint} answered 404 not_found: gone`,
    );
  });

  it('treats network, timeout, 5xx and 429 as transient, nothing else', () => {
    const endpoint = 'GET /health';
    expect(new ApiError({ kind: 'network', endpoint, message: '' }).transient).toBe(true);
    expect(new ApiError({ kind: 'timeout', endpoint, message: '' }).transient).toBe(true);
    expect(new ApiError({ kind: 'http', endpoint, status: 503, message: '' }).transient).toBe(true);
    expect(new ApiError({ kind: 'http', endpoint, status: 429, message: '' }).transient).toBe(true);
    expect(new ApiError({ kind: 'http', endpoint, status: 404, message: '' }).transient).toBe(false);
    expect(new ApiError({ kind: 'invalid_response', endpoint, message: '' }).transient).toBe(false);
    expect(new ApiError({ kind: 'malformed', endpoint, message: '' }).transient).toBe(false);
  });
});

describe('isNotFound', () => {
  it('is true only for an http 404', () => {
    const endpoint = 'GET /sessions/{session_id}';
    expect(isNotFound(new ApiError({ kind: 'http', endpoint, status: 404, message: '' }))).toBe(true);
    expect(isNotFound(new ApiError({ kind: 'http', endpoint, status: 500, message: '' }))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });
});

describe('isOutcomeUnknown', () => {
  const error = (kind: ApiError['kind'], status: number | null) => new ApiError({ kind, endpoint: 'PATCH /x', message: 'm', status });
  it('holds for a 2xx answer that breaks the contract or is not JSON, and for no answer in time', () => {
    expect(isOutcomeUnknown(error('invalid_response', 200))).toBe(true);
    expect(isOutcomeUnknown(error('malformed', 200))).toBe(true);
    expect(isOutcomeUnknown(error('timeout', null))).toBe(true);
  });
  it('does not hold when the daemon said it failed, or a gateway answered for it', () => {
    expect(isOutcomeUnknown(error('http', 500))).toBe(false);
    expect(isOutcomeUnknown(error('http', 409))).toBe(false);
    expect(isOutcomeUnknown(error('malformed', 502))).toBe(false);
    expect(isOutcomeUnknown(error('network', null))).toBe(false);
    expect(isOutcomeUnknown(new Error('x'))).toBe(false);
  });
});
