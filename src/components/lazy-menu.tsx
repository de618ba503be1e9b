import { useId, type ReactNode } from 'react';
import { useFirstScreenDone } from '../lib/first-screen';
import type { PreloadableComponent } from '../lib/lazy-component';
import { carryFocus, standInFocus, type StandInHandover } from './carried-focus';
import { LazyPart, notDownloadedTitle } from './lazy-part';
import { usePendingOpen } from './pending-open';

/** A dropdown menu's trigger, drawn the same before its code is in (by LazyMenu) and after (by the menu, as its radix Trigger). */
export interface MenuTrigger {
  className: string;
  label: string;
  disabled?: boolean;
  content: ReactNode;
}

/** What LazyMenu hands the menu it loads: its trigger, beside the stand-in's handover. */
export interface LazyMenuProps extends StandInHandover {
  trigger: MenuTrigger;
}

/**
 * A dropdown menu whose code (radix DropdownMenu, its positioning and focus handling) is not needed
 * to draw the first screen: until it has loaded (asked for once the first screen is in, or when
 * pressed), the same trigger is drawn; pressing it (a click, Enter, Space, ArrowDown) opens the
 * menu as soon as its code is there (unless Escape or a press elsewhere withdrew it: pending-open.tsx),
 * and a trigger holding the focus keeps it when the menu replaces it. If the code did not download, the trigger stays, saying so (notDownloadedTitle); pressing it tries again.
 */
export function LazyMenu<P extends object>({ what, menu: Menu, trigger, props }: { what: string; menu: PreloadableComponent<P & LazyMenuProps>; trigger: MenuTrigger; props: P }) {
  const id = useId();
  const pending = usePendingOpen(id);
  const firstScreenDone = useFirstScreenDone();
  const open = (retry?: () => void) => {
    pending.request();
    retry?.();
  };
  const standIn = (retry?: () => void) => (
    <button
      ref={carryFocus(id, false)}
      type="button"
      className={trigger.className}
      aria-label={trigger.label}
      aria-haspopup="menu"
      aria-expanded="false"
      data-state="closed"
      disabled={trigger.disabled}
      title={retry && notDownloadedTitle('Its menu')}
      {...standInFocus(id)}
      {...pending.standInProps}
      onPointerEnter={() => void Menu.preload().catch(() => undefined)}
      onClick={() => open(retry)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open(retry);
      }}
    >
      {trigger.content}
    </button>
  );
  if (!firstScreenDone && !pending.requested) return standIn();
  return (
    <LazyPart
      what={what}
      fallback={pending.withWatch(standIn())}
      failed={standIn}
    >
      <Menu {...props} trigger={trigger} defaultOpen={pending.requested} triggerRef={carryFocus(id, true)} />
    </LazyPart>
  );
}
