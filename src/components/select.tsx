import { Select as RadixSelect } from 'radix-ui';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
  /** Faint text after the label (a count). */
  hint?: string;
}

interface SelectProps {
  /** The accessible name; shown before the value when `showLabel`. */
  label: string;
  showLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
}

/** A compact single-choice dropdown. */
export function Select({ label, showLabel = false, value, options, onValueChange, disabled, className }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger className={className ? `select ${className}` : 'select'} aria-label={label}>
        {showLabel && <span className="select__label">{label}:</span>}
        <span className="select__value">
          <RadixSelect.Value />
        </span>
        <RadixSelect.Icon className="select__chevron" aria-hidden="true">
          <svg width="10" height="10" viewBox="0 0 10 10">
            <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                {option.hint && <span className="select__hint num">{option.hint}</span>}
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
