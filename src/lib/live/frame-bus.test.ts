import { describe, expect, it, vi } from 'vitest';
import type { EventFrame } from '../../domain/contract/types';
import { publishFrame, subscribeToFrameBatches } from './frame-bus';

const frame: EventFrame = { seq: 1, type: 'session.updated', at: '2026-06-01T10:00:00Z', session_id: 's1', data: {} };

describe('frame bus', () => {
  it('delivers to subscribers until they unsubscribe', () => {
    const seen: number[] = [];
    const unsubscribe = subscribeToFrameBatches((frames) => seen.push(...frames.map((f) => f.seq)));
    publishFrame(frame);
    unsubscribe();
    publishFrame({ ...frame, seq: 2 });
    expect(seen).toEqual([1]);
  });

  it('keeps delivering when one listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: number[] = [];
    const a = subscribeToFrameBatches(() => {
      throw new Error('bug');
    });
    const b = subscribeToFrameBatches((frames) => seen.push(...frames.map((f) => f.seq)));
    publishFrame(frame);
    a();
    b();
    expect(seen).toEqual([1]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
