import { describe, expect, it } from 'vitest';
import { filterCompactions, parseCompactionFilter } from '../queries';
import { crossLedger } from './ledger';
import { allRecords, ANCHOR, testStore, type NaiveRecord } from './test-support';

const store = testStore();
const records = allRecords(store);
const HOUR = 3_600_000;

/** Every page of a query, following next_cursor. */
function walk(query: string, limit = 250): { ids: string[]; total: number; sessions: Set<string> } {
  const ids: string[] = [];
  const sessions = new Set<string>();
  let cursor: string | null = null;
  let total = -1;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const page = crossLedger(store, params);
    total = page.total;
    ids.push(...page.items.map((r) => r.id));
    for (const s of page.sessions) sessions.add(s.id);
    for (const r of page.items) expect(page.sessions.some((s) => s.id === r.session_id)).toBe(true);
    cursor = page.next_cursor;
  } while (cursor);
  return { ids, total, sessions };
}

type Field = 'created_at' | 'threshold_estimate' | 'after_estimate' | 'compression_ratio' | 'cost_usd' | 'duration_ms' | 'summary_tokens';

/** The session ledger's rule, over every record: filter, then (key, id), reversed for descending. */
function naive(keep: (r: NaiveRecord) => boolean, sort = '-created_at'): string[] {
  const field = sort.replace(/^-/, '') as Field;
  const key = (r: NaiveRecord) => (field === 'compression_ratio' ? (r.threshold_estimate > 0 ? r.after_estimate / r.threshold_estimate : 1) : (r[field] ?? -1));
  const sorted = records.filter(keep).sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return (sort.startsWith('-') ? sorted.reverse() : sorted).map((r) => r.id);
}

const at = (r: NaiveRecord) => Date.parse(r.created_at);
const CASES: [string, string, (r: NaiveRecord) => boolean][] = [
  ['everything, newest first', '', () => true],
  ['one project, bad or unrated, by cost', 'project_id=payments-api&flag=bad,unflagged&sort=-cost_usd', (r) => r.project_id === 'payments-api' && (r.operator_flag === 'bad' || r.operator_flag === null)],
  ['plugin and version', 'plugin=hindsight&plugin_version=0.4.1&sort=compression_ratio', (r) => r.plugins_fired.some((p) => p.name === 'hindsight' && (p.version ?? '0.4.2') === '0.4.1')],
  ['no summarizer, fallback, by duration', 'summarizer_model=none&fallback=true&sort=duration_ms', (r) => r.summarizer_model === null && r.fallback_occurred],
  ['summarizer and strategy and trigger', 'summarizer_model=anthropic:claude-haiku-4-5&strategy=summarize,delegate&trigger=threshold_crossed&sort=-summary_tokens', (r) => r.summarizer_model === 'anthropic:claude-haiku-4-5' && ['summarize', 'delegate'].includes(r.strategy) && r.trigger === 'threshold_crossed'],
  ['session and agent, oldest first', 'session_id=ses_live_a&agent_path=primary%2Fexplore&sort=created_at', (r) => r.session_id === 'ses_live_a' && r.agent_path === 'primary/explore'],
  ['time range, without rolled back, by before', `from=${new Date(ANCHOR - 72 * HOUR).toISOString()}&to=${new Date(ANCHOR - 24 * HOUR).toISOString()}&include_rolled_back=false&sort=-threshold_estimate`, (r) => at(r) >= ANCHOR - 72 * HOUR && at(r) < ANCHOR - 24 * HOUR && !r.rolled_back],
  ['text in summaries and notes (history and stored)', 'q=MIGRATION&sort=after_estimate', (r) => `${r.summary ?? ''}\n${r.operator_notes ?? ''}`.toLowerCase().includes('migration')],
  ['a combination nothing matches', 'plugin=guard-rails&strategy=delegate&project_id=live', () => false],
];

describe('the cross-session ledger against brute force', () => {
  it.each(CASES)('%s', (_name, query, keep) => {
    const sort = new URLSearchParams(query).get('sort') ?? '-created_at';
    const expected = naive(keep, sort);
    const { ids, total } = walk(query);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected);
  });

  it('scoped to one session it is the session ledger, page for page', () => {
    for (const sessionId of ['ses_live_b', 'ses_h0003']) {
      for (const query of ['', 'sort=cost_usd', 'flag=unflagged&sort=-duration_ms', 'q=plan']) {
        const session = store.session(sessionId);
        const own = filterCompactions(session?.compactions ?? [], parseCompactionFilter(new URLSearchParams(query))).map((r) => r.id);
        expect(walk(`${query}&session_id=${sessionId}`, 7).ids).toEqual(own);
      }
    }
  });

  it('a flag written on a history record shows in the filters at once', () => {
    const local = testStore();
    const page = crossLedger(local, new URLSearchParams('project_id=payments-api&flag=unflagged&limit=1'));
    const record = page.items[0];
    if (!record) throw new Error('no unflagged record');
    const session = local.session(record.session_id);
    if (!session) throw new Error('no session');
    local.replaceCompaction(session, { ...record, operator_flag: 'bad', operator_notes: 'zzz-unique-note', flagged_at: new Date(ANCHOR).toISOString(), version: record.version + 1 });
    expect(crossLedger(local, new URLSearchParams('flag=bad&q=zzz-unique-note')).items.map((r) => r.id)).toEqual([record.id]);
    expect(crossLedger(local, new URLSearchParams('project_id=payments-api&flag=unflagged&limit=1')).total).toBe(page.total - 1);
  });

  it('rejects what it cannot answer, naming the field', () => {
    expect(() => crossLedger(store, new URLSearchParams('plugin_version=1.0'))).toThrow(/plugin_version needs plugin/);
    expect(() => crossLedger(store, new URLSearchParams('cursor=bogus'))).toThrow(/cursor/);
    expect(() => crossLedger(store, new URLSearchParams('sort=title'))).toThrow(/sort/);
    expect(() => crossLedger(store, new URLSearchParams('project_id=nope'))).toThrow(/No project/);
    expect(() => crossLedger(store, new URLSearchParams('from=yesterday'))).toThrow(/from/);
  });
});
