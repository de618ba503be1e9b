import { memo } from 'react';
import type { SortingState, useTable } from '@tanstack/react-table';
import { SELECT_COLUMN, type ledgerFeatures } from './ledger-columns';
import type { CompactionRecord } from '../../../domain/contract/types';

type LedgerTableInstance = ReturnType<typeof useTable<typeof ledgerFeatures, CompactionRecord>>;

interface LedgerHeaderProps {
  table: LedgerTableInstance;
  /** What the header shows: the sort, the visible columns (ids joined) and their tracks. */
  sorting: SortingState;
  columnsKey: string;
  template: string;
}

/**
 * The ledger's header row: a column head per visible column, the sortable ones as buttons. It renders
 * again only when the sort, the visible columns or their tracks change, not on every scroll step of
 * the table around it (the tick's own state comes from its store, select-cells.tsx).
 */
export const LedgerHeader = memo(
  function LedgerHeader({ table, template }: LedgerHeaderProps) {
    return (
      <div className="ledger__row ledger__row--head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
        {table.getHeaderGroups()[0]?.headers.map((h) => {
          const sorted = h.column.getIsSorted();
          const meta = h.column.columnDef.meta;
          const end = meta?.align === 'end';
          return (
            <div
              key={h.id}
              role="columnheader"
              className={end ? 'ledger__cell ledger__cell--end' : h.column.id === SELECT_COLUMN ? 'ledger__cell ledger__cell--tick' : 'ledger__cell'}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {h.column.getCanSort() ? (
                <button type="button" className="ledger__sort" onClick={h.column.getToggleSortingHandler()} title={`Sort by ${meta?.label ?? h.id}`}>
                  <table.FlexRender header={h} />
                  <span className="ledger__sort-icon" aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              ) : (
                <span className="ledger__head-text">
                  <table.FlexRender header={h} />
                </span>
              )}
            </div>
          );
        })}
      </div>
    );
  },
  // The table instance is new on every render (useTable); what it shows here is in the other props.
  (a, b) => a.sorting === b.sorting && a.columnsKey === b.columnsKey && a.template === b.template,
);
