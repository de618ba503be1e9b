import { describe, expect, it } from 'vitest';
import { historyId, materialize } from '../../../store/history';
import type { AuditEvent } from '../../../store/types';
import { auditLog } from './audit-log';
import { ANCHOR, testStore } from './test-support';

const store = testStore();
const HOUR = 3_600_000;

interface Naive {
  id: string;
  type: string;
  at: number;
  session_id: string;
  project_id: string;
  agent_path: string | null;
  compaction_id: string | null;
  actor: string;
  /** Stream order on ties: stored events, then history records, then silent rows. */
  rank: number[];
}

/** Every audit event, built independently of the stream walk: the stored log, then what each history row emits. */
function everything(): Naive[] {
  const out: Naive[] = [];
  const projectOf = (id: string) => store.sessions.get(id)?.project_id ?? store.history?.sessions.find((s) => s.id === id)?.project_id ?? '';
  store.audit.forEach((e: AuditEvent, i) => out.push({ id: e.id, type: e.type, at: Date.parse(e.at), session_id: e.session_id, project_id: projectOf(e.session_id), agent_path: e.agent_path, compaction_id: e.compaction_id, actor: e.actor, rank: [0, i, 0] }));
  const h = store.history;
  if (!h) return out;
  for (let row = 0; row < h.facts.length; row++) {
    const r = materialize(h, row, store.historyEdits.get(historyId(row)));
    const types = r.fallback_occurred ? ['compaction.triggered', 'compaction.failed', 'compaction.completed'] : ['compaction.triggered', 'compaction.completed'];
    types.forEach((type, k) => out.push({ id: `aud_hr${row.toString(36)}_${k}`, type, at: Date.parse(r.created_at), session_id: r.session_id, project_id: projectOf(r.session_id), agent_path: r.agent_path, compaction_id: r.id, actor: '?', rank: [1, row, k] }));
  }
  const t = h.silent;
  for (let row = 0; row < t.length; row++) {
    const session = h.sessions[t.session[row] as number]?.id as string;
    ['compaction.triggered', t.kind[row] === 0 ? 'compaction.noop' : 'compaction.failed'].forEach((type, k) =>
      out.push({ id: `aud_hs${row.toString(36)}_${k}`, type, at: t.at[row] as number, session_id: session, project_id: projectOf(session), agent_path: t.agents[t.agent[row] as number] as string, compaction_id: null, actor: 'harness', rank: [2, row, k] }),
    );
  }
  return out.sort((a, b) => a.at - b.at || a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.rank[2]! - b.rank[2]!);
}

const all = everything();

function walk(query: string, limit = 400): { items: AuditEvent[]; total: number } {
  const items: AuditEvent[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const page = auditLog(store, params);
    total = page.total;
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return { items, total };
}

const some = (type: string) => all.find((e) => e.type === type && e.id.startsWith('aud_h'));

const CASES: [string, string, (e: Naive) => boolean][] = [
  ['everything, oldest first', '', () => true],
  ['no-ops and failures, newest first', 'type=compaction.noop,compaction.failed&sort=-at', (e) => e.type === 'compaction.noop' || e.type === 'compaction.failed'],
  ['one project in a time range', `project_id=payments-api&from=${new Date(ANCHOR - 5 * 24 * HOUR).toISOString()}&to=${new Date(ANCHOR).toISOString()}`, (e) => e.project_id === 'payments-api' && e.at >= ANCHOR - 5 * 24 * HOUR && e.at < ANCHOR],
  ['one session and agent', 'session_id=ses_live_b&agent_path=primary&sort=-at', (e) => e.session_id === 'ses_live_b' && e.agent_path === 'primary'],
  ['one history compaction', `compaction_id=${some('compaction.completed')?.compaction_id}`, (e) => e.compaction_id === some('compaction.completed')?.compaction_id],
  ['the harness on a history session', `session_id=${some('compaction.noop')?.session_id}&actor=harness&type=compaction.noop,compaction.triggered`, (e) => e.session_id === some('compaction.noop')?.session_id && (e.type === 'compaction.noop' || e.type === 'compaction.triggered')],
];

describe('the audit log over stored and generated events, against brute force', () => {
  it.each(CASES)('%s', (_name, query, keep) => {
    const descending = new URLSearchParams(query).get('sort') === '-at';
    const actor = new URLSearchParams(query).get('actor');
    const expected = all.filter(keep);
    const ordered = descending ? [...expected].reverse() : expected;
    const { items, total } = walk(query);
    const got = items.map((e) => e.id);
    const want = ordered.map((e) => e.id);
    if (actor) {
      // Actors of history records are derived; the harness acts on every silent row and most records.
      expect(items.every((e) => e.actor === actor)).toBe(true);
      expect(got.every((id) => want.includes(id))).toBe(true);
    } else {
      expect(total).toBe(expected.length);
      expect(got).toEqual(want);
    }
  });

  it('history events link to their compaction and session and validate as events', () => {
    const noop = auditLog(store, new URLSearchParams('type=compaction.noop&sort=-at&limit=1')).items[0];
    expect(noop?.compaction_id).toBeNull();
    expect(noop?.data.reason).toBeTruthy();
    const done = auditLog(store, new URLSearchParams(`compaction_id=${some('compaction.completed')?.compaction_id}&type=compaction.completed`)).items[0];
    expect(done?.data.plugins_fired).toBeInstanceOf(Array);
    expect(store.compaction(done?.compaction_id as string)?.session_id).toBe(done?.session_id);
  });

  it('rejects unknown types, sorts and projects', () => {
    expect(() => auditLog(store, new URLSearchParams('type=compaction.exploded'))).toThrow(/type/);
    expect(() => auditLog(store, new URLSearchParams('sort=actor'))).toThrow(/sort/);
    expect(() => auditLog(store, new URLSearchParams('project_id=nope'))).toThrow(/No project/);
    expect(auditLog(store, new URLSearchParams('type=config.changed')).total).toBe(0);
  });
});
