import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CompactFields } from '../../../components/compact-fields';
import { RequestErrorNotice } from '../../../components/compact-outcome';
import { ErrorState } from '../../../components/error-state';
import { ProposalRest } from '../../../components/proposal-rest';
import { Skeleton } from '../../../components/skeleton';
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
import { supersededCount } from '../../../domain/diff/proposal-figures';
import { formatCount, formatTokens } from '../../../domain/format';
import type { WholeProposal } from '../../../hooks/use-whole-proposal';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { promptsQuery } from '../../../lib/api/endpoints/list-prompts';
import type { Checkpoint } from '../api/list-checkpoints';
import type { ResumeRequest } from '../api/resume-checkpoint';
import { ConfirmButton } from './confirm-button';

/** The strategies a resumed proposal may run (the contract's ResumeRequest.overrides.strategy). */
const EDIT_STRATEGIES: readonly Strategy[] = ['drop', 'summarize', 'delegate'];

/** The request the proposal would run with, as the edit form understands it (checkpoint → its sub-strategy). */
function proposalValues(checkpoint: Checkpoint, config: AgentCompactionConfig): CompactFormValues {
  const base = defaultsFrom(config);
  const request = checkpoint.proposal?.request ?? { agent_path: checkpoint.agent_path };
  const values = valuesFromRequest(request, base);
  const strategy = values.strategy === 'checkpoint' ? config.values.checkpoint.sub_strategy : values.strategy;
  return { ...values, agentPath: checkpoint.agent_path, strategy };
}

interface EditOverridesProps {
  sessionId: string;
  checkpoint: Checkpoint;
  /** The edited preview, its list completed as it is read (useWholeProposal). */
  whole: WholeProposal<Preview>;
  onPreview: (preview: Preview) => void;
  onApply: (overrides: NonNullable<ResumeRequest['overrides']>, idempotencyKey: string) => void;
  pending: boolean;
}

/** Edit: other per-invocation overrides, previewed as a diff before they can be applied. */
export function EditOverrides({ sessionId, checkpoint, whole, onPreview, onApply, pending }: EditOverridesProps) {
  const config = useQuery(compactionConfigQuery(sessionId, checkpoint.agent_path));
  if (config.isError) return <ErrorState error={config.error} what="the agent's compaction settings" onRetry={() => void config.refetch()} />;
  if (!config.data) return <Skeleton height={120} />;
  return <EditForm sessionId={sessionId} checkpoint={checkpoint} config={config.data} whole={whole} onPreview={onPreview} onApply={onApply} pending={pending} />;
}

function toOverrides(request: CompactRequest): NonNullable<ResumeRequest['overrides']> {
  const { agent_path: _agent, dry_run: _dry, strategy, ...rest } = request;
  return strategy === 'drop' || strategy === 'summarize' || strategy === 'delegate' ? { ...rest, strategy } : rest;
}

function EditForm({ sessionId, checkpoint, config, whole, onPreview, onApply, pending }: EditOverridesProps & { config: AgentCompactionConfig }) {
  const edited = whole.preview;
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
      <ProposalRest whole={whole} onPreviewAgain={() => void preview()} previewing={dryRun.isPending} />
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
              ? `${describeSettings(edited.request)}: supersedes ${formatCount(supersededCount(edited.result))} messages, ${formatTokens(edited.result.before_estimate)} → ${formatTokens(edited.result.record.after_estimate)} tokens. The session resumes.`
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
