import type { QueryKey } from '@tanstack/react-query';
import type { ListQuery } from '../../domain/ledger-list-query';

/**
 * The react-query keys of server state, in one place so the live stream can invalidate what a
 * frame changes. Everything about one session sits under `['session', id]`, everything about one
 * project under `['project', id]`; features add their own keys beneath those prefixes.
 */
export const queryKeys = {
  health: ['health'] as const,
  projects: ['projects'] as const,
  /** Prefix of everything about every project. */
  anyProject: ['project'] as const,
  projectStats: (projectId: string) => ['project', projectId, 'compaction-stats'] as const,
  sessions: ['sessions'] as const,
  /** Prefix of everything about every session. */
  anySession: ['session'] as const,
  /** A model's context window and the operator's override of it. */
  modelWindow: (model: string) => ['model-window', model] as const,
  /** Prefix of everything about one session. */
  session: (sessionId: string) => ['session', sessionId] as const,
  sessionDetail: (sessionId: string) => ['session', sessionId, 'detail'] as const,
  /** A session's messages, per agent (its history). */
  sessionHistory: (sessionId: string) => ['session', sessionId, 'history'] as const,
  sessionStats: (sessionId: string) => ['session', sessionId, 'compaction-stats'] as const,
  compaction: (sessionId: string, compactionId: string) => ['session', sessionId, 'compaction', compactionId] as const,
  compactionAudit: (sessionId: string, compactionId: string) => ['session', sessionId, 'compaction', compactionId, 'audit'] as const,
  /** A session's checkpoints, their audit trail and the records they name (the checkpoints panel). */
  checkpoints: (sessionId: string) => ['session', sessionId, 'checkpoints'] as const,
  checkpointAudit: (sessionId: string) => ['session', sessionId, 'checkpoint-audit'] as const,
  rollbackPointRecords: (sessionId: string) => ['session', sessionId, 'rollback-point-records'] as const,
  /** Every rollback dry run of the session, and one checkpoint's. */
  rollbackPreviews: (sessionId: string) => ['session', sessionId, 'rollback-preview'] as const,
  rollbackPreview: (sessionId: string, checkpointId: string) => ['session', sessionId, 'rollback-preview', checkpointId] as const,
  compactionConfig: (sessionId: string) => ['session', sessionId, 'compaction-config'] as const,
  /**
   * The rest of a dry run's proposed list, read from the proposal the daemon answered. Outside the
   * session's prefix on purpose: a proposal never changes, and a live frame must not read it again.
   */
  dryRunProposal: (sessionId: string, proposalId: string) => ['dry-run-proposal', sessionId, proposalId] as const,
};

/**
 * The ledger's keys. They sit outside the ['session', id] prefix on purpose: the live stream makes
 * everything under that prefix stale on every frame, which would refetch every loaded ledger page
 * (up to hundreds); the ledger instead applies compaction frames to its cached pages itself
 * (compaction-ledger/lib/ledger-live.ts) and is refetched only when frames were lost
 * (resync), or when an action elsewhere changes its records (a rollback invalidates `session`).
 */
export const ledgerKeys = {
  /** Every ledger view of every session. */
  all: ['compaction-ledger'] as const,
  /** Every ledger view of one session. */
  session: (sessionId: string) => ['compaction-ledger', sessionId] as const,
  /** One view (filters and sort) of one session's ledger. */
  view: (sessionId: string, query: ListQuery) => ['compaction-ledger', sessionId, query] as const,
  /** What a key made by `view` names (null for any other key): the one place that knows its shape. */
  viewOf: (key: QueryKey): { sessionId: string; query: ListQuery } | null =>
    key[0] === 'compaction-ledger' && typeof key[1] === 'string' && key.length === 3 ? { sessionId: key[1], query: key[2] as ListQuery } : null,
};
