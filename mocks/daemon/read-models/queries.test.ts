import { describe, expect, it } from 'vitest';
import type { CompactionRecord } from '../../store/types';
import { flagCompaction } from '../services/compaction-service';
import { DaemonError } from '../errors';
import { filterCompactions, paginate, parseCompactionFilter, prepareSessionLedgers, sessionLedger } from './queries';
import { seededStore } from '../seeding/test-support/normal-seed';
import { advanceSession } from '../live/simulation';

const base = {
  session_id: 's', run_id: 'r', agent_path: 'primary', trigger: 'threshold_crossed', strategy: 'drop', threshold_estimate: 100, after_estimate: 50,
  context_window: 200, context_window_source: 'catalog', window_upper: 0.85, window_lower: 0.6, messages_before: 10, messages_after: 5, compression_ratio: 0.5,
  superseded_message_ids: [], summary_message_id: null, summary: null, summary_tokens: null, key_facts: [], summarizer_model: null, plugins_fired: [],
  plugin_cost: null, cost_usd: 0, duration_ms: 1, prune: null, fallback_occurred: false, fallback_reason: null, fallback_chain: [], dry_run: false,
  operator_flag: null, operator_notes: null, flagged_by: null, flagged_at: null, version: 1, rolled_back: false,
  before_parts: null, after_parts: null, reread_after: null,
  provenance: { origin: 'simulated', tokens_before: 'estimated', tokens_after: 'estimated', cost: 'computed', summary: null },
} satisfies Omit<CompactionRecord, 'id' | 'created_at'>;

const records: CompactionRecord[] = [
  { ...base, id: 'a', created_at: '2026-01-01T00:00:01Z', operator_flag: 'bad', operator_notes: 'Lost the PLAN', plugins_fired: [{ name: 'hindsight', role: 'compactor', hook: 'pre_compact', duration_ms: 3, result_kind: 'compactor_result' }] },
  { ...base, id: 'b', created_at: '2026-01-01T00:00:02Z', strategy: 'summarize', summary: 'Goal: plan the release', threshold_estimate: 300 },
  { ...base, id: 'c', created_at: '2026-01-01T00:00:03Z', fallback_occurred: true, agent_path: 'primary/explore', threshold_estimate: 200 },
];

const query = (q: string) => parseCompactionFilter(new URLSearchParams(q));

describe('ledger queries', () => {
  it('filters by flag including unflagged, strategy, fallback, agent, plugin and text in summary or notes', () => {
    expect(filterCompactions(records, query('flag=unflagged')).map((r) => r.id)).toEqual(['c', 'b']);
    expect(filterCompactions(records, query('flag=bad&flag=unflagged&strategy=drop')).map((r) => r.id)).toEqual(['c', 'a']);
    expect(filterCompactions(records, query('fallback=true')).map((r) => r.id)).toEqual(['c']);
    expect(filterCompactions(records, query('agent_path=primary')).map((r) => r.id)).toEqual(['b', 'a']);
    expect(filterCompactions(records, query('plugin=hindsight')).map((r) => r.id)).toEqual(['a']);
    expect(filterCompactions(records, query('q=plan')).map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('sorts by a field either way, newest first by default', () => {
    expect(filterCompactions(records, query('')).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(filterCompactions(records, query('sort=threshold_estimate')).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(filterCompactions(records, query('sort=-threshold_estimate')).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('rejects unknown values with the field named', () => {
    expect(() => query('flag=great')).toThrow(DaemonError);
    expect(() => query('sort=summary')).toThrow(/sort/);
    expect(() => query('fallback=yes')).toThrow(/fallback/);
  });

  it('pages by opaque cursor tied to its query, covering every item exactly once', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ReturnType<typeof paginate<number>> = paginate(items, cursor, 10, 'q1');
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(items);
    const first = paginate(items, null, 10, 'q1');
    expect(() => paginate(items, first.next_cursor, 10, 'another query')).toThrow(/cursor/);
    expect(() => paginate(items, 'garbage', 10, 'q1')).toThrow(/cursor/);
  });
});

describe("a session's ledger lists, kept per state of the session", () => {
  it('answers from the kept list until the session changes (a flag, a live compaction); another session changing leaves it', async () => {
    const store = await seededStore();
    const [session, other] = [...store.sessions.values()].filter((s) => s.compactions.length > 3 && s.agents[0]);
    if (!session || !other) throw new Error('two sessions with records expected');
    const all = query('sort=-created_at');
    const unflagged = query('flag=unflagged&sort=cost_usd');
    const first = sessionLedger(store, session, all);
    expect(first).toEqual(filterCompactions(session.compactions, all));
    expect(sessionLedger(store, session, all)).toBe(first);
    const byCost = sessionLedger(store, session, unflagged);
    expect(byCost).toEqual(filterCompactions(session.compactions, unflagged));

    // Another session's write: still the kept lists.
    const elsewhere = other.compactions.find((r) => !r.rolled_back) as CompactionRecord;
    flagCompaction(store, other.id, elsewhere.id, { version: elsewhere.version, flag: 'good' }, 'tester');
    expect(sessionLedger(store, session, all)).toBe(first);

    // A flag in this session: the unflagged list is made again, without the record.
    const record = byCost.find((r) => !r.rolled_back) as CompactionRecord;
    flagCompaction(store, session.id, record.id, { version: record.version, flag: 'bad' }, 'tester');
    const after = sessionLedger(store, session, unflagged);
    expect(after.map((r) => r.id)).not.toContain(record.id);
    expect(after).toEqual(filterCompactions(session.compactions, unflagged));

    // A live compaction: the newest-first list starts with it.
    session.status = 'running';
    const before = session.compactions.length;
    advanceSession(store, session, { maxTurns: 400, untilCompaction: true });
    expect(session.compactions.length).toBeGreaterThan(before);
    const live = sessionLedger(store, session, all);
    expect(live).toEqual(filterCompactions(session.compactions, all));
    expect(live[0]?.id).toBe(session.compactions.at(-1)?.id);
  });

  it('prepared as the data is made: the first newest-first listing is the kept one', async () => {
    const store = await seededStore();
    prepareSessionLedgers(store);
    const session = [...store.sessions.values()].find((s) => s.compactions.length > 3) as NonNullable<ReturnType<typeof store.session>>;
    const list = sessionLedger(store, session, query(''));
    expect(sessionLedger(store, session, query('sort=-created_at'))).toBe(list);
    expect(list).toEqual(filterCompactions(session.compactions, query('')));
  });

  it('keeps a few filters per session, the least recently used going first', async () => {
    const store = await seededStore();
    const session = [...store.sessions.values()].find((s) => s.compactions.length > 3) as NonNullable<ReturnType<typeof store.session>>;
    const filters = ['sort=cost_usd', 'sort=-cost_usd', 'flag=bad', 'flag=good', 'strategy=drop', 'strategy=summarize', 'fallback=true'].map(query);
    const lists = filters.map((f) => sessionLedger(store, session, f));
    expect(sessionLedger(store, session, filters[6] as ReturnType<typeof query>)).toBe(lists[6]);
    // The first is the one let go: asked again, it is made again (equal, not the same array).
    expect(sessionLedger(store, session, filters[0] as ReturnType<typeof query>)).not.toBe(lists[0]);
    expect(sessionLedger(store, session, filters[0] as ReturnType<typeof query>)).toEqual(lists[0]);
  });
});
