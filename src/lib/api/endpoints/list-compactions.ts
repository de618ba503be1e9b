import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import type { paths } from '../../../domain/contract/schema.gen';
import type { Schemas } from '../../../domain/contract/types';

export type CompactionPage = Schemas['CompactionPage'];

/** The most records the daemon answers in one page (the contract's `limit` maximum). */
export const COMPACTION_PAGE_MAX = 1000;

/** The filters and sort of GET /sessions/{id}/compactions (cursor and limit are arguments). */
export type CompactionListQuery = Omit<NonNullable<paths['/sessions/{session_id}/compactions']['get']['parameters']['query']>, 'cursor' | 'limit'>;

/**
 * GET /sessions/{session_id}/compactions: one page of a session's compaction records. The ledger
 * pages through it, the stats charts take the newest thousand, the checkpoints name what each
 * rollback point undoes; each keeps its own cache (its own queryOptions factory and key).
 */
export async function fetchCompactionPage(
  sessionId: string,
  query: CompactionListQuery,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<CompactionPage> {
  return unwrap(
    await api().GET('/sessions/{session_id}/compactions', {
      params: { path: { session_id: sessionId }, query: { ...query, limit, ...(cursor ? { cursor } : {}) } },
      signal,
    }),
  );
}
