import { useTable, type SortingState, type ColumnVisibilityState } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import type { CompactionRecord } from '../../../domain/contract/types';
import { useFittedColumns, useLedgerColumns } from '../hooks/use-column-visibility';
import { trackMinWidth } from '../lib/column-fit';
import type { useLedger } from '../hooks/use-ledger';
import { ledgerViewKey, useLedgerCursor } from '../hooks/use-ledger-cursor';
import { useLedgerKeys } from '../hooks/use-ledger-keys';
import { useArrivals } from '../lib/ledger-live';
import type { UpdateLedgerSearch } from '../../../hooks/use-ledger-search';
import { hasArrived } from '../lib/arrivals';
import { readAhead, TOP_ROWS } from '../lib/read-ahead';
import { whenIdle } from '../../../lib/idle';
import { useLiveStatus } from '../../../lib/live/live-status';
import { RowSlots } from '../lib/row-slots';
import { compactionHref } from '../../../lib/routes';
import { inAppLinkTarget } from '../../../lib/in-app-link';
import { noForcedLayout } from '../../../lib/virtual-no-forced-layout';
import { useScrollAhead } from '../../../hooks/use-scroll-ahead';
import { activeFilterCount, eventSearchString, ledgerSearchString, matchesLedgerSearch, sortingToSort, sortToSorting, type LedgerSearch } from '../../../domain/ledger-search';
import { ALL_SESSIONS } from '../api/list-compactions';
import { detailPath } from '../lib/detail-path';
import { boundLiveGrowth } from '../api/record-cache';
import { ledgerColumns, ledgerFeatures, SESSION_COLUMN } from './ledger-columns';
import { LedgerEmpty, LedgerMoreRow, LedgerSkeleton } from './ledger-states';
import { LedgerRow, type LedgerCellColumn, type LedgerRowProps } from './ledger-row';
import { LedgerHeader } from './ledger-header';

export const LEDGER_ROW_HEIGHT = 34;
const NO_RECORDS: CompactionRecord[] = [];
/** A read ahead waits at most this long for an idle moment. */
const READ_AHEAD_IDLE_MS = 500;

interface LedgerTableProps {
  /** The session whose ledger this is; null: across sessions (with a session column). */
  sessionId: string | null;
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
  ledger: ReturnType<typeof useLedger>;
}

/** The scroller's size before it is measured: `.ledger__scroll` in ledger.css is min(70vh, 640px), at least 320px. */
function expectedScrollRect(): Rect {
  return { width: window.innerWidth, height: Math.max(320, Math.min(0.7 * window.innerHeight, 640)) };
}

function gridTemplate(columns: readonly { id: string; columnDef: { meta?: { width: string } } }[]): string {
  return columns.map((column) => column.columnDef.meta?.width ?? '100px').join(' ');
}

/**
 * The ledger rows: a virtualised grid (only the rows in view are in the DOM, so 100,000 events
 * scroll smoothly), the next page fetched as the view nears the loaded end. j/k move the cursor,
 * Enter opens the event, g/b/n flag it; a click opens it too.
 */
export function LedgerTable({ sessionId, search, onSearchChange, ledger }: LedgerTableProps) {
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const visibility = useLedgerColumns((s) => s.visibility);
  const setVisibility = useLedgerColumns((s) => s.setVisibility);
  const setWidth = useLedgerColumns((s) => s.setWidth);
  const fitted = useFittedColumns(sessionId === null).visibility;
  const arrivals = useArrivals((s) => s.at);
  const viewKey = ledgerViewKey(sessionId ?? ALL_SESSIONS, ledgerSearchString(search));
  const columnVisibility = useMemo(() => (sessionId === null ? fitted : { ...fitted, [SESSION_COLUMN]: false }), [sessionId, fitted]);
  const activeId = useLedgerCursor((s) => s.byView[viewKey] ?? null);
  const setActive = useLedgerCursor((s) => s.set);

  const records = ledger.records;
  const count = records.length + (ledger.hasMore || ledger.stalled ? 1 : 0);
  const getItemKey = useCallback((index: number) => records[index]?.id ?? '(more)', [records]);
  // Rows drawn in the scroll event, as far ahead as the view is moving (lib/scroll-reach.ts).
  const scrollAhead = useScrollAhead();
  const [layoutOptions] = useState(() => noForcedLayout(expectedScrollRect()));
  // The build has no React Compiler; the virtualizer is meant to be read during render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LEDGER_ROW_HEIGHT,
    // The sticky header row sits above the rows inside the scroller.
    scrollMargin: LEDGER_ROW_HEIGHT,
    // Stable while the records are: a new function makes the virtualiser measure every row again
    // (O(rows) on each render, 100,000 at the end of the ledger).
    getItemKey,
    ...scrollAhead,
    // The first rows drawn for the scroller's expected size, its real size read without forcing a layout.
    ...layoutOptions,
  });
  const items = virtualizer.getVirtualItems();
  // The records' rows, and the row after them (loading more), which has an element of its own.
  const rowItems = items[items.length - 1]?.index === records.length ? items.slice(0, -1) : items;
  const moreItem = rowItems === items ? undefined : items[items.length - 1];
  const [rowSlots] = useState(() => new RowSlots<LedgerRowProps>());
  // Keyed by slot (row-slots.ts): rows entering take the elements of rows that left, or parked ones.
  const placement = rowSlots.assign(rowItems.map((item) => String(item.key)), virtualizer.isScrolling);
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;

  // The table is the header's (its sort and visible columns): sorting and filtering are the daemon's,
  // and the rows draw their cells from the records (ledger-row.tsx), so it holds no rows at all (a
  // row model of the window, built again on every scroll step, cost more than the rows entering).
  const sorting = useMemo<SortingState>(() => sortToSorting(search.sort), [search.sort]);
  const table = useTable({
    features: ledgerFeatures,
    columns: ledgerColumns,
    data: NO_RECORDS,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting, columnVisibility },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSearchChange({ sort: sortingToSort(next) });
    },
    onColumnVisibilityChange: (updater) => setVisibility(typeof updater === 'function' ? updater(visibility) : (updater as ColumnVisibilityState)),
  });
  const columns = table.getVisibleLeafColumns();
  const template = gridTemplate(columns);
  const minWidth = columns.reduce((sum, column) => sum + trackMinWidth(column.columnDef.meta?.width ?? '0px'), 0);
  const { hasMore, isFetchingMore, loadMore } = ledger;

  // On a narrow screen the least important columns give way (lib/column-fit.ts): measure the width.
  const measuredScrollRef = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element;
      if (element === null) return;
      // The reported size (the scroller has no padding): reading clientWidth here could lay out the page again.
      const observer = new ResizeObserver(([entry]) => {
        if (entry !== undefined) setWidth(Math.round(entry.contentRect.width));
      });
      observer.observe(element);
      return () => {
        observer.disconnect();
        scrollRef.current = null;
      };
    },
    [setWidth],
  );

  // The next page as the window nears the loaded end (lib/read-ahead.ts): now, or in an idle moment.
  const viewLast = virtualizer.range?.endIndex ?? lastIndex;
  const readNext = readAhead({ first: firstIndex, last: lastIndex, ahead: Math.max(0, lastIndex - viewLast) }, records.length, hasMore && !isFetchingMore);
  useEffect(() => {
    if (readNext === 'now') loadMore();
    else if (readNext === 'idle') return whenIdle(loadMore, READ_AHEAD_IDLE_MS);
  }, [readNext, loadMore]);

  // Live records grow the view; once they are many and its top is in view, it is cut back to its
  // first page and read again (record-cache.ts), which leaves the rows in view as they are; under a
  // fast stream, once it slows.
  const queryClient = useQueryClient();
  const { data: ledgerData, queryKey } = ledger;
  const atTop = firstIndex < TOP_ROWS;
  const paced = useLiveStatus((s) => s.paced);
  useEffect(() => {
    if (ledgerData !== undefined && atTop) boundLiveGrowth(queryClient, queryKey, 'top', paced);
  }, [queryClient, queryKey, ledgerData, atTop, paced]);

  const activeIndex = useMemo(() => (activeId === null ? -1 : records.findIndex((record) => record.id === activeId)), [records, activeId]);

  // Back from an event, the rows are where the operator left them: the cursor row in view, once.
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || records.length === 0) return;
    revealed.current = true;
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'center' });
  }, [records.length, activeIndex, virtualizer]);

  // The keys: on the whole page, except while typing or in a menu or dialog (see keyboard.ts).
  useLedgerKeys({ records, activeIndex, viewKey, search, sessionId, virtualizer });

  const openRow = (event: MouseEvent<HTMLDivElement>, record: CompactionRecord) => {
    const target = event.target as HTMLElement;
    setActive(viewKey, record.id);
    // The rows' links are plain anchors: a plain click on one goes there within the app.
    const anchor = target.closest('a');
    if (anchor !== null) {
      const to = inAppLinkTarget(event, anchor, window.location.origin);
      if (to !== null) {
        event.preventDefault();
        void navigate(to);
      }
      return;
    }
    if (event.button !== 0 || event.metaKey || event.ctrlKey || target.closest('button, input') || window.getSelection()?.toString()) return;
    void navigate(detailPath(record.session_id, record.id, search, sessionId === null));
  };
  // A stable handler for the memoised rows, reading the current view when called.
  const handlers = useRef({ openRow });
  useEffect(() => {
    handlers.current = { openRow };
  });
  const open = useCallback((event: MouseEvent<HTMLDivElement>, record: CompactionRecord) => handlers.current.openRow(event, record), []);
  const columnsKey = columns.map((column) => column.id).join(' ');
  // The same array while the visible columns are (the rows compare columnsKey).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- columnsKey names the columns
  const cellColumns = useMemo(() => columns.flatMap((c): LedgerCellColumn[] => (c.columnDef.meta ? [{ id: c.id, meta: c.columnDef.meta }] : [])), [columnsKey]);
  // The rows' links carry the view's filters (as detailPath): built once per render, not per row.
  const detailSearch = useMemo(() => eventSearchString(search, sessionId === null), [search, sessionId]);

  const header = <LedgerHeader table={table} sorting={sorting} columnsKey={columnsKey} template={template} />;

  if (ledger.isError && ledger.records.length === 0) {
    return <ErrorState error={ledger.error} what="the compaction ledger" onRetry={() => void ledger.refetch()} />;
  }

  if (ledger.isLoading) return <LedgerSkeleton header={header} template={template} columns={columns} />;

  if (records.length === 0) {
    return <LedgerEmpty header={header} filtered={activeFilterCount(search) > 0} search={search} onSearchChange={onSearchChange} sessionId={sessionId} />;
  }

  const activeRowId = activeIndex >= firstIndex && activeIndex <= lastIndex ? `ledger-row-${records[activeIndex]?.id}` : undefined;

  return (
    <div className={ledger.isSwitching ? 'ledger ledger--switching' : 'ledger'} style={{ '--ledger-min-width': `${minWidth}px`, '--ledger-columns': template } as CSSProperties}>
      <div
        ref={measuredScrollRef}
        className="ledger__scroll"
        role="grid"
        aria-label="Compaction ledger"
        aria-rowcount={ledger.total + 1}
        aria-colcount={columns.length}
        aria-activedescendant={activeRowId}
        aria-busy={ledger.isSwitching || undefined}
        tabIndex={0}
        data-ledger-grid=""
      >
        {header}
        <div className="ledger__body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {placement.order.map(({ slot, row: position }) => {
            if (position === null) {
              // Parked: it keeps what it showed, hidden, so nothing in it renders again.
              const last = rowSlots.shownIn(slot);
              return last === undefined ? null : <LedgerRow key={slot} {...last} parked />;
            }
            const item = rowItems[position] as (typeof rowItems)[number];
            const record = records[item.index];
            if (record === undefined) return null;
            const props: LedgerRowProps = {
              record,
              columns: cellColumns,
              columnsKey,
              href: `${compactionHref(record.session_id, record.id)}${detailSearch}`,
              index: item.index,
              top: item.start - LEDGER_ROW_HEIGHT,
              active: item.index === activeIndex,
              fresh: hasArrived(arrivals, record.id),
              stale: !matchesLedgerSearch(record, search),
              onOpen: open,
            };
            rowSlots.show(slot, props);
            return <LedgerRow key={slot} {...props} parked={false} />;
          })}
          {moreItem && (
            <LedgerMoreRow
              style={{ transform: `translateY(${moreItem.start - LEDGER_ROW_HEIGHT}px)` }}
              rowIndex={moreItem.index + 2}
              loaded={records.length}
              total={ledger.total}
              stalled={ledger.stalled}
              fetching={isFetchingMore}
            />
          )}
        </div>
      </div>
    </div>
  );
}
