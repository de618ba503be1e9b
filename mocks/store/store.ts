import { wellFormed } from '../../src/domain/text';
import { flagCode } from './facts';
import { DryRunProposals } from './dry-run-proposals';
import { historyRow, materialize, type History, type HistorySpec, type RecordEdit } from './history';
import { hydrateSession } from './history-sessions';
import type {
  AgentState,
  AuditEvent,
  AuditType,
  CompactionRecord,
  DroppedSession,
  EventFrame,
  EventType,
  FollowRegistry,
  ImportRegistry,
  Project,
  SessionState,
  WindowOverride,
} from './types';

export type FrameListener = (frame: EventFrame) => void;

/** Hydrated history sessions kept at once (each holds every one of its records as an object). */
const HYDRATED_CACHE = 24;

/**
 * The simulated daemon's in-memory storage: sessions with their agent windows, compaction
 * records, checkpoints, the audit log and the live event log (seq increases by one per frame),
 * plus the generated history in columns (mocks/store/history.ts).
 * It holds data and answers lookups; the compaction logic lives in mocks/daemon and mocks/engine.
 * Which fields survive a restart is declared in ./persisted.ts (one line per field).
 */
export class Store {
  /** This run of the daemon (GET /health instance_id): a new Store is a restarted daemon. Not persisted. */
  readonly instanceId = `sim-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  readonly projects = new Map<string, Project>();
  readonly sessions = new Map<string, SessionState>();
  private readonly compactionIndex = new Map<string, CompactionRecord>();
  readonly audit: AuditEvent[] = [];
  readonly events: EventFrame[] = [];
  /** The operator's context window overrides, by model (ModelInfo.windowKey). */
  readonly windowOverrides = new Map<string, WindowOverride>();
  /** Idempotency-Key → the first answer given for it. */
  readonly idempotency = new Map<string, unknown>();
  /** Transcript imports: jobs and the registry of imported files (plain data). */
  readonly imports: ImportRegistry = { jobs: [], files: {} };
  /** Followed transcript files (--follow): what was read of each, by session (plain data). */
  follows: FollowRegistry = { groups: {} };
  /**
   * Followed sessions whose messages are not in memory (read again from their files when asked).
   * Persisted beside the session, which is saved without its messages once dropped: a restart
   * loads it dropped (its records, checkpoints and figures; its messages read again when asked).
   */
  readonly dropped = new Map<string, DroppedSession>();
  /** The dry-run proposals answered, so the rest of a list answered in part is read, not run again. Not persisted. */
  readonly dryRunProposals = new DryRunProposals();
  /** Live-stream tickets (POST /events/ticket) → expiry in ms since the epoch. Not persisted. */
  readonly streamTickets: Record<string, number> = {};
  private readonly listeners = new Set<FrameListener>();
  idCounter = 0;
  /** How the generated history was made (regenerated from this at start), or null without one. */
  historySpec: HistorySpec | null = null;
  /** Operator changes to history records by compaction id; the columns carry them too. */
  readonly historyEdits = new Map<string, RecordEdit>();
  /** The history's columns: derived from historySpec and historyEdits, never persisted themselves. */
  history: History | null = null;
  /** History sessions materialized for a session view, least recently used first. Not persisted: regenerated on demand. */
  private readonly hydrated = new Map<string, SessionState>();
  /** Sessions changed since persistence last drained this set. */
  readonly touched = new Set<string>();
  /** Bumped by every change made through the Store; derived views (aggregate tables) key their caches on it. */
  revision = 0;
  /**
   * Bumped by every change to stored records other than appending one (a record replaced or
   * changed in place, a session's records rewritten or removed): the aggregate tables fold
   * appended records in while it stays, and build their live part whole when it moves.
   */
  recordRewrites = 0;
  /** Bumped with `revision` by every change to one session: a session's own derived views key on it. */
  private readonly sessionRevisions = new Map<string, number>();

  /** The daemon's clock. Seeding replays history on the transcripts' own timeline, then hands back the wall clock. */
  clock: () => Date = () => new Date();

  nowIso(): string {
    return this.clock().toISOString();
  }

  /**
   * A new id. `_agentPath` names the agent a recorded compaction's ids are for: the daemon's counter
   * needs none, a dropped session's re-read hands its own ids out by it (resident-sessions.ts).
   */
  nextId(prefix: string, _agentPath?: string): string {
    this.idCounter += 1;
    return `${prefix}_${this.idCounter.toString(36).padStart(5, '0')}`;
  }

  addSession(session: SessionState): void {
    this.sessions.set(session.id, session);
    this.indexCompactions(session);
    this.touch(session.id);
  }

  /** Forgets a stored session and its records (a followed transcript about to be read again whole). */
  removeSession(id: string): void {
    for (const record of this.sessions.get(id)?.compactions ?? []) this.compactionIndex.delete(record.id);
    this.sessions.delete(id);
    this.dropped.delete(id);
    this.recordRewrites += 1;
    this.revision += 1;
    this.bumpSession(id);
  }

  /** Re-points the id index at the session's current records (after a bulk rewrite of session.compactions). */
  indexCompactions(session: SessionState): void {
    for (const record of session.compactions) this.compactionIndex.set(record.id, record);
    this.recordRewrites += 1;
    this.revision += 1;
    this.bumpSession(session.id);
  }

  /** The number of changes made to this session so far (its derived views are current while it stays). */
  sessionRevision(sessionId: string): number {
    return this.sessionRevisions.get(sessionId) ?? 0;
  }

  private bumpSession(sessionId: string): void {
    this.sessionRevisions.set(sessionId, this.sessionRevision(sessionId) + 1);
  }

  /**
   * Marks a session changed (persistence saves it). A history session that changes in more
   * than its records' flags becomes a stored session of its own from then on.
   */
  touch(sessionId: string, structural = true): void {
    this.revision += 1;
    this.bumpSession(sessionId);
    if (!this.sessions.has(sessionId)) {
      const hydrated = this.hydrated.get(sessionId);
      if (!hydrated || !structural) return;
      this.hydrated.delete(sessionId);
      this.sessions.set(sessionId, hydrated);
    }
    this.touched.add(sessionId);
  }

  session(id: string): SessionState | undefined {
    return this.sessions.get(id) ?? this.historySession(id);
  }

  /** A history session, materialized on first use and kept while recently used. */
  private historySession(id: string): SessionState | undefined {
    const cached = this.hydrated.get(id);
    if (cached) {
      this.hydrated.delete(id);
      this.hydrated.set(id, cached);
      return cached;
    }
    const index = this.history?.sessionIndex.get(id);
    if (!this.history || index === undefined) return undefined;
    const session = hydrateSession(this.history, index, this.historyEdits);
    this.hydrated.set(id, session);
    for (const key of this.hydrated.keys()) {
      if (this.hydrated.size <= HYDRATED_CACHE) break;
      this.hydrated.delete(key);
    }
    return session;
  }

  /**
   * The agent at this path, exactly; a path that reached us through a URL (where a lone surrogate
   * travels as U+FFFD, src/lib/routes.ts) also finds the agent whose stored path has one.
   */
  agent(session: SessionState, agentPath: string): AgentState | undefined {
    return session.agents.find((a) => a.agent_path === agentPath) ?? session.agents.find((a) => samePath(a.agent_path, agentPath));
  }

  compaction(id: string): CompactionRecord | undefined {
    const stored = this.compactionIndex.get(id);
    if (stored) return stored;
    const row = historyRow(this.history, id);
    return row < 0 || !this.history ? undefined : materialize(this.history, row, this.historyEdits.get(id));
  }

  addCompaction(session: SessionState, record: CompactionRecord): void {
    session.compactions.push(record);
    this.compactionIndex.set(record.id, record);
    this.touch(session.id);
  }

  /** Announces that records of a stored session were changed in place (their fields, not the list). */
  recordsChanged(sessionId: string): void {
    this.recordRewrites += 1;
    this.touch(sessionId);
  }

  /** Replaces a stored record in place (same id), keeping the session's order. */
  replaceCompaction(session: SessionState, record: CompactionRecord): void {
    const i = session.compactions.findIndex((r) => r.id === record.id);
    if (i < 0) throw new Error(`unknown compaction ${record.id}`);
    session.compactions[i] = record;
    const row = historyRow(this.history, record.id);
    if (row >= 0 && this.history) {
      this.editHistory(row, record);
    } else {
      this.compactionIndex.set(record.id, record);
      this.recordRewrites += 1;
    }
    this.touch(session.id, row < 0);
  }

  /** Writes an operator's change to a history record into the edits (persisted) and the columns (aggregated). */
  private editHistory(row: number, record: CompactionRecord): void {
    const { operator_flag, operator_notes, flagged_by, flagged_at, version, rolled_back } = record;
    this.historyEdits.set(record.id, { operator_flag, operator_notes, flagged_by, flagged_at, version, rolled_back });
    applyEdit(this.history as History, row, record);
  }

  addAudit(event: Omit<AuditEvent, 'id'>): AuditEvent {
    const full: AuditEvent = { id: this.nextId('aud'), ...event };
    this.audit.push(full);
    this.touch(event.session_id, event.type !== 'compaction.flagged');
    return full;
  }

  auditOf(type: AuditType, sessionId: string): AuditEvent[] {
    return this.audit.filter((e) => e.type === type && e.session_id === sessionId);
  }

  get lastSeq(): number {
    return this.events.length === 0 ? 0 : (this.events[this.events.length - 1] as EventFrame).seq;
  }

  publish(type: EventType, sessionId: string, data: Record<string, unknown>): EventFrame {
    const frame: EventFrame = { seq: this.lastSeq + 1, type, at: this.nowIso(), session_id: sessionId, data };
    this.events.push(frame);
    this.touch(sessionId, type !== 'compaction.flagged');
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  framesSince(since: number, sessionId?: string): EventFrame[] {
    // seq n sits at index n-1: start there instead of scanning the whole log.
    const start = Math.max(0, since);
    const tail = this.events.slice(start);
    return sessionId ? tail.filter((f) => f.session_id === sessionId) : tail;
  }

  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The columns follow an edit: flag code, when it was flagged, rolled back. */
export function applyEdit(history: History, row: number, edit: RecordEdit): void {
  const f = history.facts;
  f.flag[row] = flagCode(edit.operator_flag);
  f.flaggedAt[row] = edit.flagged_at ? Date.parse(edit.flagged_at) : Number.NaN;
  f.rolledBack[row] = edit.rolled_back ? 1 : 0;
}

/** Two agent paths are the same once each lone surrogate is U+FFFD (the form a URL carries). */
export function samePath(stored: string, asked: string): boolean {
  return stored === asked || wellFormed(stored) === asked;
}
