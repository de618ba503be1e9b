/**
 * The ledger's columns (TanStack Table v9): one row per compaction event. Sorting is the daemon's
 * (manualSorting): only the columns it can sort by are sortable. Cells render untrusted text
 * (summaries' lengths, notes, plugin names) as text only.
 */
import {
  type CellContext,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/status-badge';
import { formatCount, formatDateTime, formatDuration, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { ORIGIN_LABELS, ORIGIN_TITLES } from '../../../domain/accounting/provenance';
import { rereadCell, rereadTitle } from '../../../domain/compaction/reread-labels';
import { describePlugins, finalStrategy, formatLedgerTime, pluginNames } from '../lib/labels';
import { trackMinWidth, type FitColumn } from '../lib/column-fit';
import { agentFits, strategyBadgesFit, triggerFits } from '../../../domain/compaction/cell-fit';
import { SelectAllHeader, SelectCell } from './select-cells';
import { FlagCell, NotesCell, SessionCell } from './ledger-cells';

export interface LedgerColumnMeta {
  /** The CSS grid track of the column. */
  width: string;
  align?: 'end';
  /** The name in the column chooser. */
  label: string;
  /** 0: always shown; the higher, the sooner it hides on a narrow screen (lib/column-fit.ts). */
  priority: number;
  /**
   * Classes and tooltip of the cell element itself: a text cell is that one element (its text cut
   * with an ellipsis), no wrapper inside it; rows stay cheap to mount and lay out while scrolling.
   */
  cellProps?: (record: CompactionRecord) => { className?: string; title?: string };
  /**
   * The cell's content for a record. The ledger's rows call it directly, one call per cell (no
   * cell model, context object or FlexRender per cell: a fast scroll renders every row entering);
   * the table (its header, the benchmark's peer) renders it through `cell`.
   */
  show: (record: CompactionRecord) => ReactNode;
}

/** The grid cell's own attributes for a column and record (the ledger and the benchmark's peer). */
export function ledgerCellProps(meta: LedgerColumnMeta | undefined, record: CompactionRecord): { className: string; title?: string } {
  const own = meta?.cellProps?.(record);
  const classes = ['ledger__cell'];
  if (meta?.align === 'end') classes.push('ledger__cell--end');
  if (own?.className) classes.push(own.className);
  return own?.title === undefined ? { className: classes.join(' ') } : { className: classes.join(' '), title: own.title };
}

const TEXT = 'ledger__cell--text';
/** A cell drawn without a clip: what it holds fits its column (domain/compaction/cell-fit.ts, ledger.css). */
const FITS = 'ledger__cell--fits';
const fitting = (className: string, fits: boolean) => (fits ? `${className} ${FITS}` : className);
const NUM = `${TEXT} num`;

export const ledgerFeatures = tableFeatures({
  columnMeta: metaHelper<LedgerColumnMeta>(),
  columnVisibilityFeature,
  rowSortingFeature,
});

const helper = createColumnHelper<typeof ledgerFeatures, CompactionRecord>();

/** Every column's `cell`: its `show` (one definition of what a cell holds). */
function metaCell({ row, column }: CellContext<typeof ledgerFeatures, CompactionRecord>): ReactNode {
  return column.columnDef.meta?.show(row.original) ?? null;
}

/** The column only the cross-session ledger shows. */
export const SESSION_COLUMN = 'session';

/** The tick for bulk edits: not a column the chooser offers. */
export const SELECT_COLUMN = 'select';

export const ledgerColumns = helper.columns([
  helper.display({
    id: SELECT_COLUMN,
    header: () => <SelectAllHeader />,
    meta: { width: '30px', label: 'Select', priority: 0, cellProps: () => ({ className: 'ledger__cell--tick' }), show: (r) => <SelectCell record={r} /> },
    cell: metaCell,
  }),
  helper.accessor('created_at', {
    id: 'time',
    header: 'Time (UTC)',
    sortDescFirst: true,
    // The text in the row's link (ledger-row.tsx), the full date on hover over the cell.
    meta: { width: '118px', label: 'Time', priority: 0, cellProps: (r) => ({ className: 'num', title: formatDateTime(r.created_at) }), show: (r) => formatLedgerTime(r.created_at) },
    cell: metaCell,
  }),
  helper.accessor('session_id', {
    id: SESSION_COLUMN,
    header: 'Session',
    enableSorting: false,
    meta: { width: 'minmax(140px, 1.2fr)', label: 'Session', priority: 1, show: (r) => <SessionCell record={r} /> },
    cell: metaCell,
  }),
  helper.accessor('agent_path', {
    id: 'agent',
    header: 'Agent',
    enableSorting: false,
    meta: { width: 'minmax(120px, 1fr)', label: 'Agent', priority: 1, cellProps: (r) => ({ className: fitting(`${TEXT} mono`, agentFits(r.agent_path)), title: r.agent_path }), show: (r) => r.agent_path },
    cell: metaCell,
  }),
  helper.accessor('trigger', {
    id: 'trigger',
    header: 'Trigger',
    enableSorting: false,
    meta: { width: '142px', label: 'Trigger', priority: 2, cellProps: (r) => ({ className: fitting(TEXT, triggerFits(r.trigger)) }), show: (r) => TRIGGER_LABELS[r.trigger] ?? r.trigger },
    cell: metaCell,
  }),
  helper.accessor((r) => r.provenance.origin, {
    id: 'origin',
    header: 'Source',
    enableSorting: false,
    meta: { width: '86px', label: 'Source (recorded or simulated)', priority: 2, cellProps: (r) => ({ className: `${TEXT} ${FITS}${r.provenance.origin === 'simulated' ? ' faint' : ''}`, title: ORIGIN_TITLES[r.provenance.origin] }), show: (r) => ORIGIN_LABELS[r.provenance.origin] },
    cell: metaCell,
  }),
  helper.accessor('strategy', {
    id: 'strategy',
    header: 'Strategy',
    enableSorting: false,
    meta: {
      width: '178px',
      label: 'Strategy (fallback)',
      priority: 1,
      cellProps: (r) => ({ className: fitting('ledger__cell--badges', strategyBadgesFit(r.strategy, r.fallback_occurred ? finalStrategy(r) : null, r.rolled_back)) }),
      show: (r) => (
        <>
          <Badge>{STRATEGY_LABELS[r.strategy] ?? r.strategy}</Badge>
          {r.fallback_occurred && (
            <Badge tone="warn" title={`Fell back: ${r.fallback_reason ?? 'no reason given'}`}>
              → {finalStrategy(r)}
            </Badge>
          )}
          {r.rolled_back && (
            <Badge tone="neutral" title="Rolled back: its messages are active again">
              undone
            </Badge>
          )}
        </>
      ),
    },
    cell: metaCell,
  }),
  helper.accessor('threshold_estimate', {
    id: 'tokens',
    header: 'Tokens',
    sortDescFirst: true,
    meta: {
      width: '132px',
      align: 'end',
      label: 'Tokens before → after',
      priority: 1,
      cellProps: (r) => ({ className: NUM, title: `${formatCount(r.threshold_estimate)} → ${formatCount(r.after_estimate)} tokens (window ${formatCount(r.context_window)})` }),
      show: (r) => `${formatTokens(r.threshold_estimate)} → ${formatTokens(r.after_estimate)}`,
    },
    cell: metaCell,
  }),
  helper.accessor('compression_ratio', {
    id: 'ratio',
    header: 'Ratio',
    sortDescFirst: false,
    meta: { width: '62px', align: 'end', label: 'Compression ratio', priority: 3, cellProps: () => ({ className: NUM, title: 'tokens after ÷ tokens before (lower compresses more)' }), show: (r) => formatRatio(r.compression_ratio) },
    cell: metaCell,
  }),
  helper.accessor('messages_before', {
    id: 'messages',
    header: 'Messages',
    enableSorting: false,
    meta: { width: '92px', align: 'end', label: 'Messages before → after', priority: 4, cellProps: (r) => ({ className: NUM, title: `${r.superseded_message_ids.length} superseded` }), show: (r) => `${formatCount(r.messages_before)} → ${formatCount(r.messages_after)}` },
    cell: metaCell,
  }),
  helper.accessor('summary_tokens', {
    id: 'summary',
    header: 'Summary',
    sortDescFirst: true,
    meta: {
      width: '86px',
      align: 'end',
      label: 'Summary length',
      priority: 5,
      cellProps: (r) => (r.summary_tokens === null ? { className: `${TEXT} faint`, title: 'This strategy wrote no summary' } : { className: NUM, title: `${formatCount(r.summary_tokens)} tokens` }),
      show: (r) => (r.summary_tokens === null ? '—' : `${formatTokens(r.summary_tokens)} tok`),
    },
    cell: metaCell,
  }),
  helper.accessor('cost_usd', {
    id: 'cost',
    header: 'Cost',
    sortDescFirst: true,
    meta: { width: '76px', align: 'end', label: 'Cost', priority: 4, cellProps: (r) => ({ className: NUM, title: r.summarizer_model ? `model ${r.summarizer_model}` : 'no model call' }), show: (r) => formatUsd(r.cost_usd) },
    cell: metaCell,
  }),
  helper.accessor('reread_after', {
    id: 'reread',
    header: 'Re-read',
    enableSorting: false,
    meta: {
      width: '112px',
      align: 'end',
      label: 'Re-read after compaction',
      priority: 5,
      // Measured on a transcript only: elsewhere "not measured", faint, never 0.
      cellProps: (r) => ({ className: r.reread_after ? NUM : `${TEXT} faint`, title: rereadTitle(r.reread_after) }),
      show: (r) => rereadCell(r.reread_after),
    },
    cell: metaCell,
  }),
  helper.accessor('duration_ms', {
    id: 'duration',
    header: 'Duration',
    sortDescFirst: true,
    meta: { width: '86px', align: 'end', label: 'Duration', priority: 6, cellProps: () => ({ className: NUM }), show: (r) => formatDuration(r.duration_ms) },
    cell: metaCell,
  }),
  helper.accessor((r) => pluginNames(r).join(', '), {
    id: 'plugins',
    // The dot's legend, where the eye looks for it: on its own line, so a narrow column cuts neither.
    header: () => (
      <span className="ledger__head-stack">
        Plugins{' '}
        <span className="ledger__legend" title="● marks an event where a plugin hook failed (details on hover and in the event)">
          <span className="ledger__error-dot" aria-hidden="true">
            ●
          </span>{' '}
          hook failed
        </span>
      </span>
    ),
    enableSorting: false,
    meta: {
      width: 'minmax(110px, 1fr)',
      label: 'Plugins fired',
      priority: 3,
      cellProps: (r) => (r.plugins_fired.length === 0 ? { className: `${TEXT} faint ${FITS}` } : { className: TEXT, title: describePlugins(r) }),
      show: (r) => {
        const names = pluginNames(r);
        if (names.length === 0) return 'none';
        return (
          <>
            {r.plugins_fired.some((p) => p.result_kind === 'error') && (
              <span className="ledger__error-dot" aria-label="a hook failed" role="img">
                ●{' '}
              </span>
            )}
            {names.join(', ')}
          </>
        );
      },
    },
    cell: metaCell,
  }),
  helper.accessor('operator_flag', {
    id: 'flag',
    header: 'Flag',
    enableSorting: false,
    meta: { width: '96px', label: 'Flag', priority: 0, cellProps: () => ({ className: FITS }), show: (r) => <FlagCell record={r} /> },
    cell: metaCell,
  }),
  helper.accessor('operator_notes', {
    id: 'notes',
    header: 'Notes',
    enableSorting: false,
    meta: {
      width: 'minmax(140px, 1.6fr)',
      label: 'Notes',
      priority: 1,
      // One text cell; an unsaved draft's badge sits inline before the notes (alone, it fits).
      cellProps: (r) => (r.operator_notes ? { className: `${TEXT} ledger__notes`, title: r.operator_notes } : { className: `${TEXT} ledger__notes faint ${FITS}` }),
      show: (r) => <NotesCell record={r} />,
    },
    cell: metaCell,
  }),
]);

/** Columns the chooser lists (time stays: it is the row's link; and the tick). */
export const HIDEABLE_COLUMNS: readonly { id: string; label: string }[] = ledgerColumns
  .filter((column) => column.id !== undefined && column.id !== 'time' && column.id !== SELECT_COLUMN)
  .map((column) => ({ id: column.id as string, label: column.meta?.label ?? (column.id as string) }));

/** Every column's minimum width and priority, for fitting them to the ledger's width. */
export const FIT_COLUMNS: readonly FitColumn[] = ledgerColumns.map((column) => ({
  id: column.id as string,
  minWidth: trackMinWidth(column.meta?.width ?? '0px'),
  priority: column.meta?.priority ?? 1,
}));
