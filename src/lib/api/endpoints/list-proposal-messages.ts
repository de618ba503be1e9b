import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { isApiError } from '../api-error';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';
import type { Schemas } from '../../../domain/contract/types';
import type { ProposalRest } from '../../../domain/diff/proposal-figures';

const PAGE = 1000;

/**
 * GET /sessions/{session_id}/compactions/dry-run/{proposal_id}/messages from a cursor to the end:
 * the rest of a dry run answered in part (?first=), read from that same proposal (the dry run is
 * never run again), with the pruned entries of its messages. It never changes, so it is never read
 * again while cached.
 */
export function proposalRestQuery(sessionId: string, proposalId: string, cursor: string) {
  return queryOptions({
    queryKey: [...queryKeys.dryRunProposal(sessionId, proposalId), cursor] as const,
    queryFn: async ({ signal }): Promise<ProposalRest> => {
      const messages: Schemas['Message'][] = [];
      const pruned: Schemas['PrunedOutput'][] = [];
      let next: string | null = cursor;
      do {
        const page: Schemas['ProposalMessagePage'] = unwrap(
          await api().GET('/sessions/{session_id}/compactions/dry-run/{proposal_id}/messages', {
            params: { path: { session_id: sessionId, proposal_id: proposalId }, query: { cursor: next, limit: PAGE } },
            signal,
          }),
        );
        messages.push(...page.items);
        if (page.pruned) pruned.push(...page.pruned);
        next = page.next_cursor;
      } while (next !== null);
      return { messages, pruned };
    },
    staleTime: Infinity,
  });
}

/** The daemon no longer keeps the proposal (410), or never knew it (404: restarted): preview again. */
export function isProposalGone(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 410 || error.status === 404);
}
