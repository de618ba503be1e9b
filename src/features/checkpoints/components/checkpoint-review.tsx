import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import { TimeAgo } from '../../../components/time-ago';
import { formatCount, formatRatio, formatTokens } from '../../../domain/format';
import { DryRunDiff } from '../../../components/diff/dry-run-diff';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import { checkpointProposalQuery } from '../api/get-checkpoint-proposal';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { promptsQuery } from '../../../lib/api/endpoints/list-prompts';
import { CompactFields } from '../../../components/compact-fields';
import { CompactOutcomeNotice, RequestErrorNotice } from '../../../components/compact-outcome';
import { describeError, isOutcomeUnknown } from '../../../lib/api/api-error';
import {
  defaultsFrom,
  describeSettings,
  requestHash,
  toRequest,
  valuesFromRequest,
  type AgentCompactionConfig,
  type CompactFormValues,
  type CompactRequest,
  type Strategy,
} from '../../../domain/compaction/compact-form';
import { commitGate, makePreview, type Preview } from '../../../domain/compaction/compact-preview';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { checkpointsQuery, type Checkpoint } from '../api/list-checkpoints';
import { useResumeCheckpoint, type ResumeRequest, type ResumeResult } from '../api/resume-checkpoint';
import '../../../components/dialog.css';
import '../../../components/notice.css';
import './checkpoints.css';
import { uriComponent } from '../../../lib/routes';

/** The strategies a resumed proposal may run (the contract's ResumeRequest.overrides.strategy). */
const EDIT_STRATEGIES: readonly Strategy[] = ['drop', 'summarize', 'delegate'];

const RESOLUTION_TONE = { approved: 'ok', edited: 'accent', rejected: 'neutral' } as const;

/** The request the proposal would run with, as the edit form understands it (checkpoint → its sub-strategy). */
function proposalValues(checkpoint: Checkpoint, config: AgentCompactionConfig): CompactFormValues {
  const base = defaultsFrom(config);
  const request = checkpoint.proposal?.request ?? { agent_path: checkpoint.agent_path };
  const values = valuesFromRequest(request, base);
  const strategy = values.strategy === 'checkpoint' ? config.values.checkpoint.sub_strategy : values.strategy;
  return { ...values, agentPath: checkpoint.agent_path, strategy };
}

interface Decision {
  action: ResumeRequest['action'];
  result: ResumeResult;
}

/** A compaction proposal under review: approve, edit the overrides (previewed), or reject. */
export function CheckpointReview({ sessionId, checkpointId }: { sessionId: string; checkpointId: string }) {
  const { data: session } = useSuspenseQuery(sessionQuery(sessionId));
  const { data: checkpoints } = useSuspenseQuery(checkpointsQuery(sessionId));
  const checkpoint = checkpoints.find((c) => c.id === checkpointId);
  const sessionHref = `/sessions/${uriComponent(sessionId)}`;

  const crumbs = (
    <nav className="page__crumbs" aria-label="Breadcrumb">
      <Link to="/sessions">Sessions</Link>
      <span aria-hidden="true">/</span>
      <Link to={sessionHref}>{session.title}</Link>
      <span aria-hidden="true">/</span>
      <span className="mono">{checkpointId}</span>
    </nav>
  );

  if (!checkpoint) {
    return (
      <div className="review__layout">
        <div className="review__head">{crumbs}</div>
        <EmptyState title="No such checkpoint in this session">
          <Link to={sessionHref}>Back to the session</Link>
        </EmptyState>
      </div>
    );
  }
  if (checkpoint.reason !== 'compaction_pending' || checkpoint.proposal === null) {
    return (
      <div className="review__layout">
        <div className="review__head">{crumbs}</div>
        <EmptyState title={`Checkpoint ${checkpoint.id} holds no compaction proposal (${checkpoint.reason})`}>
          <Link to={sessionHref}>Back to the session</Link>
        </EmptyState>
      </div>
    );
  }
  return <ProposalReview sessionId={sessionId} sessionTitle={session.title} checkpoint={checkpoint} proposal={checkpoint.proposal} crumbs={crumbs} />;
}

type Proposal = NonNullable<Checkpoint['proposal']>;

function ProposalReview({
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
  const resume = useResumeCheckpoint(sessionId);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState<Preview | null>(null);
  const [showEdited, setShowEdited] = useState(true);
  // One key per decision, kept for retries: a double click resolves once.
  const [keys] = useState(() => ({ approve: crypto.randomUUID(), reject: crypto.randomUUID() }));
  const inFlight = useRef(false);

  const waiting = checkpoint.resolution === null && decision === null;
  const original = useQuery({ ...checkpointProposalQuery(sessionId, checkpoint.id), enabled: waiting });
  const record = proposal.record;

  const decide = (body: ResumeRequest, idempotencyKey: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    resume.mutate(
      { checkpointId: checkpoint.id, body, idempotencyKey },
      {
        onSuccess: (result) => {
          setDecision({ action: body.action, result });
          setEditing(false);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const resolution = decision ? decision.result.checkpoint.resolution : checkpoint.resolution;
  const showingEdited = editing && edited !== null && showEdited;
  const shown = showingEdited ? edited.result : original.data;

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
          <span className="num">
            recorded: {formatTokens(record.threshold_estimate)} → {formatTokens(record.after_estimate)} tokens, {formatCount(record.superseded_message_ids.length)} superseded,
            thresholds {formatRatio(record.window_upper)} → {formatRatio(record.window_lower)}
          </span>
        </p>
      </div>

      {decision && <DecisionNotice sessionId={sessionId} decision={decision} />}
      {!decision && checkpoint.resolution !== null && (
        <div className="mc-notice" role="status">
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
      {resume.isError && !(isOutcomeUnknown(resume.error) && checkpoint.resolution !== null) && (
        <RequestErrorNotice
          error={resume.error}
          action="Resolving the checkpoint"
          sessionId={sessionId}
          // The checkpoint is read again once the request settles: resolved, it says so above; still waiting, nothing was applied as far as the daemon last said.
          headline={isOutcomeUnknown(resume.error) ? 'Resolving the checkpoint: the outcome is unknown; as last read, the checkpoint is still waiting.' : undefined}
          retryNote="Trying again is safe: the same decision sends the same idempotency key."
        />
      )}
      {resume.isError && isOutcomeUnknown(resume.error) && checkpoint.resolution !== null && (
        <p className="mc-notice" role="status">
          The daemon&apos;s answer to the decision could not be trusted ({describeError(resume.error)}); the checkpoint read again shows it {checkpoint.resolution}.
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
            disabled={resume.isPending || editing}
            onConfirm={() => decide({ action: 'approve' }, keys.approve)}
          />
          <button type="button" className="button" onClick={() => setEditing((v) => !v)} disabled={resume.isPending} aria-expanded={editing}>
            {editing ? 'Cancel the edit' : 'Edit overrides…'}
          </button>
          <ConfirmButton
            label="Reject…"
            title="Reject this compaction?"
            description="Nothing is compacted; the session resumes with its messages as they are. The rejection is audited."
            confirmLabel="Reject and resume"
            danger
            disabled={resume.isPending}
            onConfirm={() => decide({ action: 'reject' }, keys.reject)}
          />
          <span className="muted review__actions-hint">Every decision is recorded in the audit log with your operator id.</span>
        </div>
      )}

      {waiting && editing && (
        <EditOverrides
          sessionId={sessionId}
          checkpoint={checkpoint}
          edited={edited}
          onPreview={(p) => {
            setEdited(p);
            setShowEdited(true);
          }}
          pending={resume.isPending}
          onApply={(overrides, key) => decide({ action: 'edit', overrides }, key)}
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

function DecisionNotice({ sessionId, decision }: { sessionId: string; decision: Decision }) {
  const back = <Link to={`/sessions/${uriComponent(sessionId)}`}>Back to the session</Link>;
  if (decision.action === 'reject') {
    return (
      <div className="mc-notice" role="status" data-outcome="rejected">
        <strong>Rejected.</strong> Nothing was compacted; the session resumed. {back}
      </div>
    );
  }
  const result = decision.result.result;
  return (
    <div className="review__decision">
      {result ? <CompactOutcomeNotice sessionId={sessionId} result={result} /> : <div className="mc-notice">Resolved.</div>}
      <p className="muted">
        {decision.action === 'edit' ? 'Applied with the edited overrides.' : 'Approved.'} The session resumed. {back}
      </p>
    </div>
  );
}

function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  primary = false,
  danger = false,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled: boolean;
  primary?: boolean;
  danger?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={primary ? 'button button--primary' : danger ? 'button ck-danger' : 'button'} disabled={disabled}>
          {label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="mc-overlay mc-overlay--confirm" />
        <AlertDialog.Content className="mc-confirm">
          <AlertDialog.Title className="mc-confirm__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted">{description}</AlertDialog.Description>
          <div className="mc-confirm__actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={danger ? 'button ck-danger-solid' : 'button button--primary'} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Edit: other per-invocation overrides, previewed as a diff before they can be applied. */
function EditOverrides({
  sessionId,
  checkpoint,
  edited,
  onPreview,
  onApply,
  pending,
}: {
  sessionId: string;
  checkpoint: Checkpoint;
  edited: Preview | null;
  onPreview: (preview: Preview) => void;
  onApply: (overrides: NonNullable<ResumeRequest['overrides']>, idempotencyKey: string) => void;
  pending: boolean;
}) {
  const config = useQuery(compactionConfigQuery(sessionId, checkpoint.agent_path));
  if (config.isError) return <ErrorState error={config.error} what="the agent's compaction settings" onRetry={() => void config.refetch()} />;
  if (!config.data) return <Skeleton height={120} />;
  return <EditForm sessionId={sessionId} checkpoint={checkpoint} config={config.data} edited={edited} onPreview={onPreview} onApply={onApply} pending={pending} />;
}

function toOverrides(request: CompactRequest): NonNullable<ResumeRequest['overrides']> {
  const { agent_path: _agent, dry_run: _dry, strategy, ...rest } = request;
  return strategy === 'drop' || strategy === 'summarize' || strategy === 'delegate' ? { ...rest, strategy } : rest;
}

function EditForm({
  sessionId,
  checkpoint,
  config,
  edited,
  onPreview,
  onApply,
  pending,
}: {
  sessionId: string;
  checkpoint: Checkpoint;
  config: AgentCompactionConfig;
  edited: Preview | null;
  onPreview: (preview: Preview) => void;
  onApply: (overrides: NonNullable<ResumeRequest['overrides']>, idempotencyKey: string) => void;
  pending: boolean;
}) {
  const { data: prompts = [] } = useQuery(promptsQuery());
  const { data: session } = useQuery(sessionQuery(sessionId));
  const form = useForm<CompactFormValues>({ mode: 'onChange', defaultValues: proposalValues(checkpoint, config) });
  const values = useWatch({ control: form.control }) as CompactFormValues;
  const request = useMemo(() => toRequest(values), [values]);
  const dryRun = useDryRun(sessionId);
  const gate = commitGate({
    preview: edited,
    currentHash: requestHash(sessionId, request),
    valid: form.formState.isValid,
    pending,
    staleBefore: 0,
    committed: false,
  });
  const agent = session?.agents.find((a) => a.agent_path === checkpoint.agent_path);

  const preview = form.handleSubmit((vals) => {
    const req = toRequest(vals);
    dryRun.mutate(req, { onSuccess: (result) => onPreview(makePreview(sessionId, req, result)) });
  });

  return (
    <form className="review__edit" onSubmit={(e) => void preview(e)} aria-label="Edit the overrides">
      <CompactFields
        control={form.control}
        errors={form.formState.errors}
        strategies={EDIT_STRATEGIES}
        prompts={prompts}
        config={config}
        window={agent?.window}
      />
      {dryRun.isError && <RequestErrorNotice error={dryRun.error} action="Preview" sessionId={sessionId} />}
      <div className="review__edit-actions">
        <span className="muted review__edit-status">{gate.ok ? `Ready: ${describeSettings(request)}` : gate.reason}</span>
        <button type="submit" className={gate.ok ? 'button' : 'button button--primary'} disabled={dryRun.isPending}>
          {dryRun.isPending ? 'Previewing…' : 'Preview edited'}
        </button>
        <ConfirmButton
          label="Apply edited…"
          primary
          title="Apply the edited compaction?"
          description={
            edited
              ? `${describeSettings(edited.request)}: supersedes ${formatCount(edited.result.record.superseded_message_ids.length)} messages, ${formatTokens(edited.result.before_estimate)} → ${formatTokens(edited.result.record.after_estimate)} tokens. The session resumes.`
              : ''
          }
          confirmLabel="Apply and resume"
          disabled={!gate.ok}
          onConfirm={() => edited && onApply(toOverrides(edited.request), edited.idempotencyKey)}
        />
      </div>
    </form>
  );
}
