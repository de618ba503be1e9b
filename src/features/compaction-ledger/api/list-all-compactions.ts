import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { Schemas } from '../../../domain/contract/types';
import type { ListQuery } from '../../../domain/ledger-list-query';

export type CrossCompactionPage = Schemas['CrossCompactionPage'];

/**
 * GET /compactions: one page of the cross-session ledger (every session, or one project's, or one
 * session's), with the sessions its records belong to.
 */
export async function fetchCrossCompactionPage(query: ListQuery, cursor: string | null, limit: number, signal?: AbortSignal): Promise<CrossCompactionPage> {
  return unwrap(await api().GET('/compactions', { params: { query: { ...query, limit, ...(cursor ? { cursor } : {}) } }, signal }));
}
