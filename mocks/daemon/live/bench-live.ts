import type { Store } from '../../store/store';
import type { CompactionRecord, SessionState } from '../../store/types';
import { requireSession } from '../read-models/lookups';
import { DaemonError } from '../errors';
import { UNREVIEWED } from '../../engine/record';
import { summariesAsAppended } from '../read-models/views';

/** A burst of live compactions, for the browser benchmark's live-latency figure. */
export interface LiveBurstRequest {
  session_id: string;
  /** How many compaction.completed frames to send (1 to 10,000). */
  count: number;
  /** Frames per second (1 to 2,000). */
  rate: number;
}

export interface LiveBurstResult {
  session_id: string;
  count: number;
  rate: number;
  /**
   * Each record's id, the wall-clock time (epoch ms) its compaction.completed frame was published,
   * and when it was due by the rate asked (the first frame's due time is the burst's start): a
   * simulator that falls behind sends late, and a latency counted from the send alone would not
   * show the wait before it.
   */
  sent: { id: string; sent_at_ms: number; due_at_ms: number }[];
  /** From the first frame to the last. */
  duration_ms: number;
  /** The rate actually kept: (count - 1) / duration. */
  achieved_rate: number;
}

/** Time as the burst sees it: the wall clock (the browser compares against its own) and a wait. */
export interface BurstClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

export const realClock: BurstClock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function parseLiveBurst(body: unknown): LiveBurstRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.session_id !== 'string' || b.session_id === '') {
    throw new DaemonError(400, 'invalid_request', 'session_id is required', { field: 'session_id' });
  }
  const count = b.count ?? 200;
  const rate = b.rate ?? 100;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000) {
    throw new DaemonError(400, 'invalid_request', 'count must be a whole number from 1 to 10000', { field: 'count' });
  }
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 1 || rate > 2_000) {
    throw new DaemonError(400, 'invalid_request', 'rate must be a number from 1 to 2000 (frames per second)', { field: 'rate' });
  }
  return { session_id: b.session_id, count, rate };
}

function newestRecord(session: SessionState): CompactionRecord {
  let newest: CompactionRecord | undefined;
  for (const r of session.compactions) if (!newest || r.created_at > newest.created_at) newest = r;
  if (!newest) throw new DaemonError(409, 'no_template', `Session "${session.id}" has no compaction record to model the burst on.`);
  return newest;
}

/**
 * Sends `count` compactions to a session at `rate` per second, each as kaged announces an applied
 * one: the record joins the ledger, its compaction.completed audit entry and frame, then the
 * session.updated frame. The records are ledger rows only (copies of the session's newest record
 * with a fresh id and time); the agent's messages are untouched. Resolves when the last is sent.
 */
export async function emitLiveBurst(store: Store, request: LiveBurstRequest, clock: BurstClock = realClock): Promise<LiveBurstResult> {
  const session = requireSession(store, request.session_id);
  const template = newestRecord(session);
  const summaryAfter = summariesAsAppended(store, session);
  const sent: LiveBurstResult['sent'] = [];
  const interval = 1000 / request.rate;
  const start = clock.now();
  for (let i = 0; i < request.count; i += 1) {
    const due = start + i * interval;
    const ahead = due - clock.now();
    if (ahead > 0) await clock.wait(ahead);
    const record: CompactionRecord = {
      ...structuredClone(template),
      id: store.nextId('cmp_live'),
      run_id: `run_${session.id}_burst_${i}`,
      created_at: store.nowIso(),
      ...UNREVIEWED,
      dry_run: false,
    };
    store.addCompaction(session, record);
    store.addAudit({
      type: 'compaction.completed',
      at: record.created_at,
      session_id: session.id,
      run_id: record.run_id,
      agent_path: record.agent_path,
      compaction_id: record.id,
      actor: 'harness',
      data: { after_estimate: record.after_estimate, superseded_count: record.superseded_message_ids.length, summary_message_id: record.summary_message_id, plugins_fired: [], duration_ms: record.duration_ms },
    });
    sent.push({ id: record.id, sent_at_ms: clock.now(), due_at_ms: due });
    store.publish('compaction.completed', session.id, { record });
    session.updated_at = record.created_at;
    store.publish('session.updated', session.id, { session: summaryAfter(record) });
  }
  const first = sent[0]?.sent_at_ms ?? start;
  const last = sent[sent.length - 1]?.sent_at_ms ?? start;
  const duration = last - first;
  return { session_id: session.id, count: request.count, rate: request.rate, sent, duration_ms: duration, achieved_rate: duration > 0 ? ((sent.length - 1) * 1000) / duration : request.count };
}
