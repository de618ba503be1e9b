import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ConfirmContent } from '../../../components/confirm-content';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { DiffView } from '../../../components/diff/diff-view';
import { Figure } from '../../../components/diff/dry-run-diff';
import { PrunedContext } from '../../../components/diff/pruned-context';
import type { CompactionRecord } from '../../../domain/contract/types';
import { buildDiffModel } from '../../../domain/diff/align';
import { prunedById } from '../../../domain/diff/proposal-figures';
import { contextTotal } from '../../../domain/accounting/context';
import { describeContextParts } from '../../../domain/accounting/describe';
import { formatCount, formatTokens } from '../../../domain/format';
import { compactionHref } from '../../../lib/routes';
import type { Checkpoint } from '../api/list-checkpoints';
import { agentHistoryQuery } from '../../../lib/api/endpoints/list-messages';
import { rollbackPreviewQuery } from '../api/rollback-checkpoint';
import { rollbackLists } from '../lib/rollback-lists';
import '../../../components/notice.css';

/** What rolling back to the checkpoint would do: the figures, the compactions it undoes, the lists side by side; confirmed before it is applied. */
export function RollbackPreview({
  sessionId,
  point,
  records,
  pending,
  onConfirm,
}: {
  sessionId: string;
  point: Checkpoint;
  records: ReadonlyMap<string, CompactionRecord>;
  pending: boolean;
  onConfirm: () => void;
}) {
  // Not asked again while the rollback is out: a live frame of the rollback itself would refetch it, and the daemon answers 409.
  const preview = useQuery({ ...rollbackPreviewQuery(sessionId, point.id), enabled: !point.rolled_back && !pending });
  const history = useQuery(agentHistoryQuery(sessionId, point.agent_path));
  const lists = useMemo(() => (preview.data && history.data ? rollbackLists(history.data, preview.data) : null), [preview.data, history.data]);
  const model = useMemo(() => (lists ? buildDiffModel(lists.before, lists.after, { afterOnly: () => 'added' }) : null), [lists]);
  const pruned = useMemo(() => prunedById({ pruned: preview.data?.pruned }), [preview.data]);

  if (point.rolled_back) return <p className="callout">This checkpoint was already rolled back to.</p>;
  if (preview.isError) return <ErrorState error={preview.error} what="the rollback preview" onRetry={() => void preview.refetch()} />;
  if (history.isError) return <ErrorState error={history.error} what="the agent's history" onRetry={() => void history.refetch()} />;
  if (!preview.data || !lists || !model) {
    return (
      <div className="rb-preview" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height="100%" />
      </div>
    );
  }
  const result = preview.data;
  const undone = result.rolled_back_compaction_ids;
  return (
    <div className="rb-preview">
      <div className="rb-summary">
        <dl className="diff-totals__figures rb-summary__figures">
          <div>
            <dt>Context</dt>
            <dd className="num" title={`now: ${describeContextParts(result.estimate_before)}; after the rollback: ${describeContextParts(result.estimate_after)}`}>
              {formatTokens(contextTotal(result.estimate_before))} → <span data-testid="rollback-context-after">{formatTokens(contextTotal(result.estimate_after))}</span>{' '}
              <span className="faint">{describeContextParts(result.estimate_after, { short: true, total: false })}</span>
            </dd>
          </div>
          <div>
            <dt>Restores</dt>
            <dd className="num">
              <span data-testid="rollback-restore-count">{formatCount(result.restore_message_ids.length)}</span> <span className="faint">{formatTokens(lists.tokens.restored)} tok, un-superseded</span>
            </dd>
          </div>
          <div>
            <dt>Supersedes</dt>
            <dd className="num">
              {formatCount(result.supersede_message_ids.length)} <span className="faint">summaries of the undone compactions, messages after the checkpoint</span>
            </dd>
          </div>
          {lists.tokens.prunedCount > 0 && (
            <div>
              <dt>Pruned</dt>
              <dd className="num">
                {formatCount(lists.tokens.prunedCount)} <span className="faint">tool outputs the pre-pass shortens after it, −{formatTokens(lists.tokens.pruned)} tok</span>
              </dd>
            </div>
          )}
          <div>
            <dt>Active messages</dt>
            <dd className="num">
              {formatCount(lists.before.length)} → {formatCount(lists.after.length)}{' '}
              <span className="faint">
                {formatTokens(lists.tokens.before)} → {formatTokens(lists.tokens.after)} tok
              </span>
            </dd>
          </div>
        </dl>
        <p className="diff-totals__sum num rb-summary__sum" aria-label="How the figures add up">
          <Figure label="before" tokens={lists.tokens.before} /> − <Figure label="superseded" tokens={lists.tokens.superseded} /> +{' '}
          <Figure label="restored" tokens={lists.tokens.restored} />
          {lists.tokens.prunedCount > 0 && (
            <>
              {' '}
              − <Figure label="pruned" tokens={lists.tokens.pruned} />
            </>
          )}{' '}
          = <Figure label="after" tokens={lists.tokens.after} />
          {!lists.tokens.balanced && <span className="diff-totals__warn"> (the daemon&apos;s lists do not add up)</span>}
        </p>
        <p className="rb-summary__undone">
          <span className="muted">Undoes {formatCount(undone.length)} {undone.length === 1 ? 'compaction' : 'compactions'}:</span>{' '}
          {undone.map((id, i) => {
            const r = records.get(id);
            return (
              <span key={id}>
                {i > 0 && ', '}
                <Link to={compactionHref(sessionId, id)} className="mono">
                  {id}
                </Link>
                {r && <span className="faint"> ({r.strategy})</span>}
              </span>
            );
          })}
        </p>
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild>
            <button type="button" className="button button--primary rb-summary__confirm" disabled={pending}>
              {pending ? 'Rolling back…' : 'Roll back…'}
            </button>
          </AlertDialog.Trigger>
          <ConfirmContent
            title={<>Roll back to {point.id}?</>}
            description={
              <p className="muted">
                {formatCount(result.restore_message_ids.length)} messages are restored and {formatCount(result.supersede_message_ids.length)} superseded;{' '}
                {formatCount(undone.length)} {undone.length === 1 ? 'compaction is' : 'compactions are'} marked rolled back. The rollback is audited.
              </p>
            }
            confirmLabel="Roll back"
            onConfirm={onConfirm}
          />
        </AlertDialog.Root>
      </div>
      <div className="rb-diff">
        <PrunedContext value={pruned}>
        <DiffView
          model={model}
          beforeLabel="Now · active list"
          afterLabel="After the rollback"
          labels={{ superseded: 'superseded by the rollback', added: 'restored' }}
          ariaLabel="Rollback preview"
        />
        </PrunedContext>
      </div>
    </div>
  );
}
