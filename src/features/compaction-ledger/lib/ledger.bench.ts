/**
 * The ledger's client-side work on 100,000 records (the bench session's size): building the
 * table's row model, flattening the cached pages, applying a live record and a refetch to them,
 * and serializing the export. `npm run bench` prints the figures; nothing here asserts a time.
 */
import { useTable } from '@tanstack/react-table';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { bench, describe } from 'vitest';
import { ledgerColumns, ledgerFeatures } from '../components/ledger-columns';
import { csvChunks, jsonlChunks } from './export';
import { flattenPages, mergeLedgerData, replaceRecordInPages, type LedgerData } from './ledger-cache';
import { insertRecordInPages } from './ledger-inserts';
import { EMPTY_SEARCH } from '../../../domain/ledger-search';
import { makeRecord, makeRecords } from '../../../test-support/test-records';

const COUNT = 100_000;
const PAGE = 200;
const records = makeRecords(COUNT, 'ses_bench_10k');
const data: LedgerData = {
  pages: Array.from({ length: COUNT / PAGE }, (_, i) => ({
    items: records.slice(i * PAGE, (i + 1) * PAGE),
    total: COUNT,
    next_cursor: i < COUNT / PAGE - 1 ? `c${i + 1}` : null,
  })),
  pageParams: Array.from({ length: COUNT / PAGE }, (_, i) => (i === 0 ? null : `c${i}`)),
};
const flat = flattenPages(data);
const live = makeRecord({ id: 'cmp_live', session_id: 'ses_bench_10k', created_at: '2030-01-01T00:00:00.000Z' });
const changed = { ...(records[COUNT / 2] ?? makeRecord()), operator_flag: 'bad' as const, version: 99 };
/** useTable through React (as in the app) and its row model over `rows`, with one screen of cells. */
function RowModelProbe({ rows }: { rows: typeof flat }) {
  const table = useTable({ features: ledgerFeatures, columns: ledgerColumns, data: rows, getRowId: (r) => r.id, manualSorting: true });
  const model = table.getRowModel().rows;
  // The cells of one screenful, as the virtualised grid renders them.
  for (let i = 0; i < 30; i += 1) model[i]?.getVisibleCells();
  return null;
}

const refetched: LedgerData = { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((r) => ({ ...r })) })) };

describe('ledger preparation, 100,000 records', () => {
  bench('flatten 500 cached pages (dedupe by id)', () => {
    flattenPages(data);
  });

  bench('row model as the ledger builds it: the rows in view (54, with overscan)', () => {
    renderToString(createElement(RowModelProbe, { rows: flat.slice(50_000, 50_054) }));
  });

  bench('row model over every loaded record, for comparison (what the window avoids)', () => {
    renderToString(createElement(RowModelProbe, { rows: flat }));
  });

  bench('live record joins the first page', () => {
    insertRecordInPages(data, live, EMPTY_SEARCH);
  });

  bench('flag saved elsewhere replaces a record mid-ledger', () => {
    replaceRecordInPages(data, changed);
  });

  bench('merge a refetch of every page (version check per record)', () => {
    mergeLedgerData(data, refetched);
  });
});

describe('export serialization, 100,000 records', () => {
  bench(
    'CSV',
    () => {
      csvChunks(flat);
    },
    { iterations: 3, time: 0 },
  );

  bench(
    'JSONL (full records)',
    () => {
      jsonlChunks(flat);
    },
    { iterations: 3, time: 0 },
  );
});
