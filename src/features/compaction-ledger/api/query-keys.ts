/**
 * The ledger's react-query keys. They sit outside the ['session', id] prefix on purpose: the live
 * stream makes everything under that prefix stale on every frame, which would refetch every
 * loaded ledger page (up to hundreds); the ledger instead applies compaction frames to its cached
 * pages itself (use-ledger-live.ts) and is refetched only when frames were lost (resync).
 */
import type { ListQuery } from '../../../lib/ledger-search';

export const ledgerKeys = {
  /** Every ledger view of every session. */
  all: ['compaction-ledger'] as const,
  /** Every ledger view of one session. */
  session: (sessionId: string) => ['compaction-ledger', sessionId] as const,
  /** One view (filters and sort) of one session's ledger. */
  view: (sessionId: string, query: ListQuery) => ['compaction-ledger', sessionId, query] as const,
};

/** The newest events drawn by the stats charts, per agent (null: all); kept live like the ledger. */
export const seriesKeys = {
  session: (sessionId: string) => ['compaction-series', sessionId] as const,
  view: (sessionId: string, agentPath: string | null) => ['compaction-series', sessionId, agentPath] as const,
};
