import { ErrorBoundary } from '../../../components/error-boundary';
import { ErrorState } from '../../../components/error-state';
import { StatsPanel } from '../../compaction-stats/components/stats-panel';
import { useLedgerLive } from '../../compaction-ledger/hooks/use-ledger-live';
import { useLedgerSearch } from '../../../lib/use-ledger-search';
import { LedgerPanel } from '../../compaction-ledger/components/ledger-panel';
import { ConflictDialog, SaveNotices } from '../../compaction-ledger/components/save-feedback';

/**
 * The session's compaction view: live stats and the event ledger, for one agent or all (the
 * agent, the ledger's filters and its sort are in the URL), kept live by the event stream. Each
 * panel keeps a failure (a bug included) to itself.
 */
export function SessionCompactionView({ sessionId }: { sessionId: string }) {
  const [search, updateSearch] = useLedgerSearch();
  useLedgerLive();
  return (
    <>
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what="the compaction stats" onRetry={retry} />}>
        <StatsPanel sessionId={sessionId} search={search} onSearchChange={updateSearch} />
      </ErrorBoundary>
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what="the compaction ledger" onRetry={retry} />}>
        <LedgerPanel sessionId={sessionId} search={search} onSearchChange={updateSearch} />
      </ErrorBoundary>
      <SaveNotices />
      <ConflictDialog />
    </>
  );
}
