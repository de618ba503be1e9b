import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient, unwrap, type KagedClient } from './client';
import type { components } from '../../domain/contract/schema.gen';
import { makeCost } from '../../test-support/test-records';

type Reply = { status: number; body: string; headers?: Record<string, string>; delayMs?: number };

const agent: components['schemas']['Agent'] = {
  agent_path: 'primary',
  parent_path: null,
  name: 'primary',
  model_alias: 'sonnet',
  model: 'anthropic:claude-sonnet-4',
  window: { tokens: 200_000, source: 'catalog' },
  estimate_tokens: 120_000,
  estimate_parts: { messages_tokens: 99_808, base_tokens: 12_000, reserve_tokens: 8_192 },
  recorded_peak_tokens: null,
  upper_threshold: 0.85,
  lower_threshold: 0.6,
  strategy: 'summarize',
  message_count: 40,
  superseded_count: 12,
  compaction_count: 2,
};

const session: components['schemas']['SessionDetail'] = {
  id: 's1',
  project_id: 'p1',
  title: 'Refactor the parser',
  status: 'running',
  compaction_pending: false,
  pending_checkpoint_id: null,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T11:00:00Z',
  source: { kind: 'generated', name: 'test' },
  agent_count: 1,
  compaction_count: 2,
  cost: makeCost(1.2, 0.03),
  primary_context: { agent_path: 'primary', estimate_tokens: 120_000, estimate_parts: agent.estimate_parts, recorded_peak_tokens: null, window: agent.window, upper_threshold: 0.85, lower_threshold: 0.6 },
  agents: [agent],
};

const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(value),
  headers: { 'Content-Type': 'application/json', ...headers },
});

/** path → the reply; the test sets it before each request. */
const routes = new Map<string, Reply>();
let lastHeaders: IncomingHttpHeaders = {};
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    const reply = routes.get(req.url ?? '') ?? json(404, { code: 'not_found', message: `no route ${req.url}` });
    setTimeout(() => {
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body);
    }, reply.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(timeoutMs?: number): KagedClient {
  return createApiClient({ apiBaseUrl: base, userId: 'op-7', token: 'secret-token' }, timeoutMs ? { timeoutMs } : {});
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('kaged API client', () => {
  it('passes a body that matches the contract and sends the operator headers', async () => {
    routes.set('/api/v1/sessions/s1', json(200, session));
    const data = unwrap(await client().GET('/sessions/{session_id}', { params: { path: { session_id: 's1' } } }));
    expect(data.agents[0]?.window.tokens).toBe(200_000);
    expect(lastHeaders['x-kaged-user-id']).toBe('op-7');
    expect(lastHeaders.authorization).toBe('Bearer secret-token');
  });

  it('parses a body once: the caller gets the very value the contract check passed', async () => {
    routes.set('/api/v1/sessions/s1', json(200, session));
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((...args: Parameters<typeof JSON.parse>) => {
      parses += 1;
      return parse(...args) as unknown;
    }) as typeof JSON.parse;
    try {
      const result = await client().GET('/sessions/{session_id}', { params: { path: { session_id: 's1' } } });
      expect(unwrap(result).title).toBe('Refactor the parser');
      expect(result.response.status).toBe(200);
    } finally {
      JSON.parse = parse;
    }
    expect(parses).toBe(1);
  });

  it('sends a path or query value holding a lone surrogate as U+FFFD instead of throwing "URI malformed"', async () => {
    routes.set('/api/v1/sessions/s%EF%BF%BD1', json(200, session));
    const data = unwrap(await client().GET('/sessions/{session_id}', { params: { path: { session_id: 's\uD8001' } } }));
    expect(data.agents[0]?.window.tokens).toBe(200_000);
    routes.set('/api/v1/sessions/s1', json(200, session));
    await client().GET('/sessions/{session_id}', { params: { path: { session_id: 's1' }, query: { agent_path: 'primary/\uDC00' } as never } });
  });

  it('omits Authorization without a token', async () => {
    routes.set('/api/v1/health', json(200, { status: 'ok', version: '1.0.0', last_seq: 3, simulated: true }));
    const api = createApiClient({ apiBaseUrl: base, userId: 'op', token: null });
    expect(unwrap(await api.GET('/health')).last_seq).toBe(3);
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it('rejects a schema-invalid body as invalid_response naming the endpoint and the field', async () => {
    const broken = { ...session, agents: [{ ...agent, window: { tokens: 'lots', source: 'catalog' } }] };
    routes.set('/api/v1/sessions/s1', json(200, broken));
    const error = await failure(client().GET('/sessions/{session_id}', { params: { path: { session_id: 's1' } } }));
    expect(error.kind).toBe('invalid_response');
    expect(error.endpoint).toBe('GET /sessions/{session_id}');
    expect(error.fieldPath).toBe('/agents/0/window/tokens');
    expect(error.describe()).toContain('/agents/0/window/tokens');
  });

  it('points at a missing required property', async () => {
    const { window: _omitted, ...withoutWindow } = agent;
    routes.set('/api/v1/sessions/s1', json(200, { ...session, agents: [withoutWindow] }));
    const error = await failure(client().GET('/sessions/{session_id}', { params: { path: { session_id: 's1' } } }));
    expect(error.kind).toBe('invalid_response');
    expect(error.fieldPath).toBe('/agents/0/window');
  });

  it('rejects a body that is not JSON as malformed, naming the endpoint', async () => {
    routes.set('/api/v1/projects', { status: 200, body: '{"items": [', headers: { 'Content-Type': 'application/json' } });
    const error = await failure(client().GET('/projects'));
    expect(error.kind).toBe('malformed');
    expect(error.endpoint).toBe('GET /projects');
    expect(error.message).toContain('GET /projects');
  });

  it('rejects a non-JSON error body as malformed', async () => {
    routes.set('/api/v1/projects', { status: 502, body: '<html>Bad Gateway</html>', headers: { 'Content-Type': 'text/html' } });
    const error = await failure(client().GET('/projects'));
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(502);
    expect(error.describe()).toBe('GET /projects answered 502 with "<html>Bad Gateway</html>", which is not JSON.');
  });

  it('names an empty body', async () => {
    routes.set('/api/v1/projects', { status: 502, body: '' });
    const error = await failure(client().GET('/projects'));
    expect(error.describe()).toBe('GET /projects answered 502 with an empty body, which is not JSON.');
  });

  it('turns a 4xx Error body into an http error with code and message', async () => {
    routes.set('/api/v1/sessions/nope', json(404, { code: 'not_found', message: 'no session nope', details: { id: 'nope' } }));
    const error = await failure(
      client()
        .GET('/sessions/{session_id}', { params: { path: { session_id: 'nope' } } })
        .then(unwrap),
    );
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'not_found', message: 'no session nope', endpoint: 'GET /sessions/{session_id}' });
    expect(error.details).toEqual({ id: 'nope' });
    expect(error.transient).toBe(false);
  });

  it('turns a 5xx Error body into a transient http error', async () => {
    routes.set('/api/v1/projects', json(500, { code: 'internal', message: 'the store is locked' }));
    const error = await failure(client().GET('/projects').then(unwrap));
    expect(error).toMatchObject({ kind: 'http', status: 500, code: 'internal', retryAfter: null });
    expect(error.transient).toBe(true);
  });

  it('reads Retry-After on 503', async () => {
    routes.set('/api/v1/projects', json(503, { code: 'unavailable', message: 'warming up' }, { 'Retry-After': '7' }));
    const error = await failure(client().GET('/projects').then(unwrap));
    expect(error).toMatchObject({ kind: 'http', status: 503, retryAfter: 7 });
    expect(error.describe()).toContain('Retry after 7 s');
  });

  it('rejects an error body that breaks the Error schema as invalid_response', async () => {
    routes.set('/api/v1/projects', json(500, { error: 'boom' }));
    const error = await failure(client().GET('/projects'));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 500, fieldPath: '/code' });
  });

  it('reports a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = createApiClient({ apiBaseUrl: `http://127.0.0.1:${port}/api/v1`, userId: 'op', token: null });
    const error = await failure(api.GET('/health'));
    expect(error).toMatchObject({ kind: 'network', endpoint: 'GET /health', status: null });
  });

  it('gives up after the time limit', async () => {
    routes.set('/api/v1/health', { ...json(200, { status: 'ok', version: '1', last_seq: 0, simulated: false }), delayMs: 400 });
    const error = await failure(client(50).GET('/health'));
    expect(error).toMatchObject({ kind: 'timeout', endpoint: 'GET /health' });
  });

  it('names the endpoint when the time limit or the network fails while the answer is being read', async () => {
    const cut = (error: Error) => async () =>
      new Response(new ReadableStream({ pull: (controller) => controller.error(error) }), { status: 200, headers: { 'content-type': 'application/json' } });
    const timedOut = createApiClient({ apiBaseUrl: base, userId: 'op', token: null }, { fetch: cut(new DOMException('signal timed out', 'TimeoutError')) });
    expect(await failure(timedOut.GET('/health'))).toMatchObject({ kind: 'timeout', endpoint: 'GET /health' });
    const dropped = createApiClient({ apiBaseUrl: base, userId: 'op', token: null }, { fetch: cut(new TypeError('network error')) });
    expect(await failure(dropped.GET('/health'))).toMatchObject({ kind: 'network', endpoint: 'GET /health', message: 'network error' });
  });

  it('lets a caller cancel without calling it a failure', async () => {
    routes.set('/api/v1/health', { ...json(200, { status: 'ok', version: '1', last_seq: 0, simulated: false }), delayMs: 400 });
    const controller = new AbortController();
    const pending = client().GET('/health', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
