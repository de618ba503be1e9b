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
  /**
   * Where the simulator's own time went, to tell its lateness apart: `work_ms`, making, storing and
   * publishing the frames (serialising and writing each to every open stream); `waits`, the timer
   * waits, and how much later than asked each ended (p95, max): a wait ending late is the event
   * loop busy with something else (a request, the garbage collector) or the process not running.
   */
  counters: { work_ms: number; waits: number; overslept_p95_ms: number; overslept_max_ms: number };
}

/**
 * The shortest wait between two ticks: at 1,000 events a second a tick sends four or five together
 * instead of waking once per event (each due time is kept, and a tick's wait shows as lateness).
 */
const MIN_TICK_MS = 4;

/** Time as the burst sees it: the wall clock (the browser compares against its own) and a wait. */
export interface BurstClock {
  now(): number;
  wait(ms: number): Promise<void>;
  /** A fine-grained clock for the counters (ms). */
  elapsed(): number;
}

export const realClock: BurstClock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  elapsed: () => performance.now(),
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
  let work = 0;
  const overslept: number[] = [];
  let i = 0;
  while (i < request.count) {
    const ahead = start + i * interval - clock.now();
    if (ahead > 0) {
      const wait = Math.max(ahead, MIN_TICK_MS);
      const asleep = clock.elapsed();
      await clock.wait(wait);
      overslept.push(clock.elapsed() - asleep - wait);
    }
    // Each tick sends every event due by now, together (the streams write them in one go).
    const began = clock.elapsed();
    for (const now = clock.now(); i < request.count && start + i * interval <= now; i += 1) {
      // The template's lists and objects are shared, not copied (a stored record's parts are
      // replaced, never changed in place): a deep copy per event was most of the burst's own work.
      const record: CompactionRecord = {
        ...template,
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
      sent.push({ id: record.id, sent_at_ms: clock.now(), due_at_ms: start + i * interval });
      store.publish('compaction.completed', session.id, { record });
      session.updated_at = record.created_at;
      store.publish('session.updated', session.id, { session: summaryAfter(record) });
    }
    work += clock.elapsed() - began;
  }
  overslept.sort((a, b) => a - b);
  const first = sent[0]?.sent_at_ms ?? start;
  const last = sent[sent.length - 1]?.sent_at_ms ?? start;
  const duration = last - first;
  return {
    session_id: session.id,
    count: request.count,
    rate: request.rate,
    sent,
    duration_ms: duration,
    achieved_rate: duration > 0 ? ((sent.length - 1) * 1000) / duration : request.count,
    counters: {
      work_ms: work,
      waits: overslept.length,
      overslept_p95_ms: overslept[Math.min(overslept.length - 1, Math.floor(overslept.length * 0.95))] ?? 0,
      overslept_max_ms: overslept.at(-1) ?? 0,
    },
  };
}
