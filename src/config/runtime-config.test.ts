import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CONFIG, checkBaseUrl, checkStoredOverrides, loadRuntimeConfig, normalizeBaseUrl, parseRuntimeConfig } from './runtime-config';

describe('checkBaseUrl', () => {
  it('accepts absolute http(s) URLs and page paths', () => {
    expect(checkBaseUrl('/api/v1')).toBeNull();
    expect(checkBaseUrl('http://127.0.0.1:4010/api/v1')).toBeNull();
    expect(checkBaseUrl('https://kaged.example.com/api/v1/')).toBeNull();
  });

  it('says what is wrong with anything else', () => {
    expect(checkBaseUrl('')).toMatch(/empty/);
    expect(checkBaseUrl('api/v1')).toMatch(/absolute/);
    expect(checkBaseUrl('localhost:4010/api')).toMatch(/absolute/);
    expect(checkBaseUrl('http://')).toMatch(/absolute/);
    expect(checkBaseUrl('//host/api')).toMatch(/scheme/);
    expect(checkBaseUrl('ftp://host/api')).toMatch(/not ftp/);
    expect(checkBaseUrl('https://host/api?x=1')).toMatch(/query/);
    expect(checkBaseUrl('/api v1')).toMatch(/spaces/);
  });

  it('drops trailing slashes', () => {
    expect(normalizeBaseUrl('https://host/api/v1/')).toBe('https://host/api/v1');
    expect(normalizeBaseUrl(' /api/v1// ')).toBe('/api/v1');
  });
});

describe('parseRuntimeConfig', () => {
  it('reads a valid config', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: '/api/v1/', userId: ' ops ', token: null })).toEqual({
      apiBaseUrl: '/api/v1',
      userId: 'ops',
      token: null,
    });
    expect(parseRuntimeConfig({ apiBaseUrl: '/api/v1', userId: 'ops' }).token).toBeNull();
    expect(parseRuntimeConfig({ apiBaseUrl: '/api/v1', userId: 'ops', token: 't0k' }).token).toBe('t0k');
  });

  it('explains a broken config', () => {
    expect(() => parseRuntimeConfig([])).toThrow(/JSON object/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: 3, userId: 'x' })).toThrow(/apiBaseUrl must be a string/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: 'nope', userId: 'x' })).toThrow(/config\.json: The API base URL/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api', userId: '' })).toThrow(/userId/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api', userId: 'x', token: 5 })).toThrow(/token/);
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api', userId: 'x', apiBase: '/' })).toThrow(/unknown keys: apiBase/);
  });

  it('refuses credentials an HTTP header cannot carry, naming the character', () => {
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api', userId: 'kim名' })).toThrow('config.json: userId contains "名" (U+540D)');
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api', userId: 'kim', token: 'tök€n' })).toThrow('config.json: token contains "€" (U+20AC)');
    expect(parseRuntimeConfig({ apiBaseUrl: '/api', userId: 'josé', token: 'abc' }).userId).toBe('josé');
  });
});

describe('loadRuntimeConfig', () => {
  const bodies = new Map<string, { status: number; body: string }>();
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const reply = bodies.get(req.url ?? '') ?? { status: 404, body: 'not found' };
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches config.json relative to the document base URI', async () => {
    bodies.set('/ui/config.json', { status: 200, body: JSON.stringify({ apiBaseUrl: 'http://daemon:7070/api/v1', userId: 'kim', token: 'abc' }) });
    const loaded = await loadRuntimeConfig(`${origin}/ui/index.html`);
    expect(loaded).toEqual({ config: { apiBaseUrl: 'http://daemon:7070/api/v1', userId: 'kim', token: 'abc' }, problem: null });
  });

  it('falls back to the built-in config with a clear problem', async () => {
    bodies.set('/bad/config.json', { status: 200, body: '{"apiBaseUrl": ' });
    expect(await loadRuntimeConfig(`${origin}/bad/`)).toEqual({ config: BUILT_IN_CONFIG, problem: '/bad/config.json is not valid JSON.' });
    expect((await loadRuntimeConfig(`${origin}/missing/`)).problem).toBe('/missing/config.json answered 404.');
    bodies.set('/wrong/config.json', { status: 200, body: '{"apiBaseUrl": "/api", "userId": 7}' });
    expect((await loadRuntimeConfig(`${origin}/wrong/`)).problem).toMatch(/userId/);
  });
});

describe('checkStoredOverrides', () => {
  it('keeps what would be accepted if typed, and drops and names the rest', () => {
    expect(checkStoredOverrides({ apiBaseUrl: 'https://d.example/api/v1/', userId: ' ops ', token: 't' })).toEqual({
      overrides: { apiBaseUrl: 'https://d.example/api/v1', userId: 'ops', token: 't' },
      problems: [],
    });
    expect(checkStoredOverrides(undefined)).toEqual({ overrides: {}, problems: [] });
    const tampered = checkStoredOverrides({ apiBaseUrl: 'javascript:alert(1)//', userId: 'ops', token: 'x'.repeat(100_000) });
    expect(tampered.overrides).toEqual({ userId: 'ops' });
    expect(tampered.problems).toEqual([
      'The API base URL must use http or https, not javascript.',
      'The token is 100,000 characters long; servers refuse request headers that large (431). At most 8,192 characters.',
    ]);
    expect(checkStoredOverrides({ apiBaseUrl: 5 }).problems).toEqual(['The API base URL is not text.']);
  });

  it('config.json: a token too long for a header is refused', () => {
    expect(() => parseRuntimeConfig({ apiBaseUrl: '/api/v1', userId: 'ops', token: 'x'.repeat(9_000) })).toThrow('config.json: token is 9,000 characters long');
  });
});
