import { Panel } from '../components/panel';
import { useSessionSearch } from '../features/sessions/hooks/use-session-search';
import { SessionFilters } from '../features/sessions/components/session-filters';
import { SessionsTable } from '../features/sessions/components/sessions-table';
import { SessionsTableSkeleton } from '../features/sessions/components/sessions-table-skeleton';

/** /sessions: every session, filtered and sorted as the URL says. */
export function SessionsPage() {
  const [search, setSearch] = useSessionSearch();
  return (
    <div className="page">
      <title>Sessions · Compactor</title>
      <header className="page__header">
        <h1>Sessions</h1>
        <SessionFilters search={search} onSearchChange={setSearch} />
      </header>
      <Panel what="the sessions" skeleton={<SessionsTableSkeleton />}>
        <SessionsTable search={search} onSearchChange={setSearch} />
      </Panel>
    </div>
  );
}
