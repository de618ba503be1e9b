import { memo, useLayoutEffect, useRef, type CSSProperties, type MouseEvent } from 'react';
import type { CompactionRecord } from '../../../domain/contract/types';
import { ledgerCellProps, type LedgerColumnMeta } from './ledger-columns';

/** A visible column as the rows draw it: its id and its meta (what a cell shows, its class and title). */
export interface LedgerCellColumn {
  id: string;
  meta: LedgerColumnMeta;
}

interface LedgerCellsProps {
  record: CompactionRecord;
  /** The visible columns, in order. */
  columns: readonly LedgerCellColumn[];
  /** The visible columns' ids, joined: cells render again when the choice changes. */
  columnsKey: string;
  /** The event's detail page (with the view's filters). */
  href: string;
}

/**
 * One row's cells. Rendered again only when its record (a new version, or another one: the row's
 * elements are recycled), the visible columns or its link change: scrolling, live arrivals above it
 * and cursor moves leave it alone, so a scroll step renders only the rows entering the view. The
 * cells are keyed by column, so another record changes their text and attributes, not the elements.
 * Each cell is its column's `show` called directly: no table row, cell model or FlexRender per cell.
 */
const LedgerCells = memo(
  function LedgerCells({ record, columns, href }: LedgerCellsProps) {
    return columns.map(({ id, meta }) => (
      <div key={id} role="gridcell" {...ledgerCellProps(meta, record)}>
        {id === 'time' ? (
          // A plain anchor (a router link per row costs a render of its own): the row's click handler
          // follows it within the app.
          <a href={href} className="ledger__link">
            {meta.show(record)}
          </a>
        ) : (
          meta.show(record)
        )}
      </div>
    ));
  },
  (a, b) => a.record === b.record && a.columnsKey === b.columnsKey && a.href === b.href,
);

export interface LedgerRowProps extends LedgerCellsProps {
  /** Position among the rows (0 is the first record). */
  index: number;
  /** Offset from the top of the rows, px. */
  top: number;
  /** The cursor's row: the grid's active descendant (the one row with an id). */
  active: boolean;
  /** The record arrived live a moment ago: highlighted as new (ledger.css). */
  fresh: boolean;
  /** No longer matches the filters (it leaves when the view reloads). */
  stale: boolean;
  onOpen: (event: MouseEvent<HTMLDivElement>, record: CompactionRecord) => void;
}

interface SlotProps extends LedgerRowProps {
  /**
   * No row of the window is in this element now (row-slots.ts): it keeps what it showed, hidden
   * and out of the grid (no row role, no record id), until a row entering takes it.
   */
  parked: boolean;
}

/**
 * A positioned ledger row around its memoised cells, rendered again only when a prop changes (the
 * table renders on every scroll step, its rows only once the window has moved). The table keys it by
 * slot (row-slots.ts), so a fast scroll gives its element another record:
 * - focus inside it (a flag button, the link) would stay on the same element, now another event's,
 *   so it goes to the grid instead;
 * - a new record's highlight follows its record: an element that gets a new record shows the tint
 *   at once, one that gets an older record lets it fade (ledger.css); no animation is started per row.
 */
export const LedgerRow = memo(
  function LedgerRow({ record, columns, columnsKey, href, index, top, active, fresh, stale, onOpen, parked }: SlotProps) {
    const ref = useRef<HTMLDivElement>(null);
    useLayoutEffect(() => {
      const element = ref.current;
      if (element === null || !element.contains(document.activeElement)) return;
      element.closest<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true });
    }, [record.id, parked]);
    const classes = ['ledger__row'];
    if (parked) classes.push('ledger__row--parked');
    else if (active) classes.push('ledger__row--active');
    if (fresh) classes.push('ledger__row--new');
    if (stale) classes.push('ledger__row--stale');
    // The columns' tracks come from the grid's --ledger-columns (ledger.css): one declaration for every row.
    const style: CSSProperties = { transform: `translateY(${top}px)` };
    return (
      <div
        ref={ref}
        id={parked || !active ? undefined : `ledger-row-${record.id}`}
        className={classes.join(' ')}
        role={parked ? undefined : 'row'}
        aria-rowindex={parked ? undefined : index + 2}
        aria-selected={parked ? undefined : active}
        data-compaction-id={parked ? undefined : record.id}
        title={stale ? 'No longer matches the filters; it leaves the list when the view reloads.' : undefined}
        style={style}
        onClick={(event) => onOpen(event, record)}
      >
        <LedgerCells record={record} columns={columns} columnsKey={columnsKey} href={href} />
      </div>
    );
  },
  // A row whose record, place and state are the same is the same row (its cells follow the visible
  // columns, columnsKey).
  (a, b) =>
    a.record === b.record &&
    a.columnsKey === b.columnsKey &&
    a.href === b.href &&
    a.index === b.index &&
    a.top === b.top &&
    a.active === b.active &&
    a.fresh === b.fresh &&
    a.stale === b.stale &&
    a.onOpen === b.onOpen &&
    a.parked === b.parked,
);
