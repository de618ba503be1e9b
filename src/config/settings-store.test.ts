import { describe, expect, it } from 'vitest';
import { effectiveConnection, overridesFor } from './settings-store';

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
