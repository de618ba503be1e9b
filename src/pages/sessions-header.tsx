import type { ReactNode } from 'react';
import type { UpdateSessionSearch } from '../features/sessions/hooks/use-session-search';
import type { SessionListSearch } from '../features/sessions/lib/session-search';
import { SessionFilters } from '../features/sessions/components/session-filters';

/** The sessions list's heading (also drawn while the page's code loads): its title, the page's tools beside it, and the filters. */
export function SessionsHeader({ search, onSearchChange, tools }: { search: SessionListSearch; onSearchChange: UpdateSessionSearch; tools?: ReactNode }) {
  return (
    <>
      <title>Sessions · Compactor</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Sessions</h1>
          {tools}
        </div>
        <SessionFilters search={search} onSearchChange={onSearchChange} />
      </header>
    </>
  );
}
