import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';

/** GET /prompts: the prompt paths usable as the summarizer prompt. */
export function promptsQuery() {
  return queryOptions({
    queryKey: ['prompts'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/prompts', { signal })).items,
    staleTime: 5 * 60_000,
  });
}
