import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { Schemas } from '../../../domain/contract/types';
import type { AuditQuery } from '../lib/audit-search';

export const AUDIT_PAGE_SIZE = 100;

/** GET /audit: every audit event matching the filters, page by page (cursor paging). */
export function auditQuery(query: AuditQuery) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', query] as const,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(await api().GET('/audit', { params: { query: { ...query, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Schemas['AuditPage']) => last.next_cursor,
    staleTime: 15_000,
  });
}
