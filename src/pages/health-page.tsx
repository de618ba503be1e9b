import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorState } from '../components/error-state';
import { compactionsHref } from '../lib/routes';
import { ledgerSearchString, EMPTY_SEARCH } from '../domain/ledger-search';
import { useHealthScope } from '../features/fleet-health/hooks/use-health-scope';
import { BreakdownPanel } from '../features/fleet-health/components/breakdown-panel';
import { HealthOverview } from '../features/fleet-health/components/health-overview';
import { ScopeBar } from '../features/fleet-health/components/scope-bar';
import { SpiralsCallout } from '../features/fleet-health/components/spirals-callout';
import { TopSessionsPanel } from '../features/fleet-health/components/top-sessions-panel';

function Guarded({ what, children }: { what: string; children: ReactNode }) {
  return <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what={what} onRetry={retry} />}>{children}</ErrorBoundary>;
}

/**
 * /health?project=…&range=…: compaction health across sessions (one project or all): spirals first,
 * then the figures, charts and tables of the time range, each drilling into /compactions.
 */
export function HealthPage() {
  const [scope, update] = useHealthScope();
  return (
    <div className="page">
      <title>{`Compaction health${scope.project ? ` · ${scope.project}` : ''} · Compactor`}</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Compaction health</h1>
          <span className="muted">{scope.project ?? 'all projects'}</span>
        </div>
        <Link to={compactionsHref(ledgerSearchString({ ...EMPTY_SEARCH, project: scope.project }))}>All compactions →</Link>
      </header>
      <ScopeBar scope={scope} onChange={update} />
      <Guarded what="the spirals">
        <SpiralsCallout scope={scope} onChange={update} />
      </Guarded>
      <section className="panel" aria-label="Health">
        <Guarded what="the compaction health">
          <HealthOverview scope={scope} onChange={update} />
        </Guarded>
      </section>
      <Guarded what="the breakdown">
        <BreakdownPanel scope={scope} onChange={update} />
      </Guarded>
      <Guarded what="the top sessions">
        <TopSessionsPanel scope={scope} />
      </Guarded>
    </div>
  );
}
