import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertDialog, Dialog, Tabs } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { describeError, isOutcomeUnknown } from '../../../lib/api/api-error';
import { Skeleton } from '../../../components/skeleton';
import { proposalFigures } from '../../../domain/diff/proposal-figures';
import { formatCount, formatTokens } from '../../../domain/format';
import { DryRunDiff } from '../../../components/diff/dry-run-diff';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { useCompactSession } from '../api/compact-session';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { promptsQuery } from '../../../lib/api/endpoints/list-prompts';
import {
  defaultsFrom,
  describeSettings,
  requestHash,
  toRequest,
  valuesFromRequest,
  type AgentCompactionConfig,
  type CompactFormValues,
} from '../../../domain/compaction/compact-form';
import { useCompareStore, usePinned } from '../lib/compare-store';
import { forgetCompactDraft, keepCompactDraft, loadCompactDraft, sameValues } from '../lib/compact-drafts';
import { useHistoryChangedAt, useHistoryChanges } from '../../../stores/history-changes';
import { commitGate, makePreview, type CompactResult, type Preview } from '../../../domain/compaction/compact-preview';
import { CompactFields } from '../../../components/compact-fields';
import { CompactOutcomeNotice, RequestErrorNotice } from '../../../components/compact-outcome';
import { checkpointHref, knobsHref } from '../../../lib/routes';
import { compactRequestToDraft } from '../../../domain/knobs/compact-request';
import { usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { CompareProposals, type CompareColumn } from './compare-proposals';
import '../../../components/dialog.css';
import './manual-compact.css';
import { STRATEGIES } from '../../../domain/contract/enums.gen';

export interface ManualCompactDialogProps {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The agent to start with; the primary agent otherwise. */
  agentPath?: string;
}

/**
 * The manual-compact modal: per-invocation overrides (ADR-0024 amendment 9), Preview (the dry
 * run, as a side-by-side diff), pinned proposals compared, and Commit, possible only for a preview
 * of the current settings, confirmed, and sent with that preview's idempotency key.
 */
export function ManualCompactDialog({ sessionId, open, onOpenChange, agentPath = 'primary' }: ManualCompactDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mc-overlay" />
        <Dialog.Content
          className="mc-dialog"
          aria-describedby="mc-dialog-description"
          onOpenAutoFocus={(event) => {
            // Focus the dialog itself rather than its close button; Tab reaches the settings first.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <header className="mc-dialog__header">
            <div>
              <Dialog.Title className="mc-dialog__title">Compact</Dialog.Title>
              <Dialog.Description id="mc-dialog-description" className="muted">
                Overrides apply to this one compaction; the agent&apos;s configuration is unchanged unless you save them as its settings (they open on the knobs screen as unsaved changes). Preview first: nothing changes until you commit.
              </Dialog.Description>
            </div>
            <Dialog.Close className="button button--quiet" aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          <InitialConfig sessionId={sessionId} agentPath={agentPath} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form starts from the agent's effective config, so it waits for it. */
function InitialConfig({ sessionId, agentPath, onClose }: { sessionId: string; agentPath: string; onClose: () => void }) {
  const config = useQuery(compactionConfigQuery(sessionId, agentPath));
  if (config.isError) return <ErrorState error={config.error} what="the agent's compaction settings" onRetry={() => void config.refetch()} />;
  if (!config.data) return <WorkbenchSkeleton />;
  return <Workbench sessionId={sessionId} initialConfig={config.data} onClose={onClose} />;
}

function WorkbenchSkeleton() {
  return (
    <div className="mc-body" aria-busy="true">
      <div className="mc-side">
        <Skeleton height={420} />
      </div>
      <div className="mc-main-col">
        <Skeleton height="100%" />
      </div>
    </div>
  );
}

interface Outcome {
  previewId: string;
  result: CompactResult;
}

function Workbench({ sessionId, initialConfig, onClose }: { sessionId: string; initialConfig: AgentCompactionConfig; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery(sessionId));
  const { data: prompts = [] } = useQuery(promptsQuery());
  /** The agent's own settings (what "Reset" returns to); the form starts from what the operator left, if anything. */
  const [baseline, setBaseline] = useState(() => defaultsFrom(initialConfig));
  const [restored] = useState(() => loadCompactDraft(sessionId, initialConfig.agent_path));
  const form = useForm<CompactFormValues>({ mode: 'onChange', defaultValues: restored?.values ?? baseline });
  const values = useWatch({ control: form.control }) as CompactFormValues;
  const { data: config } = useQuery(compactionConfigQuery(sessionId, values.agentPath));
  const agent = session?.agents.find((a) => a.agent_path === values.agentPath);

  const [switching, setSwitching] = useState<{ error: unknown } | 'loading' | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [tab, setTab] = useState<'diff' | 'compare'>('diff');
  const [confirming, setConfirming] = useState(false);
  /**
   * After a commit whose answer could not be trusted (see isOutcomeUnknown): what the session, read
   * again, shows: one more compaction, none, or nothing (it could not be read); null while reading.
   */
  const [reread, setReread] = useState<{ previewId: string; verdict: 'compacted' | 'not-applied' | 'unknown' | null } | null>(null);

  const dryRun = useDryRun(sessionId);
  const compact = useCompactSession(sessionId);
  const inFlight = useRef(false);
  const pinned = usePinned(sessionId);
  const staleBefore = useHistoryChangedAt(sessionId);
  const pin = useCompareStore((s) => s.pin);
  const unpin = useCompareStore((s) => s.unpin);
  const markStale = useHistoryChanges((s) => s.markChanged);
  const mergeDraft = usePendingEditsStore((s) => s.mergeDraft);
  const navigate = useNavigate();

  const request = useMemo(() => toRequest(values), [values]);
  const currentHash = requestHash(sessionId, request);
  const valid = form.formState.isValid;
  const committed = preview !== null && ((outcome !== null && outcome.previewId === preview.id) || (reread?.previewId === preview.id && reread.verdict === 'compacted'));
  const gate = commitGate({ preview, currentHash, valid, pending: compact.isPending, staleBefore, committed });
  const previewCurrent = preview !== null && preview.hash === currentHash;
  /** The settings of the last successful commit: no longer the operator's unsaved work. */
  const [committedHash, setCommittedHash] = useState<string | null>(null);
  const unsaved = values.agentPath === baseline.agentPath && !sameValues(values, baseline) && committedHash !== currentHash;

  // Kept in this browser as the operator changes them (close, failed commit, reload lose nothing).
  useEffect(() => {
    if (values.agentPath !== baseline.agentPath) return;
    if (unsaved) keepCompactDraft(sessionId, values);
    else forgetCompactDraft(sessionId, values.agentPath);
  }, [sessionId, values, baseline.agentPath, unsaved]);

  /** Another agent: its own config pre-fills the form. */
  const changeAgent = async (path: string) => {
    if (path === values.agentPath) return;
    setSwitching('loading');
    try {
      const next = defaultsFrom(await queryClient.fetchQuery(compactionConfigQuery(sessionId, path)));
      setBaseline(next);
      form.reset(loadCompactDraft(sessionId, path)?.values ?? next);
      setSwitching(null);
    } catch (error) {
      setSwitching({ error });
    }
  };

  const runPreview = form.handleSubmit((vals) => {
    const req = toRequest(vals);
    dryRun.mutate(req, {
      onSuccess: (result) => {
        setPreview(makePreview(sessionId, req, result));
        setTab('diff');
      },
    });
  });

  /** "Save as the agent's settings": the overrides become the agent's unsaved knob changes, reviewed on the knobs screen. */
  const saveAsSettings = form.handleSubmit((vals) => {
    const { agent_path: path, ...overrides } = toRequest(vals);
    mergeDraft(sessionId, path, compactRequestToDraft(overrides));
    onClose();
    void navigate(knobsHref(sessionId, path));
  });

  /** Show a pinned proposal: its settings back in the form, its diff in view. */
  const adopt = (p: Preview) => {
    form.reset(valuesFromRequest(p.request, defaultsFrom(config ?? initialConfig)));
    setPreview(p);
  };

  const commit = () => {
    const target = preview;
    if (target === null || inFlight.current) return;
    inFlight.current = true;
    setConfirming(false);
    setReread(null);
    const countBefore = session?.compaction_count;
    compact.mutate(
      { request: target.request, idempotencyKey: target.idempotencyKey },
      {
        onSuccess: (result) => {
          setOutcome({ previewId: target.id, result });
          if (result.outcome === 'completed' || result.outcome === 'pending_checkpoint') {
            markStale(sessionId);
            // Done: these settings are no longer unsaved work (nothing-to-compact keeps them).
            setCommittedHash(target.hash);
            forgetCompactDraft(sessionId, target.request.agent_path);
          }
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) return;
          // The daemon may have compacted all the same: read the session again and judge by its count of compactions.
          setReread({ previewId: target.id, verdict: null });
          void queryClient
            .fetchQuery({ ...sessionQuery(sessionId), staleTime: 0 })
            .then((now) => {
              const compacted = countBefore !== undefined && now.compaction_count > countBefore;
              if (compacted) {
                markStale(sessionId);
                setCommittedHash(target.hash);
                forgetCompactDraft(sessionId, target.request.agent_path);
              }
              setReread({ previewId: target.id, verdict: compacted ? 'compacted' : 'not-applied' });
            })
            .catch(() => setReread({ previewId: target.id, verdict: 'unknown' }));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const columns: CompareColumn[] = pinned.map((p, i) => ({ preview: p, label: `Proposal ${String.fromCharCode(65 + i)}`, pinned: true }));
  if (preview && !pinned.some((p) => p.id === preview.id)) columns.push({ preview, label: 'Current preview', pinned: false });
  const isPinned = preview !== null && pinned.some((p) => p.id === preview.id);

  const superseded = preview?.result.record.superseded_message_ids.length ?? 0;
  const disabled = switching === 'loading';

  return (
    <div className="mc-body">
      <aside className="mc-side" aria-label="Settings">
        <form className="mc-form" onSubmit={(e) => void runPreview(e)} aria-label="Compaction settings">
          {unsaved && (
            <p className="mc-notice mc-notice--warn" role="status">
              <strong>Your unsaved settings</strong>, kept in this browser until a commit succeeds; Reset to defaults returns to the agent&apos;s configuration.
            </p>
          )}
          <CompactFields
            control={form.control}
            errors={form.formState.errors}
            agents={session?.agents ?? []}
            onAgentChange={(path) => void changeAgent(path)}
            strategies={STRATEGIES}
            prompts={prompts}
            config={config}
            window={agent?.window}
            disabled={disabled}
            layout="stack"
            delegatePlugins={config?.plugins}
          />
          <div className="mc-side__actions">
            <button type="submit" className={previewCurrent ? 'button' : 'button button--primary'} disabled={dryRun.isPending || disabled}>
              {dryRun.isPending ? 'Previewing…' : previewCurrent ? 'Preview again' : 'Preview'}
            </button>
            <button type="button" className="button" onClick={() => preview && pin(preview)} disabled={!preview || isPinned}>
              {isPinned ? 'Pinned' : 'Pin for comparison'}
            </button>
            <button type="button" className="button button--quiet" onClick={() => form.reset(baseline)} disabled={!unsaved || disabled}>
              Reset to defaults
            </button>
            <button type="button" className="button button--quiet" onClick={() => void saveAsSettings()} disabled={disabled}>
              Save as the agent&apos;s settings…
            </button>
          </div>
        </form>
        {typeof switching === 'object' && switching !== null && <ErrorState error={switching.error} what="the agent's compaction settings" />}
      </aside>

      <div className="mc-main-col">
        {session?.compaction_pending && (
          <div className="mc-notice mc-notice--warn" role="status">
            A compaction proposal is waiting for approval: previews work, but a commit is refused until it is resolved.{' '}
            {session.pending_checkpoint_id && (
              <Link to={checkpointHref(sessionId, session.pending_checkpoint_id)} onClick={onClose}>
                Review it
              </Link>
            )}
          </div>
        )}
        {outcome && <CompactOutcomeNotice sessionId={sessionId} result={outcome.result} onNavigate={onClose} />}
        {compact.isError && reread?.verdict === 'compacted' ? (
          <div className="mc-notice mc-notice--ok" role="status" data-outcome="completed">
            <strong>Compacted.</strong> The daemon&apos;s answer could not be trusted ({describeError(compact.error)}); the session read again shows the
            compaction. The ledger shows it.
          </div>
        ) : compact.isError && reread?.verdict === null ? (
          <p className="mc-notice" role="status">
            The daemon&apos;s answer could not be trusted; reading the session again to see whether it compacted…
          </p>
        ) : (
          compact.isError && (
            <RequestErrorNotice
              error={compact.error}
              action="Commit"
              sessionId={sessionId}
              onNavigate={onClose}
              headline={
                !isOutcomeUnknown(compact.error) ? undefined : reread?.verdict === 'not-applied' ? 'The commit was not applied.' : "The commit's outcome is unknown."
              }
              retryNote={
                !isOutcomeUnknown(compact.error)
                  ? "Committing again is safe: it sends this preview's idempotency key, so the daemon compacts at most once."
                  : reread?.verdict === 'not-applied'
                    ? "The daemon's answer could not be trusted; the session read again shows no new compaction. Committing again is safe: it sends this preview's idempotency key."
                    : "The daemon's answer could not be trusted and the session could not be read again: it may or may not have compacted. Committing again is safe: it sends this preview's idempotency key, so the daemon compacts at most once."
              }
            />
          )
        )}
        {dryRun.isError && <RequestErrorNotice error={dryRun.error} action="Preview" sessionId={sessionId} onNavigate={onClose} />}

        <Tabs.Root className="mc-main" value={tab} onValueChange={(v) => setTab(v === 'compare' ? 'compare' : 'diff')}>
          <Tabs.List className="mc-tabs" aria-label="Preview">
            <Tabs.Trigger value="diff" className="mc-tabs__tab">
              Diff
            </Tabs.Trigger>
            <Tabs.Trigger value="compare" className="mc-tabs__tab">
              Compare proposals <span className="num faint">({pinned.length} pinned)</span>
            </Tabs.Trigger>
            {preview && !previewCurrent && (
              <span className="mc-tabs__stale" role="status">
                Settings changed since this preview ({describeSettings(preview.request)}): preview again to commit.
              </span>
            )}
          </Tabs.List>
          <Tabs.Content value="diff" className="mc-panel">
            {preview ? (
              <div className={dryRun.isPending ? 'mc-diff mc-diff--busy' : 'mc-diff'} aria-busy={dryRun.isPending}>
                {/* Keyed by the preview: folds, expanded rows and the change position belong to one proposal. */}
                <DryRunDiff key={preview.id} result={preview.result} />
              </div>
            ) : dryRun.isPending ? (
              <div className="mc-placeholder" aria-busy="true">
                <p className="muted">Running the dry run…</p>
              </div>
            ) : (
              <div className="mc-placeholder">
                <p className="mc-placeholder__title">No preview yet</p>
                <p className="muted">
                  Preview runs a dry run of these settings against the agent&apos;s current messages and shows, side by side, what would be superseded,
                  where the summary lands and what is always kept. Nothing is committed.
                </p>
              </div>
            )}
          </Tabs.Content>
          <Tabs.Content value="compare" className="mc-panel mc-panel--scroll">
            <CompareProposals
              columns={columns}
              staleBefore={staleBefore}
              onShow={(p) => {
                adopt(p);
                setTab('diff');
              }}
              onCommit={(p) => {
                adopt(p);
                setConfirming(true);
              }}
              onUnpin={(p) => unpin(sessionId, p.id)}
              commitDisabled={compact.isPending}
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>

      <footer className="mc-footer">
        <p className="mc-footer__status muted" aria-live="polite">
          {gate.ok && preview
            ? `Ready: supersedes ${formatCount(superseded)} messages, ${formatTokens(proposalFigures(preview.result).before)} → ${formatTokens(preview.result.record.after_estimate)} tokens.`
            : gate.ok
              ? ''
              : gate.reason}
        </p>
        <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
          <AlertDialog.Trigger asChild>
            <button type="button" className={gate.ok ? 'button button--primary' : 'button'} disabled={!gate.ok}>
              {compact.isPending ? 'Committing…' : 'Commit…'}
            </button>
          </AlertDialog.Trigger>
          <ConfirmCommit preview={preview} onConfirm={commit} />
        </AlertDialog.Root>
      </footer>
    </div>
  );
}

function ConfirmCommit({ preview, onConfirm }: { preview: Preview | null; onConfirm: () => void }) {
  if (!preview) return null;
  const { request, result } = preview;
  const r = result.record;
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="mc-overlay mc-overlay--confirm" />
      <AlertDialog.Content className="mc-confirm">
        <AlertDialog.Title className="mc-confirm__title">Commit this compaction?</AlertDialog.Title>
        <AlertDialog.Description asChild>
          <div className="mc-confirm__body">
            <dl className="mc-confirm__facts">
              <dt>Agent</dt>
              <dd className="mono">{request.agent_path}</dd>
              <dt>Strategy</dt>
              <dd>
                {request.strategy}
                {request.summarize !== undefined && <span className="muted"> · summarize {request.summarize ? 'on' : 'off'}</span>}
              </dd>
              <dt>Thresholds</dt>
              <dd className="num">
                upper {request.upper_threshold?.toFixed(2)} · lower {request.lower_threshold?.toFixed(2)}
              </dd>
              {request.prompt && (
                <>
                  <dt>Prompt</dt>
                  <dd className="mono">{request.prompt}</dd>
                </>
              )}
              <dt>Effect</dt>
              <dd className="num">
                supersedes {formatCount(r.superseded_message_ids.length)} of {formatCount(r.messages_before)} messages, {formatTokens(result.before_estimate)} →{' '}
                {formatTokens(r.after_estimate)} tokens
              </dd>
            </dl>
            <p className="muted">
              {request.strategy === 'checkpoint'
                ? 'The checkpoint strategy pauses the session until an operator approves the proposal.'
                : 'Superseded messages stay in storage: rolling back to the checkpoint before this compaction restores them.'}
            </p>
          </div>
        </AlertDialog.Description>
        <div className="mc-confirm__actions">
          <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
          <AlertDialog.Action className="button button--primary" onClick={onConfirm}>
            Commit compaction
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
