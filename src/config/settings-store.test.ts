import { describe, expect, it } from 'vitest';
import { effectiveConnection, overridesFor, splitStorage } from './settings-store';

const defaults = { apiBaseUrl: '/api/v1', userId: 'operator', token: null };

describe('connection overrides', () => {
  it('keeps only what the operator changed', () => {
    expect(overridesFor(defaults, defaults)).toEqual({});
    expect(overridesFor({ ...defaults, userId: 'kim' }, defaults)).toEqual({ userId: 'kim' });
    expect(overridesFor({ ...defaults, token: 'abc' }, defaults)).toEqual({ token: 'abc' });
  });

  it('remembers clearing a token that config.json sets', () => {
    const withToken = { ...defaults, token: 'from-config' };
    const overrides = overridesFor({ ...withToken, token: null }, withToken);
    expect(overrides).toEqual({ token: null });
    expect(effectiveConnection(withToken, overrides).token).toBeNull();
  });

  it('lets a new config.json reach the fields the operator did not change', () => {
    const overrides = overridesFor({ ...defaults, userId: 'kim' }, defaults);
    expect(effectiveConnection({ ...defaults, apiBaseUrl: 'https://new/api/v1' }, overrides)).toEqual({
      apiBaseUrl: 'https://new/api/v1',
      userId: 'kim',
      token: null,
    });
  });
});

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('where the settings are kept', () => {
  const state = (rememberToken: boolean, overrides: Record<string, unknown>) => ({
    state: { overrides, theme: 'dark' as const, rememberToken, trustedOrigins: ['https://k.example'] },
    version: 2,
  });

  it('keeps a typed token in sessionStorage, never in localStorage, unless it is to be remembered', () => {
    const local = memory();
    const session = memory();
    const storage = splitStorage(() => local, () => session);
    storage.setItem('s', state(false, { userId: 'kim', token: 's3cret' }));
    expect(local.map.get('s')).not.toContain('s3cret');
    expect(JSON.parse(local.map.get('s') ?? '{}').state.overrides).toEqual({ userId: 'kim' });
    expect(session.map.get('s.token')).toBe('"s3cret"');
    expect(storage.getItem('s')).toEqual(state(false, { userId: 'kim', token: 's3cret' }));
  });

  it('keeps a remembered token in localStorage and clears the session copy', () => {
    const local = memory();
    const session = memory();
    const storage = splitStorage(() => local, () => session);
    storage.setItem('s', state(false, { token: 'old' }));
    storage.setItem('s', state(true, { token: 's3cret' }));
    expect(local.map.get('s')).toContain('s3cret');
    expect(session.map.has('s.token')).toBe(false);
    expect(storage.getItem('s')).toEqual(state(true, { token: 's3cret' }));
  });

  it('a closed tab (empty sessionStorage) forgets the token and keeps the rest', () => {
    const local = memory();
    splitStorage(() => local, memory).setItem('s', state(false, { userId: 'kim', token: 's3cret' }));
    expect(splitStorage(() => local, memory).getItem('s')).toEqual(state(false, { userId: 'kim' }));
  });

  it('remembers clearing a config.json token for the session (null)', () => {
    const local = memory();
    const session = memory();
    const storage = splitStorage(() => local, () => session);
    storage.setItem('s', state(false, { token: null }));
    expect((storage.getItem('s') as { state: { overrides: unknown } }).state.overrides).toEqual({ token: null });
  });

  it('keeps nothing, and does not fail, where Web Storage is missing', () => {
    const storage = splitStorage(
      () => {
        throw new ReferenceError('localStorage is not defined');
      },
      () => {
        throw new ReferenceError('sessionStorage is not defined');
      },
    );
    expect(() => storage.setItem('s', state(false, { token: 'x' }))).not.toThrow();
    expect(storage.getItem('s')).toBeNull();
  });
});
