import type { CompactionRecord } from '../../../domain/contract/types';
import { formatCount } from '../../../domain/format';
import { selectionOf, useLedgerSelection } from '../hooks/use-ledger-selection';
import { useLedgerActions, useLedgerLoaded } from './ledger-context';

/** The event's tick for a bulk flag or note (Shift+click: the range from the last one ticked). */
export function SelectCell({ record }: { record: CompactionRecord }) {
  const { view, select } = useLedgerActions();
  const on = useLedgerSelection((s) => selectionOf(s, view)[record.id] !== undefined);
  return (
    <input
      type="checkbox"
      className="ledger__tick"
      aria-label={`Select ${record.id}`}
      checked={on}
      onChange={() => undefined}
      onClick={(event) => {
        event.stopPropagation();
        select(record.id, record.session_id, !on, event.shiftKey);
      }}
    />
  );
}

/** The column's head: ticks every loaded event of the view, or none (mixed: some are). */
export function SelectAllHeader() {
  const { view, selectAll } = useLedgerActions();
  const { loaded } = useLedgerLoaded();
  const count = useLedgerSelection((s) => Object.keys(selectionOf(s, view)).length);
  const all = loaded > 0 && count >= loaded;
  return (
    <input
      type="checkbox"
      className="ledger__tick"
      aria-label={all ? 'Select none' : `Select all ${formatCount(loaded)} loaded`}
      title={all ? 'Select none' : `Select all ${formatCount(loaded)} loaded events`}
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = count > 0 && !all;
      }}
      onChange={() => selectAll(!all)}
    />
  );
}
