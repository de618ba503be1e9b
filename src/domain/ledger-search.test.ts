import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  compareRecords,
  DEFAULT_SORT,
  EMPTY_SEARCH,
  ledgerSearchString,
  eventSearchString,
  readAcross,
  matchesLedgerSearch,
  readLedgerSearch,
  sortingToSort,
  sortToSorting,
  toggleValue,
  withinSession,
  writeLedgerSearch,
  type LedgerSearch,
} from './ledger-search';
import { fromListQuery, toListQuery } from './ledger-list-query';
import { makeRecord } from '../test-support/test-records';

const read = (query: string) => readLedgerSearch(new URLSearchParams(query));

describe('ledger search: reading the URL', () => {
  it('reads an empty URL as the default view', () => {
    expect(read('')).toEqual(EMPTY_SEARCH);
  });

  it('reads every filter and the sort', () => {
    expect(read('agent=primary/explore&trigger=hook_requested,threshold_crossed&strategy=delegate&flag=bad,unflagged&fallback=true&plugin=hindsight&origin=simulated&q=estimator&sort=-cost_usd')).toEqual({
      agent: 'primary/explore',
      trigger: ['threshold_crossed', 'hook_requested'],
      strategy: ['delegate'],
      flag: ['bad', 'unflagged'],
      fallback: true,
      plugin: 'hindsight',
      origin: 'simulated',
      q: 'estimator',
      sort: { field: 'cost_usd', desc: true },
      project: null,
      session: null,
      model: null,
      from: null,
      to: null,
    });
  });

  it('accepts repeated parameters as well as commas, once each, in the contract order', () => {
    expect(read('flag=unflagged&flag=good,unflagged').flag).toEqual(['good', 'unflagged']);
  });

  it('drops values the contract does not know', () => {
    const search = read('trigger=exploded,operator_manual&strategy=magic&flag=meh&fallback=maybe&sort=-secret');
    expect(search.trigger).toEqual(['operator_manual']);
    expect(search.strategy).toEqual([]);
    expect(search.flag).toEqual([]);
    expect(search.fallback).toBeNull();
    expect(search.sort).toEqual(DEFAULT_SORT);
  });

  it('reads origin=recorded|simulated, drops an origin it does not know, and checks a live record by its provenance', () => {
    expect(read('origin=simulated').origin).toBe('simulated');
    expect(read('origin=invented').origin).toBeNull();
    expect(toListQuery(read('origin=recorded'))).toMatchObject({ origin: 'recorded' });
    expect(activeFilterCount(read('origin=recorded'))).toBe(1);
  });

  it('reads fallback=false as "only events that did not fall back"', () => {
    expect(read('fallback=false').fallback).toBe(false);
  });

  it('reads ascending sorts', () => {
    expect(read('sort=summary_tokens').sort).toEqual({ field: 'summary_tokens', desc: false });
  });
});

describe('ledger search: writing the URL', () => {
  it('writes a patch, keeps parameters of other features, leaves defaults out', () => {
    const params = new URLSearchParams('tab=checkpoints&flag=good');
    const next = writeLedgerSearch(params, { flag: ['unflagged', 'bad'], fallback: false, sort: { field: 'duration_ms', desc: false } });
    expect(next.toString()).toBe('tab=checkpoints&flag=bad%2Cunflagged&fallback=false&sort=duration_ms');
    expect(writeLedgerSearch(next, { flag: [], fallback: null, sort: DEFAULT_SORT }).toString()).toBe('tab=checkpoints');
  });

  it('round-trips every view', () => {
    const search: LedgerSearch = {
      agent: 'primary',
      trigger: ['operator_manual', 'hook_requested'],
      strategy: ['drop', 'summarize'],
      flag: ['neutral'],
      fallback: true,
      plugin: 'memory-markdown',
      origin: 'recorded',
      q: 'a, b & c',
      sort: { field: 'compression_ratio', desc: false },
      project: 'payments-api',
      session: 'ses_h0003',
      model: 'claude-haiku-4-5',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
    };
    expect(readLedgerSearch(writeLedgerSearch(new URLSearchParams(), search))).toEqual(search);
    expect(fromListQuery(toListQuery(search))).toEqual(search);
  });

  it('across sessions: scope filters go to the API query, count as filters, and drop within a session', () => {
    const search = readLedgerSearch(new URLSearchParams('project=infra-ops&session=ses_1&model=m&from=2026-11-01T00:00:00Z&to=bad'));
    expect(search).toMatchObject({ project: 'infra-ops', session: 'ses_1', model: 'm', from: '2026-11-01T00:00:00.000Z', to: null });
    expect(toListQuery(search)).toEqual({ sort: '-created_at', project_id: 'infra-ops', session_id: 'ses_1', summarizer_model: 'm', from: '2026-11-01T00:00:00.000Z' });
    expect(activeFilterCount(search)).toBe(4);
    expect(withinSession(search)).toEqual(EMPTY_SEARCH);
    expect(withinSession(EMPTY_SEARCH)).toBe(EMPTY_SEARCH);
  });

  it('a record outside the session, model or time range does not match', () => {
    const view = { ...EMPTY_SEARCH, session: 'ses_1', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
    const base = { session_id: 'ses_1', created_at: '2026-11-01T10:00:00.000Z', summarizer_model: 'm' };
    const match = (r: object) => matchesLedgerSearch(makeRecord({ ...base, ...r }), view);
    expect(match({})).toBe(true);
    expect(match({ session_id: 'ses_2' })).toBe(false);
    expect(match({ created_at: '2026-11-02T00:00:00.000Z' })).toBe(false);
    expect(matchesLedgerSearch(makeRecord(base), { ...view, model: 'other' })).toBe(false);
  });

  it('makes the same link for the same view, whatever order the filters were chosen in', () => {
    const a = ledgerSearchString({ ...EMPTY_SEARCH, flag: ['unflagged', 'bad'], plugin: 'hindsight' });
    const b = ledgerSearchString({ ...EMPTY_SEARCH, plugin: 'hindsight', flag: ['bad', 'unflagged'] });
    expect(a).toBe(b);
    expect(a).toBe('?flag=bad%2Cunflagged&plugin=hindsight');
    expect(ledgerSearchString(EMPTY_SEARCH)).toBe('');
  });

  it("an event page's address keeps the view it walks: its session's, or the one across sessions with its cross filters", () => {
    const view = { ...EMPTY_SEARCH, flag: ['bad' as const], plugin: 'hindsight', project: 'infra-ops' };
    expect(eventSearchString(view, false)).toBe('?flag=bad&plugin=hindsight');
    const across = eventSearchString(view, true);
    expect(across).toBe('?project=infra-ops&flag=bad&plugin=hindsight&across=1');
    const params = new URLSearchParams(across);
    expect(readAcross(params)).toBe(true);
    expect(readLedgerSearch(params)).toEqual(view);
    expect(eventSearchString(EMPTY_SEARCH, true)).toBe('?across=1');
    expect(eventSearchString(EMPTY_SEARCH, false)).toBe('');
    expect(readAcross(new URLSearchParams('flag=bad'))).toBe(false);
  });

  it('counts the filters that narrow the view', () => {
    expect(activeFilterCount(EMPTY_SEARCH)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_SEARCH, q: '  ', sort: { field: 'cost_usd', desc: true } })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_SEARCH, flag: ['bad'], plugin: 'x', fallback: false })).toBe(3);
  });
});

describe('ledger search: the API query', () => {
  it('asks for everything, newest first, by default', () => {
    expect(toListQuery(EMPTY_SEARCH)).toEqual({ sort: '-created_at' });
  });

  it('reads a view back from its query (the ledger cache key)', () => {
    const search: LedgerSearch = { ...EMPTY_SEARCH, agent: 'primary', flag: ['bad', 'unflagged'], fallback: false, plugin: 'p', q: 'x', sort: { field: 'cost_usd', desc: false } };
    expect(fromListQuery(toListQuery(search))).toEqual(search);
    expect(fromListQuery(toListQuery(EMPTY_SEARCH))).toEqual(EMPTY_SEARCH);
  });

  it('carries every filter, trimmed', () => {
    expect(
      toListQuery({ ...EMPTY_SEARCH, agent: 'primary', flag: ['bad'], plugin: 'hindsight', fallback: false, q: '  timeout ', sort: { field: 'cost_usd', desc: false } }),
    ).toEqual({ agent_path: 'primary', flag: ['bad'], plugin: 'hindsight', fallback: false, q: 'timeout', sort: 'cost_usd' });
  });
});

describe('ledger search: matching a record as the daemon does', () => {
  const record = makeRecord({
    agent_path: 'primary/explore',
    trigger: 'hook_requested',
    strategy: 'delegate',
    operator_flag: null,
    fallback_occurred: true,
    summary: 'The Estimator was wrong',
    operator_notes: 'Looks fine',
  });

  it('matches the default view', () => {
    expect(matchesLedgerSearch(record, EMPTY_SEARCH)).toBe(true);
  });

  it.each<[string, Partial<LedgerSearch>, boolean]>([
    ['agent', { agent: 'primary/explore' }, true],
    ['other agent', { agent: 'primary' }, false],
    ['trigger', { trigger: ['hook_requested', 'scheduled'] }, true],
    ['other trigger', { trigger: ['scheduled'] }, false],
    ['strategy', { strategy: ['delegate'] }, true],
    ['other strategy', { strategy: ['drop'] }, false],
    ['unflagged', { flag: ['unflagged'] }, true],
    ['flagged bad', { flag: ['bad'] }, false],
    ['fallback', { fallback: true }, true],
    ['no fallback', { fallback: false }, false],
    ['plugin fired', { plugin: 'hindsight' }, true],
    ['plugin not fired', { plugin: 'memory-markdown' }, false],
    ['its origin', { origin: record.provenance.origin }, true],
    ['the other origin', { origin: record.provenance.origin === 'recorded' ? 'simulated' : 'recorded' }, false],
    ['text in summary, any case', { q: 'estimator' }, true],
    ['text in notes', { q: 'FINE' }, true],
    ['text nowhere', { q: 'timeout' }, false],
  ])('%s', (_name, patch, expected) => {
    expect(matchesLedgerSearch(record, { ...EMPTY_SEARCH, ...patch })).toBe(expected);
  });

  it('treats a missing summary and notes as empty text', () => {
    expect(matchesLedgerSearch(makeRecord({ summary: null, operator_notes: null }), { ...EMPTY_SEARCH, q: 'x' })).toBe(false);
  });
});

describe('ledger search: sort order', () => {
  const a = makeRecord({ id: 'a', cost_usd: 0.01, summary_tokens: null, created_at: '2026-06-01T10:00:00Z' });
  const b = makeRecord({ id: 'b', cost_usd: 0.01, summary_tokens: 10, created_at: '2026-06-01T11:00:00Z' });

  it('sorts by the field, then the id, reversed when descending', () => {
    expect(compareRecords(a, b, { field: 'created_at', desc: false })).toBeLessThan(0);
    expect(compareRecords(a, b, { field: 'created_at', desc: true })).toBeGreaterThan(0);
    expect(compareRecords(a, b, { field: 'cost_usd', desc: false })).toBeLessThan(0);
    expect(compareRecords(a, b, { field: 'cost_usd', desc: true })).toBeGreaterThan(0);
  });

  it('puts a missing figure first when ascending', () => {
    expect(compareRecords(a, b, { field: 'summary_tokens', desc: false })).toBeLessThan(0);
  });

  it('maps table columns to daemon fields and back', () => {
    expect(sortToSorting({ field: 'cost_usd', desc: true })).toEqual([{ id: 'cost', desc: true }]);
    expect(sortingToSort([{ id: 'ratio', desc: false }])).toEqual({ field: 'compression_ratio', desc: false });
    expect(sortingToSort([{ id: 'agent', desc: false }])).toEqual(DEFAULT_SORT);
    expect(sortingToSort([])).toEqual(DEFAULT_SORT);
  });
});

describe('ticking filter values', () => {
  it('adds a value once and removes it', () => {
    expect(toggleValue(['bad'], 'unflagged', true)).toEqual(['bad', 'unflagged']);
    expect(toggleValue(['bad'], 'bad', true)).toEqual(['bad']);
    expect(toggleValue(['bad', 'unflagged'], 'bad', false)).toEqual(['unflagged']);
    expect(toggleValue([], 'bad', false)).toEqual([]);
  });
});
