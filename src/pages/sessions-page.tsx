import { Suspense } from 'react';
import { Panel } from '../components/panel';
import { lazyComponent } from '../lib/lazy-component';
import { useSessionSearch } from '../features/sessions/hooks/use-session-search';
import { SessionsTable } from '../features/sessions/components/sessions-table';
import { SessionsTableSkeleton } from '../features/sessions/components/sessions-table-skeleton';
import { SessionsHeader } from './sessions-header';

/**
 * Transcript import (simulator only): its own chunk, so the list's first screen carries none of it.
 * The button shows once the daemon has answered that it can import, so loading it later moves nothing.
 */
const ImportButton = lazyComponent(() => import('../features/imports/components/import-button').then((m) => m.ImportButton));

/** /sessions: every session, filtered and sorted as the URL says; transcripts imported here when the daemon is the simulator. */
export function SessionsPage() {
  const [search, setSearch] = useSessionSearch();
  return (
    <div className="page">
      <SessionsHeader
        search={search}
        onSearchChange={setSearch}
        tools={
          <Suspense fallback={null}>
            <ImportButton />
          </Suspense>
        }
      />
      <Panel what="the sessions" skeleton={<SessionsTableSkeleton />}>
        <SessionsTable search={search} onSearchChange={setSearch} />
      </Panel>
    </div>
  );
}
