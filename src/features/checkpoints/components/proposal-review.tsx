import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { RequestErrorNotice } from '../../../components/compact-outcome';
import { DryRunDiff } from '../../../components/diff/dry-run-diff';
import { describeSettings } from '../../../domain/compaction/compact-form';
import { nothingToCompact, type Preview } from '../../../domain/compaction/compact-preview';
import { contextChange } from '../../../domain/accounting/describe';
import { formatCount, formatThreshold, formatTokens } from '../../../domain/format';
import { useWholeProposal } from '../../../hooks/use-whole-proposal';
import { describeError, isOutcomeUnknown } from '../../../lib/api/api-error';
import { uriComponent } from '../../../lib/routes';
import { checkpointProposalQuery } from '../api/get-checkpoint-proposal';
import type { Checkpoint } from '../api/list-checkpoints';
import { useDecide } from '../hooks/use-decide';
import { ConfirmButton } from './confirm-button';
import { DecisionNotice } from './decision-notice';
import { EditOverrides } from './edit-overrides';
import '../../../components/notice.css';

const RESOLUTION_TONE = { approved: 'ok', edited: 'accent', rejected: 'neutral' } as const;

type Proposal = NonNullable<Checkpoint['proposal']>;

/** A proposal waiting for (or past) its decision: what it would do, approve, edit the overrides (previewed), or reject, and its diff. */
export function ProposalReview({
  sessionId,
  sessionTitle,
  checkpoint,
  proposal,
  crumbs,
}: {
  sessionId: string;
  sessionTitle: string;
  checkpoint: Checkpoint;
  proposal: Proposal;
  crumbs: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [answered, setAnswered] = useState<Preview | null>(null);
  // The edited preview's first rows at once, its whole list once read from the same proposal.
  const whole = useWholeProposal(sessionId, answered);
  const edited = whole.preview;
  const [showEdited, setShowEdited] = useState(true);
  const { decision, approve, reject, applyEdited, pending, error } = useDecide(sessionId, checkpoint.id, () => setEditing(false));

  const waiting = checkpoint.resolution === null && decision === null;
  const original = useQuery({ ...checkpointProposalQuery(sessionId, checkpoint.id), enabled: waiting });
  const record = proposal.record;

  const resolution = decision ? decision.result.checkpoint.resolution : checkpoint.resolution;
  const showingEdited = editing && edited !== null && showEdited;
  const shown = showingEdited ? edited.result : original.data;
  // A proposal that supersedes nothing has nothing to approve (reject resumes the session as it is).
  const nothing = original.data ? nothingToCompact(original.data) : null;

  return (
    <div className="review__layout">
      <title>{`Review ${checkpoint.id} · ${sessionTitle} · Compactor`}</title>
      <div className="review__head">
        {crumbs}
        <div className="review__title">
          <h1>Compaction proposal</h1>
          {resolution ? (
            <Badge tone={RESOLUTION_TONE[resolution]}>{resolution}</Badge>
          ) : (
            <Badge tone="warn" title="The session is paused until the proposal is approved, edited or rejected">
              waiting for approval
            </Badge>
          )}
        </div>
        <p className="review__meta muted">
          <span>
            agent <span className="mono">{checkpoint.agent_path}</span>
          </span>
          <span>
            proposed <TimeAgo iso={checkpoint.created_at} /> by {checkpoint.created_by}
          </span>
          <span>trigger {record.trigger.replace(/_/g, ' ')}</span>
          <span className="num" data-testid="proposal-figures" title={contextChange(record)}>
            proposed: context {formatTokens(record.threshold_estimate)} → {formatTokens(record.after_estimate)} tokens, {formatCount(record.superseded_message_ids.length)} superseded,
            thresholds {formatThreshold(record.window_upper)} → {formatThreshold(record.window_lower)}
          </span>
        </p>
      </div>

      {decision && <DecisionNotice sessionId={sessionId} decision={decision} />}
      {!decision && checkpoint.resolution !== null && (
        <div className="callout" role="status">
          <strong>Already {checkpoint.resolution}</strong>
          {checkpoint.resumed_at && (
            <>
              {' '}
              <TimeAgo iso={checkpoint.resumed_at} />
            </>
          )}
          . The session resumed; this proposal can no longer be changed. <Link to={`/sessions/${uriComponent(sessionId)}`}>Back to the session</Link>
        </div>
      )}
      {error !== null && !(isOutcomeUnknown(error) && checkpoint.resolution !== null) && (
        <RequestErrorNotice
          error={error}
          action="Resolving the checkpoint"
          sessionId={sessionId}
          // The checkpoint is read again once the request settles: resolved, it says so above; still waiting, nothing was applied as far as the daemon last said.
          headline={isOutcomeUnknown(error) ? 'Resolving the checkpoint: the outcome is unknown; as last read, the checkpoint is still waiting.' : undefined}
          retryNote="Trying again is safe: the same decision sends the same idempotency key."
        />
      )}
      {error !== null && isOutcomeUnknown(error) && checkpoint.resolution !== null && (
        <p className="callout" role="status">
          The daemon&apos;s answer to the decision could not be trusted ({describeError(error)}); the checkpoint read again shows it {checkpoint.resolution}.
        </p>
      )}

      {waiting && (
        <div className="review__actions" role="group" aria-label="Decision">
          <ConfirmButton
            label="Approve…"
            primary
            title="Approve this compaction?"
            description={`The proposal is applied as shown (${formatCount(record.superseded_message_ids.length)} messages superseded) and the session resumes.`}
            confirmLabel="Approve and resume"
            disabled={pending || editing || nothing !== null}
            onConfirm={approve}
          />
          <button type="button" className="button" onClick={() => setEditing((v) => !v)} disabled={pending} aria-expanded={editing}>
            {editing ? 'Cancel the edit' : 'Edit overrides…'}
          </button>
          <ConfirmButton
            label="Reject…"
            title="Reject this compaction?"
            description="Nothing is compacted; the session resumes with its messages as they are. The rejection is audited."
            confirmLabel="Reject and resume"
            danger
            disabled={pending}
            onConfirm={reject}
          />
          <span className="muted review__actions-hint">{nothing ?? 'Every decision is recorded in the audit log with your operator id.'}</span>
        </div>
      )}

      {waiting && editing && (
        <EditOverrides
          sessionId={sessionId}
          checkpoint={checkpoint}
          whole={whole}
          onPreview={(p) => {
            setAnswered(p);
            setShowEdited(true);
          }}
          pending={pending}
          onApply={applyEdited}
        />
      )}

      {waiting && (
        <div className="review__diff">
          {editing && edited && (
            <div className="review__switch" role="group" aria-label="Proposal shown">
              <button type="button" className="button" aria-pressed={showEdited} onClick={() => setShowEdited(true)}>
                Edited: {describeSettings(edited.request)}
              </button>
              <button type="button" className="button" aria-pressed={!showEdited} onClick={() => setShowEdited(false)}>
                Original proposal
              </button>
            </div>
          )}
          {original.isError ? (
            <ErrorState error={original.error} what="the proposal's diff" onRetry={() => void original.refetch()} />
          ) : shown ? (
            <DryRunDiff key={showingEdited ? edited.id : 'original'} result={shown} ariaLabel="Proposal diff" />
          ) : (
            <Skeleton height="100%" />
          )}
        </div>
      )}
    </div>
  );
}
