import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';
import { queryKeys } from '../query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type Message = Schemas['Message'];

const PAGE = 1000;

/**
 * GET /sessions/{session_id}/messages?include_superseded=true, every page: an agent's whole history
 * in order (superseded messages included): the rollback preview, an event's re-read calls.
 */
export function agentHistoryQuery(sessionId: string, agentPath: string) {
  return queryOptions({
    queryKey: [...queryKeys.sessionHistory(sessionId), agentPath] as const,
    queryFn: async ({ signal }): Promise<Message[]> => {
      const all: Message[] = [];
      let cursor: string | null = null;
      do {
        const page: Schemas['MessagePage'] = unwrap(
          await api().GET('/sessions/{session_id}/messages', {
            params: { path: { session_id: sessionId }, query: { agent_path: agentPath, include_superseded: true, limit: PAGE, ...(cursor ? { cursor } : {}) } },
            signal,
          }),
        );
        all.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return all;
    },
  });
}
