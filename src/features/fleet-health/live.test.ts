import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventFrame } from '../../domain/contract/types';
import { SPIRAL_CHECK_GAP_MS } from '../../domain/spiral-watch';
import { publishFrame } from '../../lib/live/frame-bus';
import { healthKeys } from './api/health-keys';
import { fleetHealthLiveEffects } from './live';

const frame = (type: EventFrame['type']): EventFrame => ({ seq: 1, type, at: '2026-11-27T10:00:00Z', session_id: 's', data: {} });

describe('the spiral watch under the live stream', () => {
  let queryClient: QueryClient;
  let uninstall: () => void;
  let reads: number;

  beforeEach(async () => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    reads = 0;
    const observer = queryClient.getQueryCache().build(queryClient, { queryKey: healthKeys.spiralWatch, queryFn: () => ++reads });
    await observer.fetch();
    uninstall = fleetHealthLiveEffects.install!(queryClient);
  });

  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  const stale = () => queryClient.getQueryState(healthKeys.spiralWatch)?.isInvalidated === true;

  it('reads the report again at most once a minute however many compactions come', () => {
    for (let i = 0; i < 50; i++) publishFrame(frame('compaction.completed'));
    expect(stale()).toBe(false);
    vi.advanceTimersByTime(SPIRAL_CHECK_GAP_MS - 1);
    expect(stale()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stale()).toBe(true);
  });

  it('is not moved by frames that cannot start a spiral', () => {
    publishFrame(frame('compaction.flagged'));
    publishFrame(frame('session.updated'));
    vi.advanceTimersByTime(2 * SPIRAL_CHECK_GAP_MS);
    expect(stale()).toBe(false);
  });
});
