import type {
  AgentState,
  AuditEvent,
  AuditType,
  CompactionRecord,
  EventFrame,
  EventType,
  ImportRegistry,
  Project,
  SessionState,
} from './types';

export type FrameListener = (frame: EventFrame) => void;

/**
 * The simulated daemon's in-memory storage: sessions with their agent windows, compaction
 * records, checkpoints, the audit log and the live event log (seq increases by one per frame).
 * It holds data and answers lookups; the compaction logic lives in mocks/daemon and mocks/engine.
 */
export class Store {
  readonly projects = new Map<string, Project>();
  readonly sessions = new Map<string, SessionState>();
  private readonly compactionIndex = new Map<string, CompactionRecord>();
  readonly audit: AuditEvent[] = [];
  readonly events: EventFrame[] = [];
  /** Idempotency-Key → the first answer given for it. */
  readonly idempotency = new Map<string, unknown>();
  /** Transcript imports: jobs and the registry of imported files (plain data). */
  readonly imports: ImportRegistry = { jobs: [], files: {} };
  private readonly listeners = new Set<FrameListener>();
  private idCounter = 0;

  /** The daemon's clock. Seeding replays history on the transcripts' own timeline, then hands back the wall clock. */
  clock: () => Date = () => new Date();

  nowIso(): string {
    return this.clock().toISOString();
  }

  nextId(prefix: string): string {
    this.idCounter += 1;
    return `${prefix}_${this.idCounter.toString(36).padStart(5, '0')}`;
  }

  addSession(session: SessionState): void {
    this.sessions.set(session.id, session);
    this.indexCompactions(session);
  }

  /** Re-points the id index at the session's current records (after a bulk rewrite of session.compactions). */
  indexCompactions(session: SessionState): void {
    for (const record of session.compactions) this.compactionIndex.set(record.id, record);
  }

  session(id: string): SessionState | undefined {
    return this.sessions.get(id);
  }

  agent(session: SessionState, agentPath: string): AgentState | undefined {
    return session.agents.find((a) => a.agent_path === agentPath);
  }

  compaction(id: string): CompactionRecord | undefined {
    return this.compactionIndex.get(id);
  }

  addCompaction(session: SessionState, record: CompactionRecord): void {
    session.compactions.push(record);
    this.compactionIndex.set(record.id, record);
  }

  /** Replaces a stored record in place (same id), keeping the session's order. */
  replaceCompaction(session: SessionState, record: CompactionRecord): void {
    const i = session.compactions.findIndex((r) => r.id === record.id);
    if (i < 0) throw new Error(`unknown compaction ${record.id}`);
    session.compactions[i] = record;
    this.compactionIndex.set(record.id, record);
  }

  addAudit(event: Omit<AuditEvent, 'id'>): AuditEvent {
    const full: AuditEvent = { id: this.nextId('aud'), ...event };
    this.audit.push(full);
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
