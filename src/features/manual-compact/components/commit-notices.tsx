import { CompactOutcomeNotice, RequestErrorNotice } from '../../../components/compact-outcome';
import type { CompactResult } from '../../../domain/compaction/compact-preview';
import { describeError, isOutcomeUnknown } from '../../../lib/api/api-error';
import type { CommitReread } from '../hooks/use-commit';
import '../../../components/notice.css';

interface CommitNoticesProps {
  sessionId: string;
  /** The daemon's answer to the last commit. */
  outcome: CompactResult | null;
  /** Why the last commit failed (null: it did not). */
  error: unknown;
  reread: CommitReread | null;
  onClose: () => void;
}

/** How the last commit went: the daemon's answer, or its failure (when the answer could not be trusted: what the session read again shows). */
export function CommitNotices({ sessionId, outcome, error, reread, onClose }: CommitNoticesProps) {
  const unknown = isOutcomeUnknown(error);
  return (
    <>
      {outcome && <CompactOutcomeNotice sessionId={sessionId} result={outcome} onNavigate={onClose} />}
      {error !== null && reread?.verdict === 'compacted' ? (
        <div className="callout callout--ok" role="status" data-outcome="completed">
          <strong>Compacted.</strong> The daemon&apos;s answer could not be trusted ({describeError(error)}); the session read again shows the
          compaction. The ledger shows it.
        </div>
      ) : error !== null && reread?.verdict === null ? (
        <p className="callout" role="status">
          The daemon&apos;s answer could not be trusted; reading the session again to see whether it compacted…
        </p>
      ) : (
        error !== null && (
          <RequestErrorNotice
            error={error}
            action="Commit"
            sessionId={sessionId}
            onNavigate={onClose}
            headline={!unknown ? undefined : reread?.verdict === 'not-applied' ? 'The commit was not applied.' : "The commit's outcome is unknown."}
            retryNote={
              !unknown
                ? "Committing again is safe: it sends this preview's idempotency key, so the daemon compacts at most once."
                : reread?.verdict === 'not-applied'
                  ? "The daemon's answer could not be trusted; the session read again shows no new compaction. Committing again is safe: it sends this preview's idempotency key."
                  : "The daemon's answer could not be trusted and the session could not be read again: it may or may not have compacted. Committing again is safe: it sends this preview's idempotency key, so the daemon compacts at most once."
            }
          />
        )
      )}
    </>
  );
}
