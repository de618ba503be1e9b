import { describe, expect, it } from 'vitest';
import { recentCompactionsQuery, rollbackRecordsLimit, ROLLBACK_RECORDS_LIMIT } from './list-session-compactions';

describe('the rollback points’ records query', () => {
  it('keeps one cache entry per session however many rollback points there are', () => {
    const keys = [1, 2, 40, 999, 5000].map((points) => JSON.stringify(recentCompactionsQuery('ses_a', points).queryKey));
    expect(new Set(keys).size).toBe(1);
    expect(recentCompactionsQuery('ses_b', 3).queryKey).not.toEqual(recentCompactionsQuery('ses_a', 3).queryKey);
  });

  it('sits under the session prefix, so a rollback or resync refreshes it', () => {
    expect(recentCompactionsQuery('ses_a', 3).queryKey.slice(0, 2)).toEqual(['session', 'ses_a']);
  });

  it('asks for one record per point, within the daemon’s page limit', () => {
    expect(rollbackRecordsLimit(0)).toBe(1);
    expect(rollbackRecordsLimit(12)).toBe(12);
    expect(rollbackRecordsLimit(50_000)).toBe(ROLLBACK_RECORDS_LIMIT);
  });
});
