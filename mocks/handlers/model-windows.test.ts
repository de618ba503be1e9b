import { describe, expect, it } from 'vitest';
import { validateResponseBody } from '../../src/domain/contract/validator';
import { loopbackSimulator } from '../server/test-support/loopback-simulator';

/** GET/PUT /model-windows over real HTTP: versioned like other config, every answer checked against the contract. */
const sim = loopbackSimulator();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function call(method: 'GET' | 'PUT', query: string, body?: unknown, user = 'op-1'): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${sim.url}/model-windows${query}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Kaged-User-Id': user },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  expect(validateResponseBody('/model-windows', method, res.status, json), `${method} /model-windows → ${res.status}`).toBeNull();
  return { status: res.status, json };
}
const get = (model: string) => call('GET', `?model=${encodeURIComponent(model)}`);
const put = (model: string, override_tokens: number | null, version: number, user = 'op-1') => call('PUT', '', { model, override_tokens, version }, user);
const alias = async (name: string): Promise<Json> => {
  const res = await fetch(`${sim.url}/models`);
  return ((await res.json()) as { items: Json[] }).items.find((m) => m.alias === name) as Json;
};

describe('model windows', () => {
  it('resolves a dated catalog id to its catalog window, and a model nothing describes to 128k assumed', async () => {
    const dated = await get('anthropic:claude-opus-4-1-20250805');
    expect(dated.status).toBe(200);
    expect(dated.json.window.source).toBe('catalog');
    expect(dated.json.catalog_tokens).toBe(dated.json.window.tokens);
    const unknown = await get('ollama:nothing-knows-this-1b');
    expect(unknown.json.window).toEqual({ tokens: 128_000, source: 'fallback' });
    expect(unknown.json).toMatchObject({ catalog_tokens: null, override_tokens: null, version: 1 });
  });

  it('sets an override at the current version, which every figure of the model then uses, and removes it again', async () => {
    const model = 'ollama:qwen3-coder:30b';
    const before = await get(model);
    const set = await put(model, 64_000, before.json.version, 'op-7');
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ override_tokens: 64_000, version: before.json.version + 1, changed_by: 'op-7', window: { tokens: 64_000, source: 'override' } });
    expect((await get(model)).json.window.tokens).toBe(64_000);
    expect(await alias('local-qwen')).toMatchObject({ max_input_tokens: 64_000, overridden: true });
    const removed = await put(model, null, set.json.version);
    expect(removed.json).toMatchObject({ override_tokens: null, version: set.json.version + 1, window: { tokens: 128_000, source: 'fallback' } });
    expect(await alias('local-qwen')).toMatchObject({ max_input_tokens: 128_000, overridden: false });
  });

  it('answers 409 with the current window on a stale version, and changes nothing', async () => {
    const model = 'vllm:kaged-ft-32k';
    const current = await get(model);
    expect(current.json.window).toEqual({ tokens: 32_000, source: 'override' });
    const first = await put(model, 48_000, current.json.version, 'op-a');
    expect(first.status).toBe(200);
    const stale = await put(model, 16_000, current.json.version, 'op-b');
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('version_conflict');
    expect(stale.json.details.your_version).toBe(current.json.version);
    expect(stale.json.details.current).toMatchObject({ override_tokens: 48_000, version: first.json.version, changed_by: 'op-a' });
    expect((await get(model)).json.window.tokens).toBe(48_000);
  });

  it('refuses a window that is not a whole positive number, and a request without a model', async () => {
    const current = await get('deepseek:deepseek-chat');
    expect((await put('deepseek:deepseek-chat', -5, current.json.version)).status).toBe(400);
    expect((await put('deepseek:deepseek-chat', 1.5, current.json.version)).status).toBe(400);
    const res = await fetch(`${sim.url}/model-windows`);
    expect(res.status).toBe(400);
    expect((await get('deepseek:deepseek-chat')).json.version).toBe(current.json.version);
  });
});
