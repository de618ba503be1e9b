import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isOutcomeUnknown } from '../../../lib/api/api-error';
import { readAgain } from '../../../lib/api/untrusted-write';
import { useHistoryChanges } from '../../../stores/history-changes';
import { checkpointsQuery, type Checkpoint } from '../api/list-checkpoints';
import { useRollback, type RollbackResult } from '../api/rollback-checkpoint';

/**
 * Rolling back to a checkpoint: one idempotency key per chosen checkpoint (kept for retries and
 * double clicks), one request at a time. `done` is the daemon's result, or 'reread' when its answer
 * could not be trusted and the checkpoints read again show the rollback applied; `verdict` says what
 * reading them again showed otherwise (null: nothing read yet).
 */
export function useApplyRollback(sessionId: string) {
  const queryClient = useQueryClient();
  const rollback = useRollback(sessionId);
  const markStale = useHistoryChanges((s) => s.markChanged);
  const keys = useRef(new Map<string, string>());
  const inFlight = useRef(false);
  const [done, setDone] = useState<RollbackResult | 'reread' | null>(null);
  const [rereading, setRereading] = useState(false);
  const [verdict, setVerdict] = useState<'not-applied' | 'unknown' | null>(null);

  const apply = (point: Checkpoint | undefined) => {
    if (inFlight.current || !point) return;
    let key = keys.current.get(point.id);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(point.id, key);
    }
    inFlight.current = true;
    setVerdict(null);
    rollback.mutate(
      { checkpointId: point.id, idempotencyKey: key },
      {
        onSuccess: (result) => {
          setDone(result);
          markStale(sessionId);
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) return;
          // The daemon may have rolled back all the same: read the checkpoints again and say what they show.
          setRereading(true);
          void readAgain(
            () => queryClient.fetchQuery({ ...checkpointsQuery(sessionId), staleTime: 0 }),
            (list) => list.find((c) => c.id === point.id)?.rolled_back === true,
          )
            .then(({ verdict }) => {
              if (verdict === 'applied') {
                setDone('reread');
                markStale(sessionId);
              } else setVerdict(verdict);
            })
            .finally(() => setRereading(false));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  /** Another checkpoint chosen: nothing applied to it yet. */
  const reset = () => {
    setDone(null);
    rollback.reset();
    setRereading(false);
    setVerdict(null);
  };

  return { apply, reset, done, rereading, verdict, pending: rollback.isPending, error: rollback.isError ? rollback.error : null };
}
