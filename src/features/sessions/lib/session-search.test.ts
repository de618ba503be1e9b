import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../domain/contract/types';
import { DEFAULT_SORT, matchesText, readSessionSearch, writeSessionSearch } from './session-search';

describe('session list search params', () => {
  it('reads filters and sort, with defaults', () => {
    expect(readSessionSearch(new URLSearchParams(''))).toEqual({ project: null, status: null, q: '', sort: DEFAULT_SORT });
    expect(readSessionSearch(new URLSearchParams('project=p1&status=paused&q=parser&sort=-cost'))).toEqual({
      project: 'p1',
      status: 'paused',
      q: 'parser',
      sort: [{ id: 'cost', desc: true }],
    });
    expect(readSessionSearch(new URLSearchParams('sort=title')).sort).toEqual([{ id: 'title', desc: false }]);
  });

  it('ignores values it does not know', () => {
    const search = readSessionSearch(new URLSearchParams('status=exploded&sort=-secret'));
    expect(search.status).toBeNull();
    expect(search.sort).toEqual(DEFAULT_SORT);
  });

  it('writes a patch, keeps other params, and leaves defaults out', () => {
    const params = new URLSearchParams('project=p1&tab=x');
    expect(writeSessionSearch(params, { status: 'idle', sort: [{ id: 'cost', desc: false }] }).toString()).toBe(
      'project=p1&tab=x&status=idle&sort=cost',
    );
    expect(writeSessionSearch(params, { project: null, q: '', sort: DEFAULT_SORT }).toString()).toBe('tab=x');
  });

  it('round-trips', () => {
    const search = { project: 'p2', status: 'context_overflow' as const, q: 'a b', sort: [{ id: 'context', desc: true }] };
    expect(readSessionSearch(writeSessionSearch(new URLSearchParams(), search))).toEqual(search);
  });
});

describe('matchesText', () => {
  const session = { id: 'sess_42', title: 'Refactor the Parser', source: { kind: 'generated', name: 'fixture-a' } } as SessionSummary;

  it('matches title, id, project and source, ignoring case and spaces', () => {
    expect(matchesText(session, 'Billing', '')).toBe(true);
    expect(matchesText(session, 'Billing', ' parser ')).toBe(true);
    expect(matchesText(session, 'Billing', 'SESS_42')).toBe(true);
    expect(matchesText(session, 'Billing', 'bill')).toBe(true);
    expect(matchesText(session, 'Billing', 'fixture')).toBe(true);
    expect(matchesText(session, 'Billing', 'lexer')).toBe(false);
  });
});
