import { describe, expect, it } from 'vitest';
import { ledgerKeys, queryKeys } from './query-keys';

describe('ledgerKeys.viewOf', () => {
  it('reads back the session and the query of a view key, and nothing else', () => {
    const query = { sort: '-created_at' } as const;
    expect(ledgerKeys.viewOf(ledgerKeys.view('ses_1', query))).toEqual({ sessionId: 'ses_1', query });
    expect(ledgerKeys.viewOf(ledgerKeys.session('ses_1'))).toBeNull();
    expect(ledgerKeys.viewOf(queryKeys.session('ses_1'))).toBeNull();
  });
});
