import { DataNotices } from '../../../components/data-notices';
import { ErrorState } from '../../../components/error-state';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { formatCount } from '../../../domain/format';
import type { Schemas } from '../../../domain/contract/types';
import { compactionStatsQuery } from '../../../lib/api/endpoints/get-compaction-stats';
import { pluginsQuery } from '../../../lib/api/endpoints/list-plugins';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import type { CrossCompactionPage } from '../api/list-all-compactions';
import { cachedRecord } from '../api/record-cache';
import { useLedgerExport } from '../hooks/use-export';
import { useLedger } from '../hooks/use-ledger';
import type { UpdateLedgerSearch } from '../../../hooks/use-ledger-search';
import { useSaveFlag } from '../hooks/use-save-flag';
import { activeFilterCount, ledgerSearchString, type LedgerSearch } from '../../../domain/ledger-search';
import { ALL_SESSIONS } from '../api/list-compactions';
import { ledgerViewKey } from '../hooks/use-ledger-cursor';
import { idRange, useLedgerSelection } from '../hooks/use-ledger-selection';
import { BulkBar } from './bulk-bar';
import { LedgerActionsContext, LedgerLoadedContext, type LedgerActions, type LedgerLoaded } from './ledger-context';
import { LedgerTable } from './ledger-table';
import { LedgerToolbar } from './ledger-toolbar';
import '../../../components/panel.css';
import '../../../components/filter-menu.css';
import './ledger.css';

interface LedgerPanelProps {
  /** The session whose ledger this is; null: the ledger across sessions. */
  sessionId: string | null;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
}

/**
 * The compaction ledger of a session, or across sessions (sessionId null: with a session column and
 * the project, session, model and time filters): filters, the count, columns, export, and the rows.
 */
export function LedgerPanel({ sessionId, search, onSearchChange }: LedgerPanelProps) {
  const ledger = useLedger(sessionId, search);
  const exporter = useLedgerExport(sessionId, search);
  const { save } = useSaveFlag();
  const queryClient = useQueryClient();
  const across = sessionId === null;
  const { data: stats } = useQuery({ ...compactionStatsQuery(sessionId ?? '', null), enabled: !across });
  const installedRead = useQuery({ ...pluginsQuery(), enabled: across });
  const installed = installedRead.data;
  const { data: projects } = useQuery({ ...projectsQuery(), enabled: across });
  // Kept while the names are the same: the stats are read again every second under live load.
  const pluginNames = JSON.stringify(across ? (installed ?? []).map((p) => p.name) : [...new Set(stats?.hook_timings.map((t) => t.plugin) ?? [])]);
  const plugins = useMemo(() => JSON.parse(pluginNames) as string[], [pluginNames]);
  const records = ledger.records;
  const acrossOptions = useMemo(
    () =>
      across
        ? {
            projects: (projects ?? []).map((p) => ({ value: p.id, label: p.name })),
            models: [...new Set(records.flatMap((r) => (r.summarizer_model ? [r.summarizer_model] : [])))],
          }
        : undefined,
    [across, projects, records],
  );

  // Whose record an id is: this session's, or (across sessions) the loaded row's.
  const recordsRef = useRef(records);
  useEffect(() => {
    recordsRef.current = records;
  }, [records]);
  const flag = useCallback(
    (compactionId: string, next: Schemas['Flag'] | null) => {
      const owner = sessionId ?? recordsRef.current.find((r) => r.id === compactionId)?.session_id;
      if (!owner) return;
      const record = cachedRecord(queryClient, owner, compactionId);
      if (!record || record.operator_flag === next) return;
      save({ sessionId: owner, compactionId, edit: { flag: next }, baseVersion: record.version });
    },
    [queryClient, save, sessionId],
  );
  const { data: pages } = ledger;
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const page of pages?.pages ?? []) for (const s of (page as Partial<CrossCompactionPage>).sessions ?? []) map.set(s.id, s.title);
    return map;
  }, [pages]);
  const view = ledgerViewKey(sessionId ?? ALL_SESSIONS, ledgerSearchString(search));
  const select = useCallback(
    (compactionId: string, owner: string, on: boolean, range: boolean) => {
      const loaded = recordsRef.current;
      const ids = range ? idRange(loaded.map((r) => r.id), useLedgerSelection.getState().anchor, compactionId) : [compactionId];
      const owners = new Map(loaded.map((r) => [r.id, r.session_id]));
      useLedgerSelection.getState().set(view, ids.map((id) => [id, owners.get(id) ?? owner] as const), on);
    },
    [view],
  );
  const selectAll = useCallback((on: boolean) => useLedgerSelection.getState().set(view, recordsRef.current.map((r) => [r.id, r.session_id] as const), on), [view]);
  // Apart: the actions stay the same as pages land (every row reads them), the pages' titles and count do not.
  const actions = useMemo<LedgerActions>(() => ({ flag, view, select, selectAll }), [flag, view, select, selectAll]);
  const loaded = useMemo<LedgerLoaded>(() => ({ sessionTitle: (id) => titles.get(id), loaded: records.length }), [titles, records.length]);
  const filtered = activeFilterCount(search) > 0;

  return (
    <section id="ledger" className="panel ledger-panel" aria-labelledby="ledger-title">
      <header className="panel__header">
        <h2 id="ledger-title">{across ? 'Compactions across sessions' : 'Ledger'}</h2>
        <div className="panel__aside">
          <span
            className="num ledger-panel__count"
            aria-live="polite"
            title="Every event, rolled-back ones included (marked undone); the sessions list and the stats count only those in effect"
          >
            {ledger.isLoading ? '…' : `${formatCount(ledger.total)} ${ledger.total === 1 ? 'event' : 'events'}${filtered ? ' match' : ''}`}
          </span>
          <span className="ledger-panel__keys" aria-hidden="true">
            <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>g</kbd>/<kbd>b</kbd>/<kbd>n</kbd> flag · <kbd>x</kbd> select
          </span>
        </div>
      </header>
      <LedgerToolbar search={search} onSearchChange={onSearchChange} plugins={plugins} across={acrossOptions} total={ledger.total} exporter={exporter} withSession={across} />
      {installedRead.isError && (
        <ErrorState error={installedRead.error} what="the plugin list (the Plugin filter offers none)" onRetry={() => void installedRead.refetch()} />
      )}
      <DataNotices notices={ledger.notices} where="the ledger" />
      <BulkBar view={view} sessionTitle={loaded.sessionTitle} />
      <LedgerActionsContext.Provider value={actions}>
        <LedgerLoadedContext.Provider value={loaded}>
          <LedgerTable sessionId={sessionId} search={search} onSearchChange={onSearchChange} ledger={ledger} />
        </LedgerLoadedContext.Provider>
      </LedgerActionsContext.Provider>
    </section>
  );
}
