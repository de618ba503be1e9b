import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RequestErrorNotice } from '../../../components/compact-outcome';
import { ProposalRest } from '../../../components/proposal-rest';
import { commitGate, makePreview, type Preview } from '../../../domain/compaction/compact-preview';
import { toRequest, type AgentCompactionConfig } from '../../../domain/compaction/compact-form';
import { proposalFigures, supersededCount } from '../../../domain/diff/proposal-figures';
import { formatCount, formatTokens } from '../../../domain/format';
import { compactRequestToDraft } from '../../../domain/knobs/compact-request';
import { useWholeProposal } from '../../../hooks/use-whole-proposal';
import { useDryRun } from '../../../lib/api/endpoints/dry-run';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { promptsQuery } from '../../../lib/api/endpoints/list-prompts';
import { checkpointHref, knobsHref } from '../../../lib/routes';
import { useHistoryChangedAt } from '../../../stores/history-changes';
import { usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { useCommit } from '../hooks/use-commit';
import { useCompactSettings } from '../hooks/use-compact-settings';
import { canPinMore, MAX_PINNED, useCompareStore, usePinned } from '../lib/compare-store';
import { CommitNotices } from './commit-notices';
import type { CompareColumn } from './compare-proposals';
import { ConfirmCommit } from './confirm-commit';
import { PreviewTabs, type PreviewTab } from './preview-tabs';
import { SettingsPanel } from './settings-panel';
import '../../../components/notice.css';

/**
 * The compact dialog's body: the settings, Preview (the dry run, as a side-by-side diff), pinned
 * proposals compared, and Commit, possible only for a preview of the current settings, confirmed,
 * and sent with that preview's idempotency key.
 */
export function Workbench({ sessionId, initialConfig, onClose }: { sessionId: string; initialConfig: AgentCompactionConfig; onClose: () => void }) {
  const { data: session } = useQuery(sessionQuery(sessionId));
  const { data: prompts = [] } = useQuery(promptsQuery());
  const settings = useCompactSettings(sessionId, initialConfig);
  const { form, values, currentHash } = settings;
  const agent = session?.agents.find((a) => a.agent_path === values.agentPath);
  const [answered, setPreview] = useState<Preview | null>(null);
  // The first rows of a preview at once, the whole list once read from the same proposal.
  const whole = useWholeProposal(sessionId, answered);
  const { preview } = whole;
  const [tab, setTab] = useState<PreviewTab>('diff');
  const [confirming, setConfirming] = useState(false);
  const dryRun = useDryRun(sessionId);
  const commit = useCommit(sessionId, (target) => settings.committed(target.hash, target.request.agent_path));
  const pinned = usePinned(sessionId);
  const staleBefore = useHistoryChangedAt(sessionId);
  const pin = useCompareStore((s) => s.pin);
  const unpin = useCompareStore((s) => s.unpin);
  const mergeDraft = usePendingEditsStore((s) => s.mergeDraft);
  const navigate = useNavigate();

  const gate = commitGate({ preview, currentHash, valid: form.formState.isValid, pending: commit.compact.isPending, staleBefore, committed: commit.isCommitted(preview) });
  const previewCurrent = preview !== null && preview.hash === currentHash;

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
    settings.adopt(p.request);
    setPreview(p);
  };

  const columns: CompareColumn[] = pinned.map((p, i) => ({ preview: p, label: `Proposal ${String.fromCharCode(65 + i)}`, pinned: true }));
  if (preview && !pinned.some((p) => p.id === preview.id)) columns.push({ preview, label: 'Current preview', pinned: false });
  const isPinned = preview !== null && pinned.some((p) => p.id === preview.id);
  const superseded = preview ? supersededCount(preview.result) : 0;

  return (
    <div className="mc-body">
      <SettingsPanel
        settings={settings}
        agents={session?.agents ?? []}
        prompts={prompts}
        window={agent?.window}
        onPreview={(e) => void runPreview(e)}
        previewing={dryRun.isPending}
        previewCurrent={previewCurrent}
        onPin={() => preview && pin(preview)}
        canPin={preview !== null && canPinMore(pinned, preview)}
        pinned={isPinned}
        pinsFull={preview !== null && !isPinned && !canPinMore(pinned, preview) ? MAX_PINNED : null}
        onSaveAsSettings={() => void saveAsSettings()}
      />

      <div className="mc-main-col">
        {session?.compaction_pending && (
          <div className="callout callout--warn" role="status">
            A compaction proposal is waiting for approval: previews work, but a commit is refused until it is resolved.{' '}
            {session.pending_checkpoint_id && (
              <Link to={checkpointHref(sessionId, session.pending_checkpoint_id)} onClick={onClose}>
                Review it
              </Link>
            )}
          </div>
        )}
        <CommitNotices sessionId={sessionId} outcome={commit.outcome} error={commit.compact.isError ? commit.compact.error : null} reread={commit.reread} onClose={onClose} />
        {dryRun.isError && <RequestErrorNotice error={dryRun.error} action="Preview" sessionId={sessionId} onNavigate={onClose} />}
        <ProposalRest whole={whole} onPreviewAgain={() => void runPreview()} previewing={dryRun.isPending} />
        <PreviewTabs
          tab={tab}
          onTabChange={setTab}
          preview={preview}
          previewCurrent={previewCurrent}
          previewing={dryRun.isPending}
          columns={columns}
          pinnedCount={pinned.length}
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
          commitDisabled={commit.compact.isPending}
        />
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
              {commit.compact.isPending ? 'Committing…' : 'Commit…'}
            </button>
          </AlertDialog.Trigger>
          <ConfirmCommit
            preview={preview}
            onConfirm={() => {
              setConfirming(false);
              commit.commit(preview);
            }}
          />
        </AlertDialog.Root>
      </footer>
    </div>
  );
}
