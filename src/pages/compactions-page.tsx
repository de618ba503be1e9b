import { Link } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorState } from '../components/error-state';
import { healthHref } from '../lib/routes';
import { useLedgerSearch } from '../hooks/use-ledger-search';
import { LedgerPanel } from '../features/compaction-ledger/components/ledger-panel';
import { ConflictDialog, SaveNotices } from '../features/compaction-ledger/components/save-feedback';

/**
 * /compactions: the ledger across sessions (the session ledger, unscoped): every session's events,
 * filtered by project, session, agent, strategy, trigger, plugin, model, flag, fallback and time,
 * all in the URL. The health view's charts and tables drill into it.
 */
export function CompactionsPage() {
  const [search, updateSearch] = useLedgerSearch();
  return (
    <div className="page">
      <title>Compactions · Compactor</title>
      <header className="page__header">
        <div>
          <nav className="page__crumbs" aria-label="Breadcrumb">
            <Link to={search.project ? healthHref(new URLSearchParams({ project: search.project })) : healthHref()}>Compaction health</Link>
            <span aria-hidden="true">/</span>
            <span>Compactions</span>
          </nav>
          <div className="page__title">
            <h1>Compactions</h1>
            <span className="muted">every session{search.project ? ` of ${search.project}` : ''}</span>
          </div>
        </div>
      </header>
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what="the compaction ledger" onRetry={retry} />}>
        <LedgerPanel sessionId={null} search={search} onSearchChange={updateSearch} />
      </ErrorBoundary>
      <SaveNotices />
      <ConflictDialog />
    </div>
  );
}
