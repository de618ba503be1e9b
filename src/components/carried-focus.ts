import type { FocusEvent } from 'react';

/**
 * A control drawn as a stand-in until its code is in (a lazy menu's or dropdown's trigger): the
 * real trigger replaces the stand-in's element, and a focus it held would go nowhere. The stand-in
 * notes that it has the focus; the trigger drawn in its place takes it.
 */

/** What a stand-in hands the real control drawn in its place: open at once (it was pressed before), and the ref its trigger takes the focus by (carryFocus). */
export interface StandInHandover {
  defaultOpen: boolean;
  triggerRef: (element: HTMLElement | null) => void;
}

/** The control (by its useId) whose stand-in had the focus when it was last replaced. */
let focused: string | null = null;

/** The stand-in's focus handlers. */
export function standInFocus(id: string) {
  return {
    onFocus: () => {
      focused = id;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // The focus moved on (not the stand-in replaced, which leaves it on nothing).
      const element = event.currentTarget;
      queueMicrotask(() => {
        if (focused === id && (event.relatedTarget !== null || element.isConnected)) focused = null;
      });
    },
  };
}

/** A trigger's ref: drawn in place of a stand-in that had the focus (which went nowhere since), it takes it; `last`: the real trigger, after which the note is done. */
export function carryFocus(id: string, last: boolean) {
  return (element: HTMLElement | null) => {
    if (element === null || focused !== id) return;
    if (document.activeElement === null || document.activeElement === document.body) element.focus();
    if (last) focused = null;
  };
}
