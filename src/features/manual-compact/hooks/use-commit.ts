import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isOutcomeUnknown } from '../../../lib/api/api-error';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { readAgain } from '../../../lib/api/untrusted-write';
import type { CompactResult, Preview } from '../../../domain/compaction/compact-preview';
import { useHistoryChanges } from '../../../stores/history-changes';
import { useCompactSession } from '../api/compact-session';

/**
 * After a commit whose answer could not be trusted (see isOutcomeUnknown): what the session, read
 * again, shows: one more compaction, none, or nothing (it could not be read); null while reading.
 */
export type CommitReread = { previewId: string; verdict: 'compacted' | 'not-applied' | 'unknown' | null };

interface Outcome {
  previewId: string;
  result: CompactResult;
}

/**
 * Committing a preview: sent once (a second Enter or click while it is out does nothing) with
 * the preview's idempotency key. `onCompacted` runs once the daemon compacted (or paused for
 * approval), by its answer or, when that could not be trusted, by the session read again.
 */
export function useCommit(sessionId: string, onCompacted: (preview: Preview) => void) {
  const queryClient = useQueryClient();
  const compact = useCompactSession(sessionId);
  const inFlight = useRef(false);
  const markStale = useHistoryChanges((s) => s.markChanged);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reread, setReread] = useState<CommitReread | null>(null);

  const compacted = (target: Preview) => {
    markStale(sessionId);
    onCompacted(target);
  };

  const commit = (target: Preview | null) => {
    if (target === null || inFlight.current) return;
    inFlight.current = true;
    setReread(null);
    const countBefore = queryClient.getQueryData(sessionQuery(sessionId).queryKey)?.compaction_count;
    compact.mutate(
      { request: target.request, idempotencyKey: target.idempotencyKey },
      {
        onSuccess: (result) => {
          setOutcome({ previewId: target.id, result });
          // Done (nothing-to-compact keeps the settings as unsaved work).
          if (result.outcome === 'completed' || result.outcome === 'pending_checkpoint') compacted(target);
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) return;
          // The daemon may have compacted all the same: read the session again and judge by its count of compactions.
          setReread({ previewId: target.id, verdict: null });
          void readAgain(
            () => queryClient.fetchQuery({ ...sessionQuery(sessionId), staleTime: 0 }),
            (now) => countBefore !== undefined && now.compaction_count > countBefore,
          ).then(({ verdict }) => {
            if (verdict === 'applied') compacted(target);
            setReread({ previewId: target.id, verdict: verdict === 'applied' ? 'compacted' : verdict });
          });
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  /** Whether this preview was committed (by the daemon's answer, or by the session read again). */
  const isCommitted = (preview: Preview | null) =>
    preview !== null && ((outcome !== null && outcome.previewId === preview.id) || (reread?.previewId === preview.id && reread.verdict === 'compacted'));

  return { compact, outcome: outcome?.result ?? null, reread, commit, isCommitted };
}
