import { DropdownMenu } from 'radix-ui';
import { formatCount } from '../../../domain/format';
import type { useLedgerExport } from '../hooks/use-export';
import { Chevron } from './filter-menu';
import './export-menu.css';

export interface ExportMenuProps {
  total: number;
  exporter: ReturnType<typeof useLedgerExport>;
}

/** CSV or JSONL of every record of the view (not only the loaded rows). */
export function ExportMenu({ total, exporter }: ExportMenuProps) {
  const { state, start, cancel, clear } = exporter;
  const busy = state.phase === 'fetching';
  return (
    <div className="ledger-export">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="filter" disabled={busy || total === 0} aria-label="Export the filtered ledger">
          <span>Export</span>
          <Chevron />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="filter__menu" align="end" sideOffset={4}>
            <DropdownMenu.Label className="ledger-export__label">{formatCount(total)} events of this view</DropdownMenu.Label>
            <DropdownMenu.Item className="filter__item" onSelect={() => void start('csv')}>
              <span className="filter__item-label">CSV</span>
              <span className="filter__hint">one row per event</span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className="filter__item" onSelect={() => void start('jsonl')}>
              <span className="filter__item-label">JSONL</span>
              <span className="filter__hint">full records</span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span className="ledger-export__status" role="status" aria-live="polite">
        {state.phase === 'fetching' && (
          <>
            <span className="num">
              Exporting {formatCount(state.fetched)}
              {state.total !== null ? ` / ${formatCount(state.total)}` : ''}…
            </span>
            <button type="button" className="button button--quiet" onClick={cancel}>
              Cancel
            </button>
          </>
        )}
        {state.phase === 'done' && (
          <>
            <span className="muted">
              Saved {formatCount(state.count)} events as <span className="mono">{state.fileName}</span>
            </span>
            <button type="button" className="button button--quiet" onClick={clear} aria-label="Dismiss">
              ✕
            </button>
          </>
        )}
        {state.phase === 'failed' && (
          <>
            <span className="ledger-export__error" title={state.message}>
              Export failed: {state.message}
            </span>
            <button type="button" className="button button--quiet" onClick={() => void start(state.format)}>
              Retry
            </button>
          </>
        )}
      </span>
    </div>
  );
}
