import { useRef, useState } from 'react';
import { useResumeCheckpoint, type ResumeRequest, type ResumeResult } from '../api/resume-checkpoint';

export interface Decision {
  action: ResumeRequest['action'];
  result: ResumeResult;
}

/**
 * Resolving a checkpoint: approve, reject (each with its own idempotency key, kept for retries: a
 * double click resolves once) or apply edited overrides (with the edited preview's key); one
 * request at a time. `decision` is the daemon's answer.
 */
export function useDecide(sessionId: string, checkpointId: string, onDecided: () => void) {
  const resume = useResumeCheckpoint(sessionId);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [keys] = useState(() => ({ approve: crypto.randomUUID(), reject: crypto.randomUUID() }));
  const inFlight = useRef(false);

  const decide = (body: ResumeRequest, idempotencyKey: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    resume.mutate(
      { checkpointId, body, idempotencyKey },
      {
        onSuccess: (result) => {
          setDecision({ action: body.action, result });
          onDecided();
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return {
    decision,
    approve: () => decide({ action: 'approve' }, keys.approve),
    reject: () => decide({ action: 'reject' }, keys.reject),
    applyEdited: (overrides: NonNullable<ResumeRequest['overrides']>, idempotencyKey: string) => decide({ action: 'edit', overrides }, idempotencyKey),
    pending: resume.isPending,
    error: resume.isError ? resume.error : null,
  };
}
