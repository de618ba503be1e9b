import { describe, expect, it } from 'vitest';
import { makeCost } from '../test-support/test-records';
import { bounded, checkAgentTree, checkCost, checkRecord, checkSession, checkStats, checkTimestamp, checkUsd } from './plausibility';
import { checkLoadedPages, checkRecordPages, checkRecords, pagesChecker } from './record-pages-check';
import { TRIGGERS } from './contract/enums.gen';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const kinds = (notices: { kind: string }[]) => notices.map((n) => n.kind);

describe('implausible data, case by case', () => {
  it.each([
    ['1e999 (Infinity)', Number.POSITIVE_INFINITY, 'cost-not-finite'],
    ['NaN', Number.NaN, 'cost-not-finite'],
    ['an ordinary amount', 1.25, null],
  ])('a cost of %s', (_, value, kind) => {
    expect(checkUsd('Total cost', value)?.kind ?? null).toBe(kind);
  });

  it('says which cost is not finite', () => {
    expect(checkUsd('Total cost', JSON.parse('1e999') as number)?.message).toBe('Total cost is not a finite amount (infinite); shown as unknown.');
  });

  it('flags a total that is not the sum of its parts, within a cent', () => {
    expect(checkCost(makeCost(1, 0.5))).toEqual([]);
    expect(checkCost(makeCost(1, 0.5, 1.505))).toEqual([]);
    expect(kinds(checkCost(makeCost(1, 0.5, 9)))).toEqual(['cost-total-not-sum']);
  });

  it.each([
    ['2099-01-01T00:00:00Z', 'date-future'],
    ['2026-11-22T12:04:00Z', null],
    ['2026-11-22T11:00:00Z', null],
    ['yesterday', 'date-invalid'],
  ])('a timestamp of %s', (iso, kind) => {
    expect(checkTimestamp('Created', iso, NOW)?.kind ?? null).toBe(kind);
  });

  it('finds agents in a parent cycle and agents whose parent is missing, so none vanish', () => {
    const agents = [
      { agent_path: 'primary', parent_path: null },
      { agent_path: 'a', parent_path: 'b' },
      { agent_path: 'b', parent_path: 'a' },
      { agent_path: 'c', parent_path: 'ghost' },
      { agent_path: 'd', parent_path: 'primary' },
    ];
    const result = checkAgentTree(agents);
    expect(result.orphans.sort()).toEqual(['a', 'b', 'c']);
    expect(kinds(result.notices)).toEqual(['agent-cycle', 'agent-parent-missing']);
    expect(result.notices[0]?.message).toBe('2 agents form a parent cycle (a, b); listed at the top level.');
    expect(checkAgentTree([{ agent_path: 'self', parent_path: 'self' }]).orphans).toEqual(['self']);
    expect(checkAgentTree(agents.filter((a) => ['primary', 'd'].includes(a.agent_path))).notices).toEqual([]);
  });

  it('keeps a repeated record once and drops another session’s, saying so', () => {
    const records = [
      { id: 'c1', session_id: 's' },
      { id: 'c1', session_id: 's' },
      { id: 'c2', session_id: 'other' },
      { id: 'c3', session_id: 's' },
    ];
    const result = checkRecords(records, 's');
    expect(result.records.map((r) => r.id)).toEqual(['c1', 'c3']);
    expect(result.notices.map((n) => n.message)).toEqual([
      'The daemon sent 1 record twice; each is listed once.',
      'The daemon sent 1 record of another session; not shown here.',
    ]);
    expect(checkRecords(records, null).records).toHaveLength(3);
  });

  const record = { threshold_estimate: 170_000, after_estimate: 110_000, window_upper: 0.85, window_lower: 0.6, messages_before: 200, messages_after: 40, cost_usd: 0.02, dry_run: false };
  it.each([
    ['a plausible record', {}, []],
    ['after above before', { after_estimate: 180_000 }, ['after-above-before']],
    ['lower threshold above upper', { window_lower: 0.9 }, ['lower-above-upper']],
    ['more messages after', { messages_after: 400 }, ['messages-grew']],
    ['an infinite cost', { cost_usd: Number.POSITIVE_INFINITY }, ['cost-not-finite']],
    ['everything at once', { after_estimate: 180_000, window_lower: 0.9, messages_after: 400, cost_usd: Number.NaN }, ['after-above-before', 'lower-above-upper', 'messages-grew', 'cost-not-finite']],
  ])('%s', (_, change, expected) => {
    expect(kinds(checkRecord({ ...record, ...change }))).toEqual(expected);
  });

  const stats = {
    events_total: 10,
    by_trigger: [
      { key: 'threshold_crossed', count: 7 },
      { key: 'operator_manual', count: 3 },
    ],
    by_strategy: [{ key: 'summarize', count: 10 }],
    hook_timings: [{ plugin: 'p', hook: 'pre_compact' as const, count: 3, p50_ms: 5, p95_ms: 9, max_ms: 12, result_kinds: [] }],
    cost: makeCost(1, 0.1),
  };
  it.each([
    ['consistent stats', {}, []],
    ['counts that are not the total', { events_total: 12 }, ['trigger-sum', 'strategy-sum']],
    ['an unknown trigger', { by_trigger: [...stats.by_trigger.slice(0, 1), { key: 'moon_phase', count: 3 }] }, ['trigger-unknown']],
    ['p50 above max', { hook_timings: [{ ...stats.hook_timings[0]!, p50_ms: 50 }] }, ['percentiles-order']],
    ['a total cost that is not a sum', { cost: makeCost(1, 0.1, 5) }, ['cost-total-not-sum']],
  ])('%s', (_, change, expected) => {
    expect(kinds(checkStats({ ...stats, ...change }, TRIGGERS))).toEqual(expected);
  });

  it('names the unknown trigger and its count', () => {
    const notices = checkStats({ ...stats, by_trigger: [{ key: 'threshold_crossed', count: 7 }, { key: 'moon_phase', count: 3 }] }, TRIGGERS);
    expect(notices[0]?.message).toBe('Unknown trigger "moon_phase" (3): shown as its own bar, not a trigger kaged documents.');
  });

  it('checks a session row', () => {
    expect(kinds(checkSession({ cost: makeCost(Infinity, 0), created_at: '2026-01-01T00:00:00Z', updated_at: '2099-01-01T00:00:00Z' }, NOW))).toEqual([
      'cost-not-finite',
      'cost-not-finite',
      'date-future',
    ]);
  });

  it('bounds a huge list: the first part and how many more', () => {
    const fired = Array.from({ length: 50_000 }, (_, i) => i);
    const { shown, hidden } = bounded(fired, 200);
    expect(shown).toHaveLength(200);
    expect(hidden).toBe(49_800);
    expect(bounded([1, 2], 200)).toEqual({ shown: [1, 2], hidden: 0 });
  });
});

describe('checking the ledger pages as they load (checkLoadedPages)', () => {
  const rec = (id: string, session_id = 'ses_a') => ({ id, session_id });
  const page = (...ids: string[]) => ids.map((id) => rec(id));

  it('extends the last check with a new page: the same records and notices as checking every page again', () => {
    const first = [rec('a'), rec('b'), rec('b'), rec('x', 'ses_other')];
    const second = page('c', 'a', 'd');
    const third = page('e', 'e');
    let check = checkLoadedPages(null, [first], 'ses_a');
    check = checkLoadedPages(check, [first, second], 'ses_a');
    check = checkLoadedPages(check, [first, second, third], 'ses_a');
    const whole = checkRecordPages([first, second, third], 'ses_a');
    expect(check.records.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(check.records).toEqual(whole.records);
    expect(check.notices).toEqual(whole.notices);
    expect(check.notices.map((n) => n.kind)).toEqual(['record-duplicate', 'record-foreign']);
    expect(check.notices[0]?.message).toContain('2 records twice');
  });

  it('checks only the new page when the earlier ones are the same arrays', () => {
    const first = page('a', 'b');
    const before = checkLoadedPages(null, [first], 'ses_a');
    const seen: string[] = [];
    const second = new Proxy(page('c'), {
      get(target, key, receiver) {
        if (key === Symbol.iterator) seen.push('second');
        return Reflect.get(target, key, receiver);
      },
    });
    const spiedFirst = new Proxy(first, {
      get(target, key, receiver) {
        if (key === Symbol.iterator) seen.push('first');
        return Reflect.get(target, key, receiver);
      },
    });
    // The same array as before (not the proxy) is not read again.
    const after = checkLoadedPages(before, [first, second], 'ses_a');
    expect(after.records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual(['second']);
    // A different first page (a live record put into it) is checked again from the start.
    const again = checkLoadedPages(after, [spiedFirst, second], 'ses_a');
    expect(again.records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual(['second', 'first', 'second']);
  });

  it('takes live records put at the head of the first page on their own: the same records and notices as checking every page again', () => {
    const first = page('c', 'b');
    const second = page('a');
    const before = checkLoadedPages(null, [first, second], 'ses_a');
    const cases = [
      [rec('e'), rec('d')],
      [rec('e'), rec('e'), rec('x', 'ses_other'), rec('d')],
      // Loaded already (in a later page): checked from scratch, the later one dropped.
      [rec('e'), rec('a')],
    ];
    for (const head of cases) {
      const grown = [...head, ...first];
      const check = checkLoadedPages(before, [grown, second], 'ses_a');
      const whole = checkRecordPages([grown, second], 'ses_a');
      expect(check.records).toEqual(whole.records);
      expect(check.notices).toEqual(whole.notices);
      // And the next check builds on it as on any other.
      const third = page('z');
      expect(checkLoadedPages(check, [grown, second, third], 'ses_a').records).toEqual(checkRecordPages([grown, second, third], 'ses_a').records);
    }
    const grown = [rec('e'), ...first];
    const check = checkLoadedPages(before, [grown, second], 'ses_a');
    expect(check.records.slice(1)).toEqual(before.records);
    expect(check.records[1]).toBe(before.records[0]);
    expect(check.ids[1]).toBe(before.ids[1]);
  });

  it('answers the last check itself when nothing changed, and starts over for another session', () => {
    const pages = [page('a'), page('b')];
    const check = checkLoadedPages(null, pages, 'ses_a');
    expect(checkLoadedPages(check, [...pages], 'ses_a')).toBe(check);
    const other = checkLoadedPages(check, pages, 'ses_b');
    expect(other.records).toEqual([]);
    expect(other.notices.map((n) => n.kind)).toEqual(['record-foreign']);
  });

  it('remembers its last answer (pagesChecker)', () => {
    const check = pagesChecker<{ id: string; session_id: string }>();
    const first = page('a');
    const one = check([first], null);
    const two = check([first, page('b')], null);
    expect(two.records.map((r) => r.id)).toEqual(['a', 'b']);
    expect(two.ids[0]).toBe(one.ids[0]);
  });
});
