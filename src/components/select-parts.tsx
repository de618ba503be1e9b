/** What the dropdown's trigger (select.tsx) and its menu (select-menu.tsx) share. */

export interface SelectOption {
  value: string;
  label: string;
  /** Faint text after the label (a count). */
  hint?: string;
}

export interface SelectProps {
  /** The accessible name; shown before the value when `showLabel`. */
  label: string;
  showLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** Shown, faint, while the value is none of the options ("choose…"). */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

export function Chevron() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10">
      <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
