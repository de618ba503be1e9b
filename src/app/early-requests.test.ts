import { describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER_FIRST_PAGE, earlyPaths, SHELL_PATHS } from './early-requests';
import { DEFAULT_SORT, writeSort } from '../domain/ledger-search';
import { LEDGER_FIRST_PAGE_SIZE } from '../features/compaction-ledger/api/list-compactions';

describe('earlyPaths', () => {
  it('asks for the sessions list at / and /sessions', () => {
    expect(earlyPaths('/', '')).toEqual(['/sessions', ...SHELL_PATHS]);
    expect(earlyPaths('/sessions', '?q=x')).toEqual(['/sessions', ...SHELL_PATHS]);
  });

  it("asks for a session's default view: the session, its stats, the ledger's first page", () => {
    expect(earlyPaths('/sessions/ses_1', '')).toEqual([
      '/sessions/ses_1',
      '/sessions/ses_1/compaction-stats',
      `/sessions/ses_1/compactions?${DEFAULT_LEDGER_FIRST_PAGE}`,
      ...SHELL_PATHS,
    ]);
  });

  it('asks for the session alone when the address carries a view (the app builds that query)', () => {
    expect(earlyPaths('/sessions/ses_1', '?agent=a')).toEqual(['/sessions/ses_1', ...SHELL_PATHS]);
  });

  it('spells the id as the client does, and gives up on one it cannot read', () => {
    expect(earlyPaths('/sessions/a%20b%2Fc', '')[0]).toBe('/sessions/a%20b%2Fc');
    expect(earlyPaths('/sessions/%E0%A4%A', '')).toEqual(SHELL_PATHS);
  });

  it("asks for the shell's reads alone on other screens", () => {
    expect(earlyPaths('/sessions/ses_1/knobs', '')).toEqual(SHELL_PATHS);
    expect(earlyPaths('/health', '')).toEqual(SHELL_PATHS);
  });

  it("names the ledger's first page as the ledger asks for it", () => {
    expect(DEFAULT_LEDGER_FIRST_PAGE).toBe(`sort=${writeSort(DEFAULT_SORT)}&limit=${LEDGER_FIRST_PAGE_SIZE}`);
  });
});
