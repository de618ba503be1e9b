import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AuditLog } from '../features/audit-log/components/audit-log';
import { readAuditSearch, writeAuditSearch, type AuditSearch } from '../features/audit-log/lib/audit-search';

/** /audit: every audit event (no-ops and failures without a record included), filtered in the URL. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const search = useMemo(() => readAuditSearch(new URLSearchParams(text)), [text]);
  const update = useCallback((patch: Partial<AuditSearch>) => setParams((current) => writeAuditSearch(current, patch), { preventScrollReset: true }), [setParams]);
  return (
    <div className="page">
      <title>Audit log · Compactor</title>
      <header className="page__header">
        <div className="page__title">
          <h1>Audit log</h1>
          <span className="muted">every compaction, no-op, failure, flag, checkpoint, rollback and config change</span>
        </div>
      </header>
      <AuditLog search={search} onSearchChange={update} />
    </div>
  );
}
