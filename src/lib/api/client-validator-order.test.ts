import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';

const order = vi.hoisted(() => [] as string[]);

vi.mock('./response-validators', () => ({
  loadResponseValidators: (endpoint: string) => {
    order.push(`validators of ${endpoint}`);
    return null;
  },
  responseValidator: () => Promise.resolve(null),
}));

describe('the client on a cold load', () => {
  it("asks for an endpoint's validators only once its request has left (the call does not queue behind them)", async () => {
    const client = createApiClient(
      { apiBaseUrl: 'http://daemon.test/api/v1', userId: 'u1', token: null },
      {
        fetch: (input) => {
          order.push(`request ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
          return Promise.resolve(new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
        },
      },
    );
    await Promise.all([client.GET('/health'), client.GET('/projects')]);
    expect(order).toEqual(['request /api/v1/health', 'validators of GET /health', 'request /api/v1/projects', 'validators of GET /projects']);
  });
});
