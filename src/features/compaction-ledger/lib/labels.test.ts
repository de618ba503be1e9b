import { describe, expect, it } from 'vitest';
import { describePlugins, finalStrategy, formatLedgerTime, pluginNames } from './labels';
import { makeRecord } from '../../../test-support/test-records';

describe('record labels', () => {
  it('formats the ledger time in UTC, month-day and time', () => {
    expect(formatLedgerTime('2026-06-01T10:04:05.123Z')).toBe('06-01 10:04:05');
    expect(formatLedgerTime('nonsense')).toBe('nonsense');
  });

  it('names each plugin once, in firing order', () => {
    const record = makeRecord({
      plugins_fired: [
        { name: 'hindsight', role: 'observer', hook: 'pre_compact', duration_ms: 300, result_kind: 'inject' },
        { name: 'guard-rails', role: 'observer', hook: 'pre_compact', duration_ms: 2.4, result_kind: 'null' },
        { name: 'hindsight', role: 'observer', hook: 'post_compact', duration_ms: 120, result_kind: 'error' },
      ],
    });
    expect(pluginNames(record)).toEqual(['hindsight', 'guard-rails']);
    expect(describePlugins(record)).toBe('hindsight pre_compact 300 ms → inject\nguard-rails pre_compact 2 ms → null\nhindsight post_compact 120 ms → error');
  });

  it('tells the strategy that finally ran after a fallback', () => {
    expect(finalStrategy(makeRecord({ strategy: 'summarize' }))).toBe('summarize');
    expect(
      finalStrategy(
        makeRecord({
          strategy: 'delegate',
          fallback_occurred: true,
          fallback_chain: [
            { strategy: 'delegate', outcome: 'timeout', reason: 'compactor_timeout' },
            { strategy: 'drop', outcome: 'ok', reason: null },
          ],
        }),
      ),
    ).toBe('drop');
    expect(finalStrategy(makeRecord({ strategy: 'delegate', fallback_occurred: true, fallback_chain: [] }))).toBe('drop');
  });
});
