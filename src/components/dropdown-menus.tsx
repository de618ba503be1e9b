import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import type { LazyMenuProps } from './lazy-menu';
import type { MultiFilterProps, SingleFilterProps } from './filter-menu';

// Dropdown menus (radix DropdownMenu) in a chunk of their own: LazyMenu draws their triggers until it is in.

/** A dropdown menu around LazyMenu's trigger. */
export function Menu({ trigger, defaultOpen, triggerRef, align, children }: LazyMenuProps & { align: 'start' | 'end'; children: ReactNode }) {
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

/** A menu item's tick or dot, its label and its hint. */
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

/** A ticked choice that leaves its menu open (a filter's value, a column). */
export function CheckItem({ label, hint, checked, onCheckedChange }: { label: string; hint?: ReactNode; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <DropdownMenu.CheckboxItem className="filter__item" checked={checked} onSelect={(event) => event.preventDefault()} onCheckedChange={onCheckedChange}>
      <Check mark="✓" label={label} hint={hint} />
    </DropdownMenu.CheckboxItem>
  );
}

/** A filter choosing any number of values. Stays open while choosing. */
export function MultiFilterMenu<T extends string>({ label, options, selected, onToggle, onClear, ...menu }: MultiFilterProps<T> & LazyMenuProps) {
  return (
    <Menu {...menu} align="start">
      {options.map((option) => (
        <CheckItem
          key={option.value}
          label={option.label}
          hint={option.hint && <span className="filter__hint num">{option.hint}</span>}
          checked={selected.includes(option.value)}
          onCheckedChange={(checked) => onToggle(option.value, checked)}
        />
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
