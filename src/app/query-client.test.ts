import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '../config/settings-store';
import { createQueryClient, followConnectionChanges } from './query-client';
import { ApiError } from '../lib/api/api-error';

const defaults = { apiBaseUrl: '/api/v1', userId: 'operator', token: null };

describe('followConnectionChanges', () => {
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // no localStorage under node
    useSettingsStore.setState({ defaults, overrides: {} });
    queryClient = new QueryClient();
    stop = followConnectionChanges(queryClient);
    queryClient.setQueryData(['sessions'], ['from the old daemon']);
  });

  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('drops every cached answer when the base URL changes', async () => {
    useSettingsStore.getState().saveConnection({ ...defaults, apiBaseUrl: 'https://other/api/v1' });
    await vi.waitFor(() => expect(queryClient.getQueryData(['sessions'])).toBeUndefined());
  });

  it('only marks them stale when the credentials change', async () => {
    useSettingsStore.getState().saveConnection({ ...defaults, token: 'new' });
    await vi.waitFor(() => expect(queryClient.getQueryState(['sessions'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryData(['sessions'])).toEqual(['from the old daemon']);
  });
});

describe('createQueryClient retry policy', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
  const endpoint = 'GET /sessions';

  it('retries a transient failure once', () => {
    const error = new ApiError({ kind: 'http', endpoint, status: 502, message: '' });
    expect(retry(0, error)).toBe(true);
    expect(retry(1, error)).toBe(false);
  });

  it('never retries what would fail the same way again', () => {
    expect(retry(0, new ApiError({ kind: 'http', endpoint, status: 404, message: '' }))).toBe(false);
    expect(retry(0, new ApiError({ kind: 'invalid_response', endpoint, message: '' }))).toBe(false);
    expect(retry(0, new Error('a bug'))).toBe(false);
  });
});
