import { ConfirmContent } from '../../../components/confirm-content';
import { formatCount, formatThreshold, formatTokens } from '../../../domain/format';
import type { Preview } from '../../../domain/compaction/compact-preview';
import { supersededCount } from '../../../domain/diff/proposal-figures';
import '../../../components/dialog.css';

/** "Commit this compaction?": the settings and the effect of the preview about to be committed. */
export function ConfirmCommit({ preview, onConfirm }: { preview: Preview | null; onConfirm: () => void }) {
  if (!preview) return null;
  const { request, result } = preview;
  const r = result.record;
  return (
    <ConfirmContent
      title="Commit this compaction?"
      description={
        <div className="confirm-dialog__body">
          <dl className="confirm-dialog__facts">
            <dt>Agent</dt>
            <dd className="mono">{request.agent_path}</dd>
            <dt>Strategy</dt>
            <dd>
              {request.strategy}
              {request.summarize !== undefined && <span className="muted"> · summarize {request.summarize ? 'on' : 'off'}</span>}
            </dd>
            <dt>Thresholds</dt>
            <dd className="num">
              upper {request.upper_threshold === undefined ? '—' : formatThreshold(request.upper_threshold)} · lower {request.lower_threshold === undefined ? '—' : formatThreshold(request.lower_threshold)}
            </dd>
            {request.prompt && (
              <>
                <dt>Prompt</dt>
                <dd className="mono">{request.prompt}</dd>
              </>
            )}
            <dt>Effect</dt>
            <dd className="num">
              supersedes {formatCount(supersededCount(result))} of {formatCount(r.messages_before)} messages, {formatTokens(result.before_estimate)} →{' '}
              {formatTokens(r.after_estimate)} tokens
            </dd>
          </dl>
          <p className="muted">
            {request.strategy === 'checkpoint'
              ? 'The checkpoint strategy pauses the session until an operator approves the proposal.'
              : 'Superseded messages stay in storage: rolling back to the checkpoint before this compaction restores them.'}
          </p>
        </div>
      }
      confirmLabel="Commit compaction"
      onConfirm={onConfirm}
    />
  );
}
