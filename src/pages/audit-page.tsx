import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AuditLog } from '../features/audit-log/components/audit-log';
import { readAuditSearch, writeAuditSearch } from '../features/audit-log/lib/audit-search';
import { sessionsQuery } from '../features/sessions/api/list-sessions';
import { useUrlSearch } from '../hooks/use-url-search';

/** /audit: every audit event (no-ops and failures without a record included), filtered in the URL. */
export function AuditPage() {
  const [search, update] = useUrlSearch(readAuditSearch, writeAuditSearch);
  // Sessions named by their titles; ids until the list is read (or when it cannot be).
  const sessions = useQuery(sessionsQuery());
  const titles = useMemo(() => new Map((sessions.data ?? []).map((s) => [s.id, s.title])), [sessions.data]);
  return (
    <div className="page">
      <title>Audit log · Compactor</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Audit log</h1>
          <span className="muted">every compaction, no-op, failure, flag, checkpoint, rollback and config change</span>
        </div>
      </header>
      <AuditLog search={search} onSearchChange={update} titles={titles} />
    </div>
  );
}
