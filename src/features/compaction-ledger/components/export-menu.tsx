import { LazyMenu, type LazyMenuProps } from '../../../components/lazy-menu';
import { formatCount } from '../../../domain/format';
import { lazyComponent } from '../../../lib/lazy-component';
import type { useLedgerExport } from '../hooks/use-export';
import { Chevron } from '../../../components/filter-menu';
import './export-menu.css';

export interface ExportMenuProps {
  total: number;
  exporter: ReturnType<typeof useLedgerExport>;
}

const ExportMenuCode = lazyComponent<ExportMenuProps & LazyMenuProps>(() => import('./ledger-menus').then((m) => m.ExportMenu));

/** CSV or JSONL of every record of the view (not only the loaded rows). */
export function ExportMenu({ total, exporter }: ExportMenuProps) {
  const { state, start, cancel, clear } = exporter;
  const busy = state.phase === 'fetching';
  return (
    <div className="ledger-export">
      <LazyMenu
        what="the export menu"
        menu={ExportMenuCode}
        trigger={{
          className: 'filter',
          label: 'Export the filtered ledger',
          disabled: busy || total === 0,
          content: (
            <>
              <span>Export</span>
              <Chevron />
            </>
          ),
        }}
        props={{ total, exporter }}
      />
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
