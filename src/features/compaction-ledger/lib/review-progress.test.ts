import { beforeEach, describe, expect, it } from 'vitest';
import { NO_PROGRESS, useReviewProgress } from './review-progress';

describe('review progress', () => {
  beforeEach(() => useReviewProgress.setState({ byPlugin: {} }));

  it('begins, moves past reviewed events, per plugin, and restarts', () => {
    const s = () => useReviewProgress.getState();
    s().begin('hindsight', '2026-11-22T00:00:00.000Z');
    s().reviewed('hindsight', 'cmp_1');
    s().reviewed('hindsight', 'cmp_2');
    s().reviewed('guard-rails', 'cmp_9');
    expect(s().byPlugin.hindsight).toEqual({ startedAt: '2026-11-22T00:00:00.000Z', after: 'cmp_2' });
    expect(s().byPlugin['guard-rails']).toEqual({ startedAt: null, after: 'cmp_9' });
    s().restart('hindsight');
    expect(s().byPlugin.hindsight ?? NO_PROGRESS).toEqual(NO_PROGRESS);
  });
});
