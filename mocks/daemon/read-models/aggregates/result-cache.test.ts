import { describe, expect, it } from 'vitest';
import { historyId } from '../../../store/history';
import { compactionHealth } from './health';
import { cachedAnswer, RESULT_CACHE_SIZE, scopeKey } from './result-cache';
import { parseScope } from './scope';
import { tablesOf } from './tables';
import { testStore } from './test-support';

describe('aggregate answers kept while the data is unchanged', () => {
  it('answers a second request from the cache, and computes again after any change through the Store', () => {
    const store = testStore();
    let computed = 0;
    const ask = () => {
      const { tables, scope, parts } = parseScope(store, new URLSearchParams('tz=Europe/Paris'));
      return cachedAnswer(tables, `health ${scopeKey(scope)}`, () => {
        computed++;
        return compactionHealth(scope, parts);
      });
    };
    const first = ask();
    const second = ask();
    expect([first.cached, second.cached, computed]).toEqual([false, true, 1]);
    expect(second.value).toBe(first.value);
    // A flag on a history record: new tables, a fresh answer that counts it.
    const record = store.compaction(historyId(0));
    const session = record && store.session(record.session_id);
    if (!record || !session) throw new Error('no history record');
    const before = first.value.totals.flags.bad;
    store.replaceCompaction(session, { ...record, operator_flag: record.operator_flag === 'bad' ? 'good' : 'bad' });
    const third = ask();
    expect([third.cached, computed]).toEqual([false, 2]);
    expect(third.value.totals.flags.bad).not.toBe(before);
  });

  it('keys on what the scope resolves to, computes anyway when asked fresh, and keeps a bounded number of answers', () => {
    const store = testStore();
    const a = parseScope(store, new URLSearchParams('tz=UTC'));
    const b = parseScope(store, new URLSearchParams('tz=Europe/Paris'));
    expect(scopeKey(a.scope)).not.toBe(scopeKey(b.scope));
    expect(scopeKey(parseScope(store, new URLSearchParams('tz=UTC')).scope)).toBe(scopeKey(a.scope));
    const tables = tablesOf(store);
    expect(cachedAnswer(tables, 'k', () => 1).cached).toBe(false);
    const fresh = cachedAnswer(tables, 'k', () => 2, true);
    expect([fresh.cached, fresh.value, cachedAnswer(tables, 'k', () => 3).value]).toEqual([false, 2, 2]);
    for (let i = 0; i < RESULT_CACHE_SIZE; i++) cachedAnswer(tables, `other ${i}`, () => i);
    // The oldest answer went.
    expect(cachedAnswer(tables, 'k', () => 4).value).toBe(4);
  });
});
