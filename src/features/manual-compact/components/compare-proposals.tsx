import { EmptyState } from '../../../components/empty-state';
import { describeSettings } from '../../../domain/compaction/compact-form';
import { compareRows } from '../lib/compare';
import { nothingToCompact, type Preview } from '../../../domain/compaction/compact-preview';

export interface CompareColumn {
  preview: Preview;
  /** "A", "B", "Current preview" */
  label: string;
  pinned: boolean;
}

interface CompareProposalsProps {
  columns: readonly CompareColumn[];
  /** Previews older than this are stale (the session changed). */
  staleBefore: number;
  onShow: (preview: Preview) => void;
  onCommit: (preview: Preview) => void;
  onUnpin: (preview: Preview) => void;
  commitDisabled: boolean;
}

/** Proposals side by side: tokens after, messages kept, cost…, the better figure marked; commit either. */
export function CompareProposals({ columns, staleBefore, onShow, onCommit, onUnpin, commitDisabled }: CompareProposalsProps) {
  if (columns.length === 0) {
    return (
      <EmptyState title="Nothing to compare yet">
        Preview a set of settings and <strong>Pin for comparison</strong>; change the strategy or the thresholds, preview again, and pin that too.
      </EmptyState>
    );
  }
  const rows = compareRows(columns.map((c) => c.preview));
  return (
    <div className="mc-compare">
      <table className="mc-compare__table">
        <caption className="visually-hidden">Proposals compared</caption>
        <thead>
          <tr>
            <th scope="col" className="mc-compare__figure">
              <span className="visually-hidden">Figure</span>
            </th>
            {columns.map((c) => {
              const stale = c.preview.at < staleBefore;
              const nothing = nothingToCompact(c.preview.result);
              return (
                <th key={c.preview.id} scope="col">
                  <div className="mc-compare__head">
                    <span className="mc-compare__label">{c.label}</span>
                    <span className="mc-compare__settings">
                      <span className="mono">{c.preview.request.agent_path}</span> · {describeSettings(c.preview.request)}
                    </span>
                    {stale && <span className="mc-compare__stale">stale: the session changed since</span>}
                    {nothing !== null && <span className="mc-compare__stale">{nothing}</span>}
                    <span className="mc-compare__actions">
                      <button type="button" className="button" onClick={() => onShow(c.preview)}>
                        Show diff
                      </button>
                      <button type="button" className="button button--primary" onClick={() => onCommit(c.preview)} disabled={commitDisabled || stale || nothing !== null}>
                        Commit this…
                      </button>
                      {c.pinned && (
                        <button type="button" className="button button--quiet" onClick={() => onUnpin(c.preview)} aria-label={`Unpin ${c.label}`}>
                          Unpin
                        </button>
                      )}
                    </span>
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="mc-compare__figure">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={columns[i]?.preview.id ?? i} className={cell.best ? 'mc-compare__cell mc-compare__cell--best' : 'mc-compare__cell'}>
                  <span className={`num${cell.tone ? ` mc-compare__${cell.tone}` : ''}`}>{cell.text}</span>
                  {cell.best && <span className="mc-compare__best"> better</span>}
                  {cell.hint && <span className="mc-compare__hint">{cell.hint}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {columns.length < 2 && <p className="muted mc-compare__more">Pin another preview (another strategy or threshold pair) to compare it with this one.</p>}
    </div>
  );
}
