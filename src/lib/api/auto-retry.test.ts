import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { AUTO_RETRY_S, autoRetryDelayMs, retriesItself } from './auto-retry';

const http = (status: number, retryAfter: number | null = null) => new ApiError({ kind: 'http', endpoint: 'GET /sessions', message: 'x', status, retryAfter });

describe('failed reads that try again by themselves', () => {
  it('retries what may pass: 5xx, network, timeout, a body cut short', () => {
    expect(retriesItself(http(500))).toBe(true);
    expect(retriesItself(http(503, 2))).toBe(true);
    expect(retriesItself(new ApiError({ kind: 'network', endpoint: 'GET /x', message: 'down' }))).toBe(true);
    expect(retriesItself(new ApiError({ kind: 'timeout', endpoint: 'GET /x', message: 'slow' }))).toBe(true);
    expect(retriesItself(new ApiError({ kind: 'malformed', endpoint: 'GET /x', message: 'cut', status: 200 }))).toBe(true);
  });

  it('leaves to the operator what another read would repeat: 4xx, a contract-breaking body, other errors', () => {
    for (const status of [401, 403, 404, 409]) expect(retriesItself(http(status))).toBe(false);
    expect(retriesItself(new ApiError({ kind: 'invalid_response', endpoint: 'GET /x', message: 'bad', status: 200 }))).toBe(false);
    expect(retriesItself(new Error('render'))).toBe(false);
  });

  it("waits the daemon's Retry-After (within reason), else the default", () => {
    expect(autoRetryDelayMs(http(500))).toBe(AUTO_RETRY_S * 1000);
    expect(autoRetryDelayMs(http(503, 2))).toBe(2_000);
    expect(autoRetryDelayMs(http(503, 0))).toBe(1_000);
    expect(autoRetryDelayMs(http(503, 3600))).toBe(60_000);
  });
});
