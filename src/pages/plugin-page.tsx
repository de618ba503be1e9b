import { Link, useParams } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorState } from '../components/error-state';
import { healthHref, reviewQueueHref } from '../lib/routes';
import { PluginActivity } from '../features/fleet-health/components/plugin-activity';
import { ScopeBar } from '../features/fleet-health/components/scope-bar';
import { useHealthScope } from '../features/fleet-health/hooks/use-health-scope';

/** /plugins/:name?project=…&range=…: one plugin across sessions, its versions side by side. */
export function PluginPage() {
  const { name = '' } = useParams();
  const [scope, update] = useHealthScope();
  return (
    <div className="page">
      <title>{`${name} · Compactor`}</title>
      <header className="page__header">
        <div>
          <nav className="page__crumbs" aria-label="Breadcrumb">
            <Link to={healthHref(new URLSearchParams({ dim: 'plugin' }))}>Compaction health</Link>
            <span aria-hidden="true">/</span>
            <span>Plugin</span>
          </nav>
          <div className="page__title">
            <h1>{name}</h1>
          </div>
        </div>
        <nav className="page__links" aria-label="Review">
          <Link to={reviewQueueHref(name)}>Review unrated events →</Link>
          <Link to={reviewQueueHref(name, 'bad')}>Review the bad ones again →</Link>
        </nav>
      </header>
      <ScopeBar scope={scope} onChange={update} />
      <ErrorBoundary fallback={(error, retry) => <ErrorState error={error} what={`the plugin ${name}`} onRetry={retry} />}>
        <PluginActivity plugin={name} scope={scope} />
      </ErrorBoundary>
    </div>
  );
}
