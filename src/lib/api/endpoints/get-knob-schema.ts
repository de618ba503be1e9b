import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../client';

/** GET /compaction/knob-schema: the built-in compaction block as knobs (groups in display order); the knobs screen, and the knobs' labels in the audit log. */
export function builtinKnobSchemaQuery() {
  return queryOptions({
    queryKey: ['knob-schema', 'builtin'] as const,
    queryFn: async ({ signal }) => unwrap(await api().GET('/compaction/knob-schema', { signal })),
    staleTime: 10 * 60_000,
  });
}
