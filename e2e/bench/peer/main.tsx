/**
 * The benchmark's peer for the ledger: the same records from the same daemon, rendered with the
 * ledger's own columns, markup and styles by a plain, non-virtualised @tanstack/react-table render
 * (every row in the DOM), so the figures beside ours show what the windowing buys or costs.
 * ?session=…&rows=… choose what it loads. No validation, no cache: a fetch and a render.
 */
import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { ledgerCellProps, ledgerColumns, ledgerFeatures, LedgerActionsContext, LedgerLoadedContext, SESSION_COLUMN, type CompactionRecord } from './app-parts';
import './peer.css';

const params = new URLSearchParams(window.location.search);
const sessionId = params.get('session') ?? 'ses_bench_10k';
const wanted = Number(params.get('rows') ?? 10_000);
const PAGE = 1000;

interface Page {
  items: CompactionRecord[];
  next_cursor: string | null;
}

/** The first `wanted` records of the session's ledger (the daemon's default order), page by page. */
async function loadRecords(): Promise<CompactionRecord[]> {
  const records: CompactionRecord[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    const response = await fetch(`/api/v1/sessions/${encodeURIComponent(sessionId)}/compactions?${query}`, { headers: { 'X-Kaged-User-Id': 'operator' } });
    if (!response.ok) throw new Error(`the daemon answered ${response.status} for the ledger page`);
    const page = (await response.json()) as Page;
    records.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && records.length < wanted);
  return records.slice(0, wanted);
}

function gridTemplate(columns: readonly { columnDef: { meta?: { width: string } } }[]): string {
  return columns.map((column) => column.columnDef.meta?.width ?? '100px').join(' ');
}

/** The ledger's markup and styles (ledger.css), every row in normal flow: the grid without its window. */
function PeerTable({ records }: { records: CompactionRecord[] }) {
  const actions = useMemo(() => ({ flag: () => undefined, view: 'peer', select: () => undefined, selectAll: () => undefined }), []);
  const loaded = useMemo(() => ({ sessionTitle: () => undefined, loaded: records.length }), [records.length]);
  // The session ledger's columns (the cross-session ledger's session column hidden, as the app does).
  const table = useTable({
    features: ledgerFeatures,
    columns: ledgerColumns,
    data: records,
    getRowId: (r) => r.id,
    manualSorting: true,
    state: { columnVisibility: { [SESSION_COLUMN]: false } },
  });
  const template = gridTemplate(table.getVisibleLeafColumns());
  return (
    <LedgerActionsContext.Provider value={actions}>
      <LedgerLoadedContext.Provider value={loaded}>
        <div className="peer ledger">
          <div className="ledger__scroll" role="grid" aria-label="Peer ledger" aria-rowcount={records.length + 1} data-peer-scroll="">
            <div className="ledger__row ledger__row--head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
              {table.getHeaderGroups()[0]?.headers.map((header) => (
                <div key={header.id} role="columnheader" className="ledger__cell">
                  <table.FlexRender header={header} />
                </div>
              ))}
            </div>
            <div role="rowgroup">
              {table.getRowModel().rows.map((row, i) => (
                <div key={row.id} className="ledger__row" role="row" aria-rowindex={i + 2} data-peer-row={row.id} style={{ gridTemplateColumns: template }}>
                  {row.getVisibleCells().map((cell) => (
                    <div key={cell.id} role="gridcell" {...ledgerCellProps(cell.column.columnDef.meta, cell.row.original)}>
                      <table.FlexRender cell={cell} />
                    </div>
                  ))}
                </div>
              ))}
            </div>
          </div>
        </div>
      </LedgerLoadedContext.Provider>
    </LedgerActionsContext.Provider>
  );
}

const root = createRoot(document.getElementById('root') as HTMLElement);
loadRecords().then(
  (records) => root.render(<PeerTable records={records} />),
  (error: unknown) => root.render(<p role="alert">The peer could not load its rows: {String(error)}</p>),
);
