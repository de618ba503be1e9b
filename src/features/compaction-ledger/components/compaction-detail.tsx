import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { DataNotices } from '../../../components/data-notices';
import { checkRecord, checkRecordSession, checkTimestamp } from '../../../domain/plausibility';
import { useLatest } from '../../../hooks/use-latest';
import { useNow } from '../../../hooks/use-now';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Badge } from '../../../components/status-badge';
import { formatCount, formatTokens } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { compactionQuery } from '../api/get-compaction';
import { ALL_SESSIONS } from '../api/list-compactions';
import { cachedRecord } from '../api/record-cache';
import { useEventNeighbours } from '../hooks/use-event-neighbours';
import { ledgerViewKey, useLedgerCursor } from '../hooks/use-ledger-cursor';
import { useSaveFlag } from '../hooks/use-save-flag';
import { keyActionOf } from '../lib/keyboard';
import { ledgerSearchString } from '../../../domain/ledger-search';
import { AuditTrail } from './audit-trail';
import { detailPath } from '../lib/detail-path';
import { DetailSkeleton } from './compaction-detail-skeleton';
import { EventHeader, useEventView } from './event-header';
import { EstimatesBar, FallbackChain, PLUGIN_ROWS, PluginsFired, RecordFacts } from './record-sections';
import { ConflictDialog, SaveNotices } from './save-feedback';
import { SupersededMessages } from './superseded-messages';
import { RereadPanel } from './reread-panel';
import { VerdictPanel } from './verdict-panel';
import '../../../components/panel.css';
import '../../../components/detail-section.css';
import './compaction-detail.css';

/**
 * The detail query. The ledger's cached copy stands in while it is read (instant j/k walking) and
 * after a failed read, but is never stored as the record: a failure stays an error, said beside it.
 */
function useRecord(sessionId: string, compactionId: string) {
  const queryClient = useQueryClient();
  const read = useQuery({
    ...compactionQuery(sessionId, compactionId),
    placeholderData: () => cachedRecord(queryClient, sessionId, compactionId),
  });
  const data = read.data ?? (read.isError ? cachedRecord(queryClient, sessionId, compactionId) : undefined);
  return { data, error: read.error, isError: read.isError, isPending: read.isPending, refetch: read.refetch };
}

/** What an event did: figures, estimates, summary and key facts, superseded messages, plugins (the detail page, the review queue). */
export function EventEvidence({ record }: { record: CompactionRecord }) {
  const now = useNow();
  const notices = useMemo(() => {
    const date = checkTimestamp('Its time', record.created_at, now);
    const huge = record.plugins_fired.length > PLUGIN_ROWS ? [{ kind: 'list-huge', message: `${formatCount(record.plugins_fired.length)} plugin hook calls in one compaction; the first ${PLUGIN_ROWS} are listed.` }] : [];
    return [...checkRecord(record), ...(date ? [date] : []), ...huge];
  }, [record, now]);
  return (
      <div className="event-detail__main">
        <DataNotices notices={notices} where="this compaction" />
        <section className="panel" aria-label="Record">
          <RecordFacts record={record} />
          <div className="detail-section">
            <h3>Estimates against the thresholds</h3>
            <EstimatesBar record={record} />
          </div>
        </section>
        <section className="panel" aria-labelledby="summary-title">
          <header className="panel__header">
            <h2 id="summary-title">Summary</h2>
            {record.summary_tokens !== null && <span className="panel__aside num">{formatTokens(record.summary_tokens)} tokens</span>}
          </header>
          <div className="detail-section">
            {record.summary ? <p className="event-detail__text">{record.summary}</p> : <p className="muted">This strategy wrote no summary: the superseded messages were dropped.</p>}
            {record.key_facts.length > 0 && (
              <>
                <h3>Key facts</h3>
                <ul className="event-detail__facts">
                  {record.key_facts.map((fact, i) => (
                    <li key={`${i}-${fact}`}>{fact}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className="detail-section detail-section--flush">
            <SupersededMessages record={record} />
          </div>
        </section>
        <RereadPanel record={record} />
        <section className="panel" aria-labelledby="plugins-title">
          <header className="panel__header">
            <h2 id="plugins-title">Plugins fired</h2>
            <span className="panel__aside num">{formatCount(record.plugins_fired.length)} hook calls</span>
          </header>
          <div className="detail-section">
            <PluginsFired record={record} />
          </div>
        </section>
      </div>
  );
}

function EventBody({ record }: { record: CompactionRecord }) {
  return (
    <div className="event-detail__grid">
      <EventEvidence record={record} />
      <div className="event-detail__side">
        <section className="panel" aria-labelledby="verdict-title">
          <header className="panel__header">
            <h2 id="verdict-title">Operator verdict</h2>
          </header>
          <div className="detail-section">
            <VerdictPanel record={record} />
          </div>
        </section>
        <section className="panel" aria-labelledby="chain-title">
          <header className="panel__header">
            <h2 id="chain-title">Strategy and fallback chain</h2>
            {record.fallback_occurred && <Badge tone="warn">fell back</Badge>}
          </header>
          <div className="detail-section">
            <FallbackChain record={record} />
          </div>
        </section>
        <section className="panel" aria-labelledby="audit-title">
          <header className="panel__header">
            <h2 id="audit-title">Audit events</h2>
          </header>
          <div className="detail-section">
            <AuditTrail sessionId={record.session_id} compactionId={record.id} />
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * One compaction in full (the page at /sessions/:sessionId/compactions/:compactionId): its figures, the
 * estimates against its thresholds, the summary and the superseded messages, each plugin hook,
 * the fallback chain, the audit events, and the operator's flag and notes. The ledger view it was
 * opened from rides along in the URL (its session's, or the one across sessions: `across=1`):
 * previous/next (k/j) walk that view, and "Back to the ledger" returns to it.
 */
export function CompactionDetail({ sessionId, compactionId }: { sessionId: string; compactionId: string }) {
  const view = useEventView(sessionId);
  const { search, across } = view;
  const navigate = useNavigate();
  const { save } = useSaveFlag();
  const sessionRead = useQuery(sessionQuery(sessionId));
  const record = useRecord(sessionId, compactionId);
  const neighbours = useEventNeighbours(across ? null : sessionId, compactionId, search);
  const setCursor = useLedgerCursor((s) => s.set);
  // A record of another session at this session's address: named, its content not shown as this session's.
  const foreign = record.data ? checkRecordSession(record.data, sessionId) : null;

  // The ledger shows this event as the cursor row when the operator goes back.
  useEffect(
    () => setCursor(ledgerViewKey(across ? ALL_SESSIONS : sessionId, ledgerSearchString(search)), compactionId),
    [across, sessionId, compactionId, search, setCursor],
  );

  // The keys act on what the page shows from the commit that draws it (a key pressed at once after a
  // navigation was lost while the listener waited for the passive effects).
  const keys = useLatest({ neighbours, record: record.data, search, across });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = keyActionOf(event);
      const { neighbours: n, record: current, search: s, across: a } = keys.current;
      if (!action) return;
      // Moving needs only the neighbours: the record may still be loading.
      if (action.type === 'move') {
        const to = action.delta > 0 ? n.next : n.previous;
        if (!to) return;
        event.preventDefault();
        void navigate(detailPath(to.session_id, to.id, s, a));
      } else if (action.type === 'flag' && current) {
        event.preventDefault();
        if (current.operator_flag !== action.flag) save({ sessionId, compactionId: current.id, edit: { flag: action.flag }, baseVersion: current.version });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys, navigate, save, sessionId]);

  return (
    <div className="page event-detail">
      <title>{`Compaction ${compactionId} · Compactor`}</title>
      <EventHeader
        sessionId={sessionId}
        compactionId={compactionId}
        view={view}
        place={neighbours}
        record={record.data}
        replayable={!foreign}
      />
      {/* Each read that failed is said, even where something else stands in for it. */}
      <div className="event-detail__problems">
        {record.isError && record.data && (
          <ErrorState error={record.error} what="this compaction (shown: the ledger's copy, which may be out of date)" onRetry={() => void record.refetch()} />
        )}
        {sessionRead.isError && <ErrorState error={sessionRead.error} what="its session (its id stands in for the title)" onRetry={() => void sessionRead.refetch()} />}
        {neighbours.error !== null && <ErrorState error={neighbours.error} what="the ledger view (previous and next are not known)" onRetry={neighbours.retry} />}
      </div>
      {record.isPending ? (
        <DetailSkeleton />
      ) : record.isError && !record.data ? (
        <section className="panel">
          <ErrorState error={record.error} what="this compaction" onRetry={() => void record.refetch()} />
        </section>
      ) : foreign ? (
        <DataNotices notices={[foreign]} where="this address" />
      ) : (
        record.data && <EventBody record={record.data} />
      )}
      <SaveNotices />
      <ConflictDialog />
    </div>
  );
}
