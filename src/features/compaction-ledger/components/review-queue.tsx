import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { FLAG_LABELS } from '../../../domain/compaction/labels';
import { formatCount, formatDateTime } from '../../../domain/format';
import { useLatest } from '../../../hooks/use-latest';
import { compactionHref, sessionHref } from '../../../lib/routes';
import { reviewQueueQuery } from '../api/get-review-queue';
import { useSaveFlag } from '../hooks/use-save-flag';
import { keyActionOf } from '../lib/keyboard';
import { NO_PROGRESS, reviewQueueKey, useReviewProgress } from '../lib/review-progress';
import type { FlagFilter } from '../../../domain/ledger-search';
import { EventEvidence } from './compaction-detail';
import '../../../components/detail-section.css';
import './compaction-detail.css';
import './review-queue.css';
import { FLAGS } from '../../../domain/contract/enums.gen';

const KEYS: Record<Schemas['Flag'], string> = { good: 'g', bad: 'b', neutral: 'n' };

/** The verdict on the event under review: g/b/n choose the flag, Enter (or Ctrl+Enter in the note) saves and moves on. */
function ReviewVerdict({ record, onSave, onSkip }: { record: CompactionRecord; onSave: (flag: Schemas['Flag'], notes: string) => void; onSkip: () => void }) {
  // Reviewed again, an event starts from its flag: Enter keeps it, g/b/n change it.
  const [flag, setFlag] = useState<Schemas['Flag'] | null>(record.operator_flag);
  const [notes, setNotes] = useState(record.operator_notes ?? '');
  // Enter right after g/b/n saves the flag just chosen.
  const state = useLatest({ flag, notes });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyActionOf(event);
      if (!action) return;
      if (action.type === 'flag') {
        event.preventDefault();
        setFlag(action.flag);
      } else if (action.type === 'open' && state.current.flag) {
        event.preventDefault();
        onSave(state.current.flag, state.current.notes);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onSave, state]);
  return (
    <form
      className="review-verdict"
      aria-label="Verdict"
      onSubmit={(event) => {
        event.preventDefault();
        if (flag) onSave(flag, notes);
      }}
    >
      {record.operator_flag && (
        <p className="muted review-verdict__was">
          Flagged {FLAG_LABELS[record.operator_flag].toLowerCase()}
          {record.flagged_by ? ` by ${record.flagged_by}` : ''}
          {record.flagged_at ? ` at ${formatDateTime(record.flagged_at)}` : ''}
        </p>
      )}
      <div className="review-verdict__flags" role="group" aria-label="Flag">
        {FLAGS.map((f) => (
          <button key={f} type="button" className={`button review-verdict__flag review-verdict__flag--${f}`} aria-pressed={flag === f} onClick={() => setFlag(f)}>
            {FLAG_LABELS[f]} <kbd>{KEYS[f]}</kbd>
          </button>
        ))}
      </div>
      <label className="review-verdict__notes">
        <span>Note</span>
        <textarea
          className="input"
          rows={4}
          value={notes}
          placeholder="What was good or bad about this compaction (optional)"
          onChange={(event) => setNotes(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && flag) {
              event.preventDefault();
              onSave(flag, notes);
            }
          }}
        />
      </label>
      <div className="review-verdict__actions">
        <button type="submit" className="button button--primary" disabled={!flag}>
          Save and next <kbd>Enter</kbd>
        </button>
        <button type="button" className="button button--quiet" onClick={onSkip}>
          Skip
        </button>
      </div>
    </form>
  );
}

/** What a queue walks, in words: "unrated", "flagged bad". */
function walked(flag: FlagFilter): string {
  return flag === 'unflagged' ? 'unrated' : `flagged ${flag}`;
}

/**
 * "Review unrated events of plugin X" (or those flagged bad, to review again after a plugin
 * change): one event at a time across sessions, oldest first, with its evidence and a verdict;
 * saving moves to the next, and the place is kept in this browser so leaving and coming back
 * resumes where the operator stopped.
 */
export function ReviewQueue({ plugin, flag }: { plugin: string; flag: FlagFilter }) {
  const key = reviewQueueKey(plugin, flag);
  const progress = useReviewProgress((s) => s.byQueue[key] ?? NO_PROGRESS);
  const begin = useReviewProgress((s) => s.begin);
  const reviewed = useReviewProgress((s) => s.reviewed);
  const restart = useReviewProgress((s) => s.restart);
  const queryClient = useQueryClient();
  const queue = useQuery({ ...reviewQueueQuery(plugin, flag, progress.startedAt, progress.after), placeholderData: keepPreviousData });
  const switching = queue.isPlaceholderData;
  const { save } = useSaveFlag();
  const data = queue.data;

  useEffect(() => {
    if (!data || switching || progress.startedAt !== null) return;
    // The daemon's answer is the queue from its start: keep it under the started_at key rather than asking again.
    queryClient.setQueryData(reviewQueueQuery(plugin, flag, data.started_at, null).queryKey, data);
    begin(key, data.started_at);
  }, [data, switching, progress.startedAt, begin, plugin, flag, key, queryClient]);

  if (queue.isError && !data) return <ErrorState error={queue.error} what="the review queue" onRetry={() => void queue.refetch()} />;
  if (!data) return <Skeleton height={480} />;

  const item = data.item;
  const header = (
    <div className="review-progress" aria-live="polite">
      <strong className="num">{data.position > 0 ? `${formatCount(data.position)} of ${formatCount(data.total)}` : `${formatCount(data.total)} reviewed`}</strong>
      <span className="muted num">
        {formatCount(data.remaining)} {walked(flag)} after this one
      </span>
      <progress max={Math.max(1, data.total)} value={Math.max(0, data.position - 1)} aria-label="Review progress" />
      <button type="button" className="button button--quiet" onClick={() => restart(key)}>
        Start over
      </button>
    </div>
  );
  if (!item || !data.session) {
    return (
      <>
        {header}
        {flag === 'unflagged' ? (
          <EmptyState title={`No unrated event of ${plugin} left`}>Every event this plugin fired in has a flag.</EmptyState>
        ) : (
          <EmptyState title={`No event of ${plugin} ${walked(flag)} left to review`}>Every event of this plugin {walked(flag)} when this review began has been reviewed again.</EmptyState>
        )}
      </>
    );
  }
  // Only the event already saved or skipped is refused (a second Enter while the next one loads);
  // a refetch of the one shown must not swallow the operator's verdict.
  const alreadyReviewed = () => useReviewProgress.getState().byQueue[key]?.after === item.id;
  const onSave = (flag: Schemas['Flag'], notes: string) => {
    if (alreadyReviewed()) return;
    const edit = notes !== (item.operator_notes ?? '') ? { flag, notes } : { flag };
    save({ sessionId: item.session_id, compactionId: item.id, edit, baseVersion: item.version });
    reviewed(key, item.id);
  };
  return (
    <>
      {header}
      <div className={switching ? 'event-detail review-item review-item--switching' : 'event-detail review-item'} aria-busy={switching || undefined}>
        <header className="review-item__head">
          <h2>
            <Link to={compactionHref(item.session_id, item.id)} className="mono">
              {item.id}
            </Link>
          </h2>
          <span>
            in <Link to={sessionHref(data.session.id)}>{data.session.title}</Link> <span className="muted">({data.session.project_id})</span>
          </span>
          <span className="muted num">{formatDateTime(item.created_at)}</span>
        </header>
        <div className="event-detail__grid">
          <EventEvidence record={item} />
          <div className="event-detail__side">
            <section className="panel" aria-labelledby="review-verdict-title">
              <header className="panel__header">
                <h2 id="review-verdict-title">Your verdict</h2>
              </header>
              <div className="detail-section">
                <ReviewVerdict key={item.id} record={item} onSave={onSave} onSkip={() => !alreadyReviewed() && reviewed(key, item.id)} />
              </div>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
