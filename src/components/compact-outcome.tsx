import { Link } from 'react-router';
import { describeError, isApiError } from '../lib/api/api-error';
import { formatCount, formatTokens } from '../domain/format';
import type { Schemas } from '../domain/contract/types';
import { checkpointHref, compactionHref } from '../lib/routes';
import './notice.css';

type CompactResult = Schemas['CompactResult'];

interface OutcomeProps {
  sessionId: string;
  result: CompactResult;
  /** Called when a link inside is followed (to close a dialog). */
  onNavigate?: () => void;
}

/** What a commit did: completed (with its event), a fallback, nothing to compact, failed, or waiting for approval. */
export function CompactOutcomeNotice({ sessionId, result, onNavigate }: OutcomeProps) {
  const { record } = result;
  switch (result.outcome) {
    case 'completed':
      return (
        <div className={record?.fallback_occurred ? 'callout callout--warn' : 'callout callout--ok'} role="status" data-outcome="completed">
          <strong>{record?.fallback_occurred ? 'Compacted, with a fallback.' : 'Compacted.'}</strong>{' '}
          {record && (
            <>
              <span className="num">
                {formatCount(record.messages_before)} → {formatCount(record.messages_after)} messages, {formatTokens(record.threshold_estimate)} →{' '}
                {formatTokens(record.after_estimate)} tokens.
              </span>{' '}
              {record.fallback_occurred && <span>Fell back: {record.fallback_reason ?? result.reason ?? 'no reason given'}. </span>}
              <Link to={compactionHref(sessionId, record.id)} onClick={onNavigate}>
                Open event <span className="mono">{record.id}</span>
              </Link>
            </>
          )}
        </div>
      );
    case 'noop':
      return (
        <div className="callout" role="status" data-outcome="noop">
          <strong>Nothing to compact.</strong> {result.reason ?? 'The strategy superseded no message.'}
        </div>
      );
    case 'failed':
      return (
        <div className="callout callout--danger" role="alert" data-outcome="failed">
          <strong>The compaction failed.</strong> {result.reason ?? 'No reason given.'}
        </div>
      );
    case 'pending_checkpoint':
      return (
        <div className="callout callout--warn" role="status" data-outcome="pending_checkpoint">
          <strong>Waiting for approval.</strong> {result.reason ?? 'The checkpoint strategy paused the session.'}{' '}
          {result.checkpoint_id && (
            <Link to={checkpointHref(sessionId, result.checkpoint_id)} onClick={onNavigate}>
              Review the proposal
            </Link>
          )}
        </div>
      );
  }
}

/** A request that failed, said specifically; a waiting checkpoint gets a way to it. */
export function RequestErrorNotice({
  error,
  action,
  sessionId,
  onNavigate,
  retryNote,
  headline,
}: {
  error: unknown;
  action: string;
  sessionId: string;
  onNavigate?: () => void;
  /** Said when the failure is transient (why trying again is safe). */
  retryNote?: string;
  /** Instead of "<action> failed.": what is known of the outcome (an answer that could not be trusted, read again). */
  headline?: string;
}) {
  const pending = isApiError(error) && error.code === 'compaction_pending';
  const checkpointId = pending && typeof error.details?.checkpoint_id === 'string' ? error.details.checkpoint_id : null;
  return (
    <div className="callout callout--danger" role="alert">
      <strong>{headline ?? `${action} failed.`}</strong>{' '}
      {pending ? 'A compaction proposal is waiting for approval; resolve that checkpoint first.' : describeError(error)}{' '}
      {checkpointId && (
        <Link to={checkpointHref(sessionId, checkpointId)} onClick={onNavigate}>
          Review checkpoint <span className="mono">{checkpointId}</span>
        </Link>
      )}
      {!pending && retryNote && (!isApiError(error) || error.transient || error.kind === 'invalid_response' || error.kind === 'malformed') && (
        <span className="muted"> {retryNote}</span>
      )}
    </div>
  );
}
