import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { formatCount } from '../../../lib/format';
import type { Schemas } from '../../../lib/api/types';
import { compactionStatsQuery } from '../../../lib/api/endpoints/get-compaction-stats';
import { cachedRecord } from '../api/record-cache';
import { useLedgerExport } from '../hooks/use-export';
import { useLedger } from '../hooks/use-ledger';
import type { UpdateLedgerSearch } from '../../../lib/use-ledger-search';
import { useSaveFlag } from '../hooks/use-save-flag';
import { activeFilterCount, type LedgerSearch } from '../../../lib/ledger-search';
import { LedgerActionsContext, type LedgerActions } from './ledger-context';
import { LedgerTable } from './ledger-table';
import { ColumnsMenu, ExportMenu, LedgerFilters } from './ledger-toolbar';
import '../../../components/panel.css';
import './filter-menu.css';
import './ledger.css';

interface LedgerPanelProps {
  sessionId: string;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
}

/** The compaction ledger of a session: filters, the count, columns, export, and the rows. */
export function LedgerPanel({ sessionId, search, onSearchChange }: LedgerPanelProps) {
  const ledger = useLedger(sessionId, search);
  const exporter = useLedgerExport(sessionId, search);
  const { save } = useSaveFlag();
  const queryClient = useQueryClient();
  const { data: stats } = useQuery(compactionStatsQuery(sessionId, null));
  const plugins = useMemo(() => [...new Set(stats?.hook_timings.map((t) => t.plugin) ?? [])], [stats]);

  const flag = useCallback(
    (compactionId: string, next: Schemas['Flag'] | null) => {
      const record = cachedRecord(queryClient, sessionId, compactionId);
      if (!record || record.operator_flag === next) return;
      save({ sessionId, compactionId, edit: { flag: next }, baseVersion: record.version });
    },
    [queryClient, save, sessionId],
  );
  const actions = useMemo<LedgerActions>(() => ({ sessionId, flag }), [sessionId, flag]);
  const filtered = activeFilterCount(search) > 0;

  return (
    <section className="panel ledger-panel" aria-labelledby="ledger-title">
      <header className="panel__header">
        <h2 id="ledger-title">Ledger</h2>
        <div className="panel__aside">
          <span className="num ledger-panel__count" aria-live="polite">
            {ledger.isLoading ? '…' : `${formatCount(ledger.total)} ${ledger.total === 1 ? 'event' : 'events'}${filtered ? ' match' : ''}`}
          </span>
          <span className="ledger-panel__keys" aria-hidden="true">
            <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>g</kbd>/<kbd>b</kbd>/<kbd>n</kbd> flag
          </span>
        </div>
      </header>
      <div className="ledger-toolbar">
        <LedgerFilters search={search} onSearchChange={onSearchChange} plugins={plugins} />
        <div className="ledger-toolbar__end">
          <ExportMenu total={ledger.total} exporter={exporter} />
          <ColumnsMenu />
        </div>
      </div>
      <LedgerActionsContext.Provider value={actions}>
        <LedgerTable sessionId={sessionId} search={search} onSearchChange={onSearchChange} ledger={ledger} />
      </LedgerActionsContext.Provider>
    </section>
  );
}
