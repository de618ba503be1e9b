/**
 * The ledger's columns (TanStack Table v9): one row per compaction event. Sorting is the daemon's
 * (manualSorting): only the columns it can sort by are sortable. Cells render untrusted text
 * (summaries' lengths, notes, plugin names) as text only.
 */
import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { Badge } from '../../../components/status-badge';
import { formatCount, formatDateTime, formatDuration, formatRatio, formatTokens, formatUsd } from '../../../lib/format';
import type { CompactionRecord } from '../../../lib/api/types';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../lib/compaction-labels';
import { describePlugins, finalStrategy, formatLedgerTime, pluginNames } from '../lib/labels';
import { trackMinWidth, type FitColumn } from '../lib/column-fit';
import { draftKey, useNoteDrafts } from '../lib/note-drafts';
import { Link } from 'react-router';
import { sessionHref } from '../../../lib/routes';
import { FlagButtons } from './flag-buttons';
import { useLedgerActions } from './ledger-context';

export interface LedgerColumnMeta {
  /** The CSS grid track of the column. */
  width: string;
  align?: 'end';
  /** The name in the column chooser. */
  label: string;
  /** 0: always shown; the higher, the sooner it hides on a narrow screen (lib/column-fit.ts). */
  priority: number;
}

export const ledgerFeatures = tableFeatures({
  columnMeta: metaHelper<LedgerColumnMeta>(),
  columnVisibilityFeature,
  rowSortingFeature,
});

const helper = createColumnHelper<typeof ledgerFeatures, CompactionRecord>();

function FlagCell({ record }: { record: CompactionRecord }) {
  const { flag } = useLedgerActions();
  return <FlagButtons record={record} onFlag={(next) => flag(record.id, next)} />;
}

function NotesCell({ record }: { record: CompactionRecord }) {
  const draft = useNoteDrafts((s) => s.drafts[draftKey(record.session_id, record.id)]);
  return (
    <span className="ledger__notes">
      {draft && (
        <Badge tone="warn" title={`Unsaved draft: ${draft.text}`}>
          draft
        </Badge>
      )}
      {record.operator_notes ? (
        <span className="ledger__ellipsis" title={record.operator_notes}>
          {record.operator_notes}
        </span>
      ) : (
        !draft && <span className="faint">—</span>
      )}
    </span>
  );
}

function SessionCell({ record }: { record: CompactionRecord }) {
  const { sessionTitle } = useLedgerActions();
  const title = sessionTitle(record.session_id);
  return (
    <Link to={sessionHref(record.session_id)} className="ledger__ellipsis" title={title ? `${title} (${record.session_id})` : record.session_id}>
      {title ?? <span className="mono">{record.session_id}</span>}
    </Link>
  );
}

/** The column only the cross-session ledger shows. */
export const SESSION_COLUMN = 'session';

export const ledgerColumns = helper.columns([
  helper.accessor('created_at', {
    id: 'time',
    header: 'Time (UTC)',
    sortDescFirst: true,
    meta: { width: '118px', label: 'Time', priority: 0 },
    cell: ({ row }) => (
      <time className="num" dateTime={row.original.created_at} title={formatDateTime(row.original.created_at)}>
        {formatLedgerTime(row.original.created_at)}
      </time>
    ),
  }),
  helper.accessor('session_id', {
    id: SESSION_COLUMN,
    header: 'Session',
    enableSorting: false,
    meta: { width: 'minmax(140px, 1.2fr)', label: 'Session', priority: 1 },
    cell: ({ row }) => <SessionCell record={row.original} />,
  }),
  helper.accessor('agent_path', {
    id: 'agent',
    header: 'Agent',
    enableSorting: false,
    meta: { width: 'minmax(120px, 1fr)', label: 'Agent', priority: 1 },
    cell: ({ row }) => (
      <span className="ledger__ellipsis mono" title={row.original.agent_path}>
        {row.original.agent_path}
      </span>
    ),
  }),
  helper.accessor('trigger', {
    id: 'trigger',
    header: 'Trigger',
    enableSorting: false,
    meta: { width: '142px', label: 'Trigger', priority: 2 },
    cell: ({ row }) => <span className="ledger__ellipsis">{TRIGGER_LABELS[row.original.trigger] ?? row.original.trigger}</span>,
  }),
  helper.accessor('strategy', {
    id: 'strategy',
    header: 'Strategy',
    enableSorting: false,
    meta: { width: '178px', label: 'Strategy (fallback)', priority: 1 },
    cell: ({ row }) => {
      const r = row.original;
      return (
        <span className="badges">
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
        </span>
      );
    },
  }),
  helper.accessor('threshold_estimate', {
    id: 'tokens',
    header: 'Tokens',
    sortDescFirst: true,
    meta: { width: '132px', align: 'end', label: 'Tokens before → after', priority: 1 },
    cell: ({ row }) => (
      <span className="num" title={`${formatCount(row.original.threshold_estimate)} → ${formatCount(row.original.after_estimate)} tokens (window ${formatCount(row.original.context_window)})`}>
        {formatTokens(row.original.threshold_estimate)} → {formatTokens(row.original.after_estimate)}
      </span>
    ),
  }),
  helper.accessor('compression_ratio', {
    id: 'ratio',
    header: 'Ratio',
    sortDescFirst: false,
    meta: { width: '62px', align: 'end', label: 'Compression ratio', priority: 3 },
    cell: ({ row }) => (
      <span className="num" title="tokens after ÷ tokens before (lower compresses more)">
        {formatRatio(row.original.compression_ratio)}
      </span>
    ),
  }),
  helper.accessor('messages_before', {
    id: 'messages',
    header: 'Messages',
    enableSorting: false,
    meta: { width: '92px', align: 'end', label: 'Messages before → after', priority: 4 },
    cell: ({ row }) => (
      <span className="num" title={`${row.original.superseded_message_ids.length} superseded`}>
        {formatCount(row.original.messages_before)} → {formatCount(row.original.messages_after)}
      </span>
    ),
  }),
  helper.accessor('summary_tokens', {
    id: 'summary',
    header: 'Summary',
    sortDescFirst: true,
    meta: { width: '86px', align: 'end', label: 'Summary length', priority: 5 },
    cell: ({ row }) =>
      row.original.summary_tokens === null ? (
        <span className="faint" title="This strategy wrote no summary">
          —
        </span>
      ) : (
        <span className="num" title={`${formatCount(row.original.summary_tokens)} tokens`}>
          {formatTokens(row.original.summary_tokens)} tok
        </span>
      ),
  }),
  helper.accessor('cost_usd', {
    id: 'cost',
    header: 'Cost',
    sortDescFirst: true,
    meta: { width: '76px', align: 'end', label: 'Cost', priority: 4 },
    cell: ({ row }) => (
      <span className="num" title={row.original.summarizer_model ? `model ${row.original.summarizer_model}` : 'no model call'}>
        {formatUsd(row.original.cost_usd)}
      </span>
    ),
  }),
  helper.accessor('duration_ms', {
    id: 'duration',
    header: 'Duration',
    sortDescFirst: true,
    meta: { width: '86px', align: 'end', label: 'Duration', priority: 6 },
    cell: ({ row }) => <span className="num">{formatDuration(row.original.duration_ms)}</span>,
  }),
  helper.accessor((r) => pluginNames(r).join(', '), {
    id: 'plugins',
    // The dot's legend, where the eye looks for it.
    header: () => (
      <>
        Plugins{' '}
        <span className="ledger__legend" title="● marks an event where a plugin hook failed (details on hover and in the event)">
          <span className="ledger__error-dot" aria-hidden="true">
            ●
          </span>{' '}
          hook failed
        </span>
      </>
    ),
    enableSorting: false,
    meta: { width: 'minmax(110px, 1fr)', label: 'Plugins fired', priority: 3 },
    cell: ({ row }) => {
      const names = pluginNames(row.original);
      const errors = row.original.plugins_fired.some((p) => p.result_kind === 'error');
      if (names.length === 0) return <span className="faint">none</span>;
      return (
        <span className="ledger__ellipsis" title={describePlugins(row.original)}>
          {errors && (
            <span className="ledger__error-dot" aria-label="a hook failed" role="img">
              ●{' '}
            </span>
          )}
          {names.join(', ')}
        </span>
      );
    },
  }),
  helper.accessor('operator_flag', {
    id: 'flag',
    header: 'Flag',
    enableSorting: false,
    meta: { width: '96px', label: 'Flag', priority: 0 },
    cell: ({ row }) => <FlagCell record={row.original} />,
  }),
  helper.accessor('operator_notes', {
    id: 'notes',
    header: 'Notes',
    enableSorting: false,
    meta: { width: 'minmax(140px, 1.6fr)', label: 'Notes', priority: 1 },
    cell: ({ row }) => <NotesCell record={row.original} />,
  }),
]);

/** Columns the chooser lists (time stays: it is the row's link). */
export const HIDEABLE_COLUMNS: readonly { id: string; label: string }[] = ledgerColumns
  .filter((column) => column.id !== undefined && column.id !== 'time')
  .map((column) => ({ id: column.id as string, label: column.meta?.label ?? (column.id as string) }));

/** Every column's minimum width and priority, for fitting them to the ledger's width. */
export const FIT_COLUMNS: readonly FitColumn[] = ledgerColumns.map((column) => ({
  id: column.id as string,
  minWidth: trackMinWidth(column.meta?.width ?? '0px'),
  priority: column.meta?.priority ?? 1,
}));
