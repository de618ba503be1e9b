import { DropdownMenu } from 'radix-ui';
import { CheckItem, Menu } from '../../../components/dropdown-menus';
import type { LazyMenuProps } from '../../../components/lazy-menu';
import { formatCount } from '../../../domain/format';
import type { ExportMenuProps } from './export-menu';

// The ledger toolbar's own menus (radix DropdownMenu), in their own chunk: LazyMenu draws their triggers until it is in.

/** The columns menu's choices (ledger-toolbar.tsx computes them). */
export interface ColumnChoice {
  columns: readonly { id: string; label: string; shown: boolean; fitted: boolean }[];
  onChoose: (id: string, shown: boolean) => void;
  onShowAll: () => void;
  onFit: () => void;
  hidden: number;
  chosen: boolean;
}

/** Which columns show. */
export function ColumnsMenu({ columns, onChoose, onShowAll, onFit, hidden, chosen, ...menu }: ColumnChoice & LazyMenuProps) {
  return (
    <Menu {...menu} align="end">
      {columns.map((column) => (
        <CheckItem
          key={column.id}
          label={column.label}
          hint={column.fitted && <span className="filter__hint">hidden to fit</span>}
          checked={column.shown}
          onCheckedChange={(checked) => onChoose(column.id, checked)}
        />
      ))}
      <DropdownMenu.Group className="filter__actions">
        <DropdownMenu.Separator className="filter__separator" />
        <DropdownMenu.Item className="filter__item filter__item--clear" disabled={hidden === 0} onSelect={onShowAll}>
          Show all columns
        </DropdownMenu.Item>
        <DropdownMenu.Item className="filter__item filter__item--clear" disabled={!chosen} onSelect={onFit}>
          Fit columns to the width
        </DropdownMenu.Item>
      </DropdownMenu.Group>
    </Menu>
  );
}

/** CSV or JSONL of every record of the view. */
export function ExportMenu({ total, exporter, ...menu }: ExportMenuProps & LazyMenuProps) {
  return (
    <Menu {...menu} align="end">
      <DropdownMenu.Label className="ledger-export__label">{formatCount(total)} events of this view</DropdownMenu.Label>
      <DropdownMenu.Item className="filter__item" onSelect={() => void exporter.start('csv')}>
        <span className="filter__item-label">CSV</span>
        <span className="filter__hint">one row per event</span>
      </DropdownMenu.Item>
      <DropdownMenu.Item className="filter__item" onSelect={() => void exporter.start('jsonl')}>
        <span className="filter__item-label">JSONL</span>
        <span className="filter__hint">full records</span>
      </DropdownMenu.Item>
    </Menu>
  );
}
