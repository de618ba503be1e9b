import { DropdownMenu } from 'radix-ui';
import '../../../components/filter-menu.css';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface MultiFilterProps<T extends string> {
  label: string;
  options: readonly FilterOption<T>[];
  selected: readonly T[];
  /** One value ticked or unticked (applied to the newest selection, so quick clicks add up). */
  onToggle: (value: T, checked: boolean) => void;
  onClear: () => void;
}

function summary<T extends string>(options: readonly FilterOption<T>[], selected: readonly T[]): string {
  if (selected.length === 0) return 'any';
  if (selected.length === 1) return options.find((o) => o.value === selected[0])?.label ?? String(selected[0]);
  return `${selected.length} of ${options.length}`;
}

/** A filter choosing any number of values (none chosen: any value). Stays open while choosing. */
export function MultiFilter<T extends string>({ label, options, selected, onToggle, onClear }: MultiFilterProps<T>) {
  const active = selected.length > 0;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={active ? 'filter filter--active' : 'filter'} aria-label={`${label}: ${summary(options, selected)}`}>
        <span className="filter__label">{label}:</span>
        <span className="filter__value">{summary(options, selected)}</span>
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="filter__menu" align="start" sideOffset={4}>
          {options.map((option) => (
            <DropdownMenu.CheckboxItem
              key={option.value}
              className="filter__item"
              checked={selected.includes(option.value)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) => onToggle(option.value, checked)}
            >
              <span className="filter__check" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              <span className="filter__item-label">{option.label}</span>
              {option.hint && <span className="filter__hint num">{option.hint}</span>}
            </DropdownMenu.CheckboxItem>
          ))}
          {active && (
            <>
              <DropdownMenu.Separator className="filter__separator" />
              <DropdownMenu.Item className="filter__item filter__item--clear" onSelect={onClear}>
                Any {label.toLowerCase()}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface SingleFilterProps {
  label: string;
  /** '' is "any". */
  value: string;
  options: readonly FilterOption<string>[];
  anyLabel: string;
  onChange: (value: string) => void;
}

/** A filter choosing one value or any. */
export function SingleFilter({ label, value, options, anyLabel, onChange }: SingleFilterProps) {
  const current = options.find((o) => o.value === value);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={value ? 'filter filter--active' : 'filter'} aria-label={`${label}: ${current?.label ?? anyLabel}`}>
        <span className="filter__label">{label}:</span>
        <span className="filter__value">{current?.label ?? anyLabel}</span>
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="filter__menu" align="start" sideOffset={4}>
          <DropdownMenu.RadioGroup value={value} onValueChange={onChange}>
            {[{ value: '', label: anyLabel }, ...options].map((option) => (
              <DropdownMenu.RadioItem key={option.value || '(any)'} value={option.value} className="filter__item">
                <span className="filter__check" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>●</DropdownMenu.ItemIndicator>
                </span>
                <span className="filter__item-label">{option.label}</span>
                {option.hint && <span className="filter__hint num">{option.hint}</span>}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function Chevron() {
  return (
    <svg className="filter__chevron" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
      <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
