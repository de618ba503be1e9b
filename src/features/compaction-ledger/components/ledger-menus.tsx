import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { LazyMenuProps } from '../../../components/lazy-menu';
import { formatCount } from '../../../domain/format';
import type { ExportMenuProps } from './export-menu';
import type { ColumnChoice, MultiFilterProps, SingleFilterProps } from './filter-menu';

// The ledger toolbar's menus (radix DropdownMenu), in their own chunk: LazyMenu draws their triggers until it is in.

function Menu({ trigger, defaultOpen, triggerRef, align, children }: LazyMenuProps & { align: 'start' | 'end'; children: ReactNode }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={trigger.className} aria-label={trigger.label} disabled={trigger.disabled}>
        {trigger.content}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="filter__menu" align={align} sideOffset={4}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Check({ mark, label, hint }: { mark: string; label: string; hint?: ReactNode }) {
  return (
    <>
      <span className="filter__check" aria-hidden="true">
        <DropdownMenu.ItemIndicator>{mark}</DropdownMenu.ItemIndicator>
      </span>
      <span className="filter__item-label">{label}</span>
      {hint}
    </>
  );
}

/** A filter choosing any number of values. Stays open while choosing. */
export function MultiFilterMenu<T extends string>({ label, options, selected, onToggle, onClear, ...menu }: MultiFilterProps<T> & LazyMenuProps) {
  return (
    <Menu {...menu} align="start">
      {options.map((option) => (
        <DropdownMenu.CheckboxItem
          key={option.value}
          className="filter__item"
          checked={selected.includes(option.value)}
          onSelect={(event) => event.preventDefault()}
          onCheckedChange={(checked) => onToggle(option.value, checked)}
        >
          <Check mark="✓" label={option.label} hint={option.hint && <span className="filter__hint num">{option.hint}</span>} />
        </DropdownMenu.CheckboxItem>
      ))}
      {selected.length > 0 && (
        <>
          <DropdownMenu.Separator className="filter__separator" />
          <DropdownMenu.Item className="filter__item filter__item--clear" onSelect={onClear}>
            Any {label.toLowerCase()}
          </DropdownMenu.Item>
        </>
      )}
    </Menu>
  );
}

/** A filter choosing one value or any. */
export function SingleFilterMenu({ value, options, anyLabel, onChange, ...menu }: SingleFilterProps & LazyMenuProps) {
  return (
    <Menu {...menu} align="start">
      <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
        {[{ value: '', label: anyLabel, hint: undefined }, ...options].map((option) => (
          <DropdownMenu.RadioItem key={option.value || '(any)'} value={option.value} className="filter__item">
            <Check mark="●" label={option.label} hint={option.hint && <span className="filter__hint num">{option.hint}</span>} />
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </Menu>
  );
}

/** Which columns show. */
export function ColumnsMenu({ columns, onChoose, onShowAll, onFit, hidden, chosen, ...menu }: ColumnChoice & LazyMenuProps) {
  return (
    <Menu {...menu} align="end">
      {columns.map((column) => (
        <DropdownMenu.CheckboxItem
          key={column.id}
          className="filter__item"
          checked={column.shown}
          onSelect={(event) => event.preventDefault()}
          onCheckedChange={(checked) => onChoose(column.id, checked)}
        >
          <Check mark="✓" label={column.label} hint={column.fitted && <span className="filter__hint">hidden to fit</span>} />
        </DropdownMenu.CheckboxItem>
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
