import type { CSSProperties, ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { formatCount } from '../../../domain/format';
import { EMPTY_SEARCH, type LedgerSearch } from '../../../domain/ledger-search';
import type { UpdateLedgerSearch } from '../../../hooks/use-ledger-search';
import type { LedgerColumnMeta } from './ledger-columns';

// The ledger grid's states besides its rows: loading, empty, and the row after the loaded ones.

const SKELETON_ROWS = 12;

interface SkeletonColumn {
  id: string;
  columnDef: { meta?: Pick<LedgerColumnMeta, 'align'> };
}

/** The grid while the first page loads: its header over placeholder rows. */
export function LedgerSkeleton({ header, template, columns }: { header: ReactNode; template: string; columns: readonly SkeletonColumn[] }) {
  return (
    <div className="ledger" aria-busy="true" role="grid" aria-label="Compaction ledger (loading)">
      <div className="ledger__scroll">
        {header}
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div key={i} className="ledger__row" role="row" style={{ gridTemplateColumns: template }}>
            {columns.map((column) => (
              <div key={column.id} role="gridcell" className={column.columnDef.meta?.align === 'end' ? 'ledger__cell ledger__cell--end' : 'ledger__cell'}>
                <Skeleton width={column.id === 'notes' ? '60%' : '70%'} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

interface LedgerEmptyProps {
  header: ReactNode;
  /** Whether filters hide every event (else there is none yet). */
  filtered: boolean;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
  sessionId: string | null;
}

/** No row to show: filters that match nothing (with a way back to every event), or no compaction yet. */
export function LedgerEmpty({ header, filtered, search, onSearchChange, sessionId }: LedgerEmptyProps) {
  return (
    <div className="ledger ledger--empty">
      <div className="ledger__scroll ledger__scroll--empty">{header}</div>
      {filtered ? (
        <EmptyState title="No compaction matches these filters">
          <button type="button" className="button" onClick={() => onSearchChange({ ...EMPTY_SEARCH, agent: search.agent, sort: search.sort })}>
            Show every event
          </button>
        </EmptyState>
      ) : (
        <EmptyState title="No compactions yet">
          {sessionId === null ? 'No compaction has been applied in any session yet.' : 'No compaction has been applied in this session. Events appear here live as they happen.'}
        </EmptyState>
      )}
    </div>
  );
}

interface LedgerMoreRowProps {
  style: CSSProperties;
  rowIndex: number;
  loaded: number;
  total: number;
  /** The daemon repeated a page cursor: loading stopped. */
  stalled: boolean;
  fetching: boolean;
}

/** The row after the loaded ones: loading more, how many are loaded, or why loading stopped. */
export function LedgerMoreRow({ style, rowIndex, loaded, total, stalled, fetching }: LedgerMoreRowProps) {
  return (
    <div className="ledger__row ledger__row--more" role="row" style={style} aria-rowindex={rowIndex}>
      <div role={stalled ? 'alert' : 'gridcell'} className="ledger__cell ledger__more">
        {stalled
          ? `Stopped loading at ${formatCount(loaded)} of ${formatCount(total)}: the daemon answered with a page cursor it had already given, so paging on would repeat forever.`
          : fetching
            ? 'Loading more events…'
            : `${formatCount(loaded)} of ${formatCount(total)} loaded`}
      </div>
    </div>
  );
}
