import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';

export type Message = Schemas['Message'];

export interface SupersededMessages {
  /** In history order. */
  messages: Message[];
  /** Ids the record names that the history no longer marks as superseded by it (rolled back). */
  missing: number;
}

const PAGE = 1000;

/**
 * The messages a compaction superseded: GET /sessions/{id}/messages?include_superseded=true for
 * its agent, paged until every id the record names is found (the API has no filter by compaction).
 */
export function supersededMessagesQuery(record: Pick<CompactionRecord, 'id' | 'session_id' | 'agent_path' | 'superseded_message_ids' | 'rolled_back'>) {
  return queryOptions({
    // Outside the session prefix: superseded messages do not change with every live frame of the
    // session (a rollback does change them, and marks the record rolled back).
    queryKey: ['compaction-superseded', record.session_id, record.id, record.rolled_back] as const,
    queryFn: async ({ signal }): Promise<SupersededMessages> => {
      const wanted = new Set(record.superseded_message_ids);
      const found: Message[] = [];
      let cursor: string | null = null;
      do {
        const page: Schemas['MessagePage'] = unwrap(
          await api().GET('/sessions/{session_id}/messages', {
            params: {
              path: { session_id: record.session_id },
              query: { agent_path: record.agent_path, include_superseded: true, limit: PAGE, ...(cursor ? { cursor } : {}) },
            },
            signal,
          }),
        );
        for (const message of page.items) if (wanted.has(message.id)) found.push(message);
        cursor = page.next_cursor;
      } while (cursor !== null && found.length < wanted.size);
      return { messages: found, missing: wanted.size - found.length };
    },
    staleTime: 5 * 60_000,
  });
}
