import { LazyMenu, type LazyMenuProps } from './lazy-menu';
import { lazyComponent } from '../lib/lazy-component';
import './filter-menu.css';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

export interface MultiFilterProps<T extends string> {
  label: string;
  options: readonly FilterOption<T>[];
  selected: readonly T[];
  /** One value ticked or unticked (applied to the newest selection, so quick clicks add up). */
  onToggle(value: T, checked: boolean): void;
  onClear: () => void;
}

export interface SingleFilterProps {
  label: string;
  /** '' is "any". */
  value: string;
  options: readonly FilterOption<string>[];
  anyLabel: string;
  onChange: (value: string) => void;
}

// The menus' code (radix DropdownMenu) is not needed to draw a list: it is a chunk of its own, loaded by LazyMenu.
const MultiFilterMenu = lazyComponent<MultiFilterProps<string> & LazyMenuProps>(() => import('./dropdown-menus').then((m) => m.MultiFilterMenu));
const SingleFilterMenu = lazyComponent<SingleFilterProps & LazyMenuProps>(() => import('./dropdown-menus').then((m) => m.SingleFilterMenu));

function summary<T extends string>(options: readonly FilterOption<T>[], selected: readonly T[]): string {
  if (selected.length === 0) return 'any';
  if (selected.length === 1) return options.find((o) => o.value === selected[0])?.label ?? String(selected[0]);
  return `${selected.length} of ${options.length}`;
}

/** What a filter's trigger shows: its label and value. */
function filterTrigger(label: string, value: string, active: boolean) {
  return {
    className: active ? 'filter filter--active' : 'filter',
    label: `${label}: ${value}`,
    content: (
      <>
        <span className="filter__label">{label}:</span>
        <span className="filter__value">{value}</span>
        <Chevron />
      </>
    ),
  };
}

/** A filter choosing any number of values (none chosen: any value). Stays open while choosing. */
export function MultiFilter<T extends string>(props: MultiFilterProps<T>) {
  const { label, options, selected } = props;
  return <LazyMenu what={`the ${label} filter`} menu={MultiFilterMenu} trigger={filterTrigger(label, summary(options, selected), selected.length > 0)} props={props} />;
}

/** A filter choosing one value or any. */
export function SingleFilter(props: SingleFilterProps) {
  const { label, value, options, anyLabel } = props;
  const current = options.find((o) => o.value === value);
  return <LazyMenu what={`the ${label} filter`} menu={SingleFilterMenu} trigger={filterTrigger(label, current?.label ?? anyLabel, value !== '')} props={props} />;
}

export function Chevron() {
  return (
    <svg className="filter__chevron" width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
      <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
