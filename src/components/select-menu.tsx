import { Select as RadixSelect } from 'radix-ui';
import type { StandInHandover } from './carried-focus';
import { Chevron, type SelectProps } from './select-parts';

/** The dropdown itself (radix Select), loaded after the first screen renders (select.tsx). */
export function SelectMenu({
  label,
  showLabel = false,
  value,
  options,
  onValueChange,
  disabled,
  className,
  placeholder,
  defaultOpen,
  triggerRef,
}: SelectProps & StandInHandover) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <RadixSelect.Trigger ref={triggerRef} className={className ? `select ${className}` : 'select'} aria-label={label}>
        {showLabel && <span className="select__label">{label}:</span>}
        <span className="select__value">
          <RadixSelect.Value placeholder={<span className="select__placeholder">{placeholder}</span>} />
        </span>
        <RadixSelect.Icon className="select__chevron" aria-hidden="true">
          <Chevron />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item" title={option.label}>
                <span className="select__item-text">
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </span>
                {option.hint && <span className="select__hint num">{option.hint}</span>}
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
