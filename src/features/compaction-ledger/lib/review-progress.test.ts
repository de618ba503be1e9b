import { beforeEach, describe, expect, it } from 'vitest';
import { NO_PROGRESS, reviewQueueKey, useReviewProgress } from './review-progress';

describe('review progress', () => {
  beforeEach(() => useReviewProgress.setState({ byQueue: {} }));

  it('begins, moves past reviewed events, per queue, and restarts', () => {
    const s = () => useReviewProgress.getState();
    const unrated = reviewQueueKey('hindsight', 'unflagged');
    const bad = reviewQueueKey('hindsight', 'bad');
    s().begin(unrated, '2026-11-22T00:00:00.000Z');
    s().reviewed(unrated, 'cmp_1');
    s().reviewed(unrated, 'cmp_2');
    s().reviewed(bad, 'cmp_7');
    s().reviewed('guard-rails', 'cmp_9');
    expect(s().byQueue[unrated]).toEqual({ startedAt: '2026-11-22T00:00:00.000Z', after: 'cmp_2' });
    expect(s().byQueue[bad]).toEqual({ startedAt: null, after: 'cmp_7' });
    expect(s().byQueue['guard-rails']).toEqual({ startedAt: null, after: 'cmp_9' });
    s().restart(unrated);
    expect(s().byQueue[unrated] ?? NO_PROGRESS).toEqual(NO_PROGRESS);
    expect(s().byQueue[bad]?.after).toBe('cmp_7');
  });

  it("keeps a plugin's unrated walk under the key it had before re-reviews (the plugin's name)", () => {
    expect(reviewQueueKey('hindsight', 'unflagged')).toBe('hindsight');
    expect(reviewQueueKey('hindsight', 'bad')).not.toBe('hindsight');
  });
});
