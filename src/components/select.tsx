import { useId } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { useFirstScreenDone } from '../lib/first-screen';
import { carryFocus, standInFocus, type StandInHandover } from './carried-focus';
import { LazyPart, notDownloadedTitle } from './lazy-part';
import { usePendingOpen } from './pending-open';
import { Chevron, type SelectProps } from './select-parts';
import './select.css';

export type { SelectOption, SelectProps } from './select-parts';

/** The dropdown's code (radix Select and its positioning) is not needed to draw the first screen. */
const SelectMenu = lazyComponent<SelectProps & StandInHandover>(() => import('./select-menu').then((m) => m.SelectMenu));

/**
 * A compact single-choice dropdown. Until its menu's code has loaded (asked for once the first
 * screen is in, or when pressed), the same trigger is drawn; pressing it then opens the menu as soon as it is there
 * (unless Escape or a press elsewhere withdrew it: pending-open.tsx),
 * and a trigger holding the focus keeps it when the menu's replaces it.
 * If the code did not download, the trigger stays, saying so (notDownloadedTitle); pressing it tries again.
 */
export function Select(props: SelectProps) {
  const id = useId();
  const pending = usePendingOpen(id);
  const firstScreenDone = useFirstScreenDone();
  const { label, showLabel = false, value, options, disabled, className, placeholder } = props;
  const chosen = options.find((o) => o.value === value);
  const trigger = (retry?: () => void) => (
    <button
      ref={carryFocus(id, false)}
      type="button"
      role="combobox"
      aria-expanded="false"
      aria-label={label}
      className={className ? `select ${className}` : 'select'}
      disabled={disabled}
      data-state="closed"
      title={retry && notDownloadedTitle('Its menu')}
      {...standInFocus(id)}
      {...pending.standInProps}
      onClick={() => {
        pending.request();
        retry?.();
      }}
    >
      {showLabel && <span className="select__label">{label}:</span>}
      <span className="select__value">
        {chosen ? <span>{chosen.label}</span> : <span className="select__placeholder">{placeholder}</span>}
      </span>
      <span className="select__chevron" aria-hidden="true">
        <Chevron />
      </span>
    </button>
  );
  if (!firstScreenDone && !pending.requested) return trigger();
  return (
    <LazyPart
      what={`the menu of ${label}`}
      fallback={pending.withWatch(trigger())}
      failed={trigger}
    >
      <SelectMenu {...props} defaultOpen={pending.requested} triggerRef={carryFocus(id, true)} />
    </LazyPart>
  );
}
