import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';

const order = vi.hoisted(() => [] as string[]);

vi.mock('../../domain/contract/response-validators', () => ({
  loadResponseValidators: (endpoint: string) => {
    order.push(`validators of ${endpoint}`);
    return null;
  },
  responseValidator: (endpoint: string) => {
    order.push(`validator for the answer of ${endpoint}`);
    return Promise.resolve(null);
  },
}));

function client() {
  return createApiClient(
    { apiBaseUrl: 'http://daemon.test/api/v1', userId: 'u1', token: null },
    {
      fetch: (input) => {
        order.push(`request ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
        return Promise.resolve(new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
      },
    },
  );
}

describe('the client on a cold load', () => {
  it("asks for an endpoint's validators only once its request has left (the call does not queue behind them)", async () => {
    order.length = 0;
    const api = client();
    await Promise.all([api.GET('/health'), api.GET('/projects')]);
    expect(order.filter((step) => !step.startsWith('validator for'))).toEqual(['request /api/v1/health', 'validators of GET /health', 'request /api/v1/projects', 'validators of GET /projects']);
  });

  it('offline, does not start a download that would fail (a browser may keep a failed import for the life of the page): the answer asks for them', async () => {
    order.length = 0;
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await client().GET('/health');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(order).toEqual(['request /api/v1/health', 'validator for the answer of GET /health']);
  });
});
